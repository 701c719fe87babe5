import { createStore } from 'zustand/vanilla';
import { persist } from 'zustand/middleware';
import { isRecord, persistOptions } from '../lib/persisted';

interface Prefs {
  /** Fetch and keep a result as soon as its task ends, since the server may purge it (the seed's advice). */
  autoFetch: boolean;
}

interface PrefsState extends Prefs {
  autoFetchToggled: (on: boolean) => void;
}

export const prefsStore = createStore<PrefsState>()(
  persist(
    (set) => ({
      autoFetch: true,
      autoFetchToggled: (autoFetch) => set({ autoFetch }),
    }),
    persistOptions<PrefsState, Prefs>({
      key: 'taskdeck.prefs',
      storage: 'local',
      version: 1,
      pick: ({ autoFetch }) => ({ autoFetch }),
      // Version 0 stored the same field, bare.
      migrate: (stored) => stored,
      // Only an explicit "off" turns it off, as before.
      check: (stored) => (isRecord(stored) && stored.autoFetch === false ? { autoFetch: false } : {}),
    }),
  ),
);
