import type { PersistOptions, PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * What every remembered store uses with zustand's `persist`: a versioned envelope in local or session storage, a
 * migration from older shapes and a check of whatever is read (storage can be hand-edited, or written by an older
 * or newer version), so a bad value gives the defaults instead of an error at start-up.
 */
export interface PersistedSpec<S, P> {
  /** The storage key: the same key as before this mechanism, so settings carry over. */
  key: string;
  /** localStorage for this browser; sessionStorage for this tab only. */
  storage: 'local' | 'session';
  version: number;
  /** What of the state is stored. */
  pick: (state: S) => P;
  /**
   * Today's shape from an older one. Version 0 is the bare value stored before the envelope (whatever it was:
   * JSON, or a plain string when it was not JSON).
   */
  migrate: (stored: unknown, fromVersion: number) => unknown;
  /** The usable part of a stored value (already migrated); must not throw. */
  check: (stored: unknown) => Partial<S>;
}

function isEnvelope(value: unknown): value is StorageValue<unknown> {
  return typeof value === 'object' && value !== null && 'state' in value && typeof (value as { version?: unknown }).version === 'number';
}

/** A storage that is looked up on each use (never at import time) and never throws: storage is a convenience. */
export function versionedStorage<P>(which: 'local' | 'session'): PersistStorage<P> {
  const storage = (): Storage | undefined => (which === 'local' ? globalThis.localStorage : globalThis.sessionStorage);
  return {
    getItem: (name) => {
      let raw: string | null | undefined;
      try {
        raw = storage()?.getItem(name);
      } catch {
        return null;
      }
      if (raw === null || raw === undefined) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = raw;
      }
      // The value's `state` is only cast here; `check` validates it after `migrate`.
      return (isEnvelope(parsed) ? parsed : { state: parsed, version: 0 }) as StorageValue<P>;
    },
    setItem: (name, value) => {
      try {
        storage()?.setItem(name, JSON.stringify(value));
      } catch {
        // Full or unavailable: the state lives in memory only.
      }
    },
    removeItem: (name) => {
      try {
        storage()?.removeItem(name);
      } catch {
        // Unavailable: nothing stored to remove.
      }
    },
  };
}

export function persistOptions<S, P>(spec: PersistedSpec<S, P>): PersistOptions<S, P> {
  return {
    name: spec.key,
    version: spec.version,
    storage: versionedStorage<P>(spec.storage),
    partialize: spec.pick,
    migrate: (stored, fromVersion) => spec.migrate(stored, fromVersion) as P,
    merge: (stored, current) => {
      try {
        return { ...current, ...spec.check(stored) };
      } catch {
        return current;
      }
    },
  };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
