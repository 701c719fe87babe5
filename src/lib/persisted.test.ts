// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { isRecord, persistOptions, versionedStorage } from './persisted';

interface Counter {
  count: number;
  label: string;
  bump: () => void;
}

const KEY = 'test.counter';

function counterStore(which: 'local' | 'session' = 'local') {
  return createStore<Counter>()(
    persist(
      (set, get) => ({ count: 0, label: 'none', bump: () => set({ count: get().count + 1 }) }),
      persistOptions<Counter, { count: number; label: string }>({
        key: KEY,
        storage: which,
        version: 2,
        pick: ({ count, label }) => ({ count, label }),
        // Version 0 stored the count alone, as a number; version 1 called it `n`.
        migrate: (stored, from) =>
          from === 0 ? { count: stored } : from === 1 && isRecord(stored) ? { count: stored.n, label: stored.label } : stored,
        check: (stored) =>
          isRecord(stored)
            ? {
                ...(typeof stored.count === 'number' && { count: stored.count }),
                ...(typeof stored.label === 'string' && { label: stored.label }),
              }
            : {},
      }),
    ),
  );
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('persisted stores', () => {
  it('write a versioned envelope under their key, in the storage they name', () => {
    const store = counterStore('session');
    store.getState().bump();
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? 'null')).toEqual({ state: { count: 1, label: 'none' }, version: 2 });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('read back what they wrote', () => {
    counterStore().getState().bump();
    expect(counterStore().getState().count).toBe(1);
  });

  it('read the bare value stored before the envelope as version 0, and rewrite it', () => {
    localStorage.setItem(KEY, '7');
    expect(counterStore().getState().count).toBe(7);
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({ state: { count: 7, label: 'none' }, version: 2 });
  });

  it('migrate an older envelope', () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { n: 3, label: 'old' }, version: 1 }));
    expect(counterStore().getState()).toMatchObject({ count: 3, label: 'old' });
  });

  it.each([
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['a hostile shape', JSON.stringify({ state: { count: 'DROP', label: { toString: 1 } }, version: 2 })],
    ['an array', '[1,2,3]'],
  ])('fall back to the defaults on %s', (_, raw) => {
    localStorage.setItem(KEY, raw);
    expect(counterStore().getState()).toMatchObject({ count: 0, label: 'none' });
  });

  it('keep what is usable of a partly damaged value', () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { count: 5, label: 42 }, version: 2 }));
    expect(counterStore().getState()).toMatchObject({ count: 5, label: 'none' });
  });

  it('work in memory when storage throws', () => {
    const storage = versionedStorage<{ count: number }>('local');
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    try {
      expect(storage.getItem(KEY)).toBeNull();
      const store = counterStore();
      store.getState().bump();
      expect(store.getState().count).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
