import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { HeldResultRef } from './held-results';
import type { FetchedResult } from './result';

/** The refs `heldResultRefs` answers, and how often each was read back. */
const held = vi.hoisted(() => ({ refs: [] as HeldResultRef[], loads: 0 }));

vi.mock('./held-results', () => ({
  heldResultRefs: () => Promise.resolve(held.refs),
}));

const { CACHE_CHARS, CACHE_ENTRIES, searchResults, searchTextCacheSize } = await import('./result-search');

const SERVER = 'http://127.0.0.1:1/mcp';

function ref(taskId: string, text: string, fetchedAt = 1): HeldResultRef {
  const result: FetchedResult = {
    taskId,
    raw: { content: [{ type: 'text', text }] },
    parsed: { kind: 'invalid', error: 'unused' },
    fetchedAt,
    size: text.length,
  };
  return {
    taskId,
    fetchedAt,
    load: () => {
      held.loads++;
      return Promise.resolve(result);
    },
  };
}

/** Runs a search and answers how many results it read back. */
async function readsOf(term: string, serverUrl = SERVER): Promise<number> {
  const before = held.loads;
  await searchResults(new QueryClient(), serverUrl, term);
  return held.loads - before;
}

beforeEach(async () => {
  // Empties the cache: a search on a server with no results forgets every text of that server.
  held.refs = [];
  await searchResults(new QueryClient(), SERVER, 'reset');
  await searchResults(new QueryClient(), `${SERVER}/other`, 'reset');
  held.loads = 0;
});

describe('the search-text cache', () => {
  it('reads each held result once across searches while they fit', async () => {
    held.refs = Array.from({ length: 400 }, (_, i) => ref(`t${i}`, `report number ${i}`));
    expect(await readsOf('number 39')).toBe(400);
    expect(await readsOf('number 39')).toBe(0);
    expect(await readsOf('report')).toBe(0);
  });

  it('past its entry bound, a repeated search still finds most texts cached instead of missing on every one', async () => {
    const count = CACHE_ENTRIES + 100;
    held.refs = Array.from({ length: count }, (_, i) => ref(`t${i}`, `r${i}`));
    expect(await readsOf('r1')).toBe(count);
    expect(searchTextCacheSize().entries).toBeLessThanOrEqual(CACHE_ENTRIES);
    // Only the texts beyond the bound are read again (an LRU that evicts the oldest would read all of them).
    expect(await readsOf('r2')).toBe(100);
    expect(await readsOf('r3')).toBe(100);
    expect(searchTextCacheSize().entries).toBeLessThanOrEqual(CACHE_ENTRIES);
  });

  it('bounds the characters it holds', async () => {
    const big = 'x'.repeat(1_000_000);
    const count = Math.ceil(CACHE_CHARS / big.length) + 4;
    held.refs = Array.from({ length: count }, (_, i) => ref(`b${i}`, `${big}${i}`));
    await readsOf('xx');
    expect(searchTextCacheSize().chars).toBeLessThanOrEqual(CACHE_CHARS);
    expect(searchTextCacheSize().chars).toBeGreaterThan(CACHE_CHARS / 2);
    // The second search reads back only what did not fit.
    const again = await readsOf('xxx');
    expect(again).toBeGreaterThan(0);
    expect(again).toBeLessThan(count / 2);
  });

  it('forgets the texts of results the server no longer holds, and reads a new version again', async () => {
    held.refs = [ref('a', 'alpha one'), ref('b', 'beta one')];
    await readsOf('one');
    expect(searchTextCacheSize().entries).toBe(2);
    held.refs = [ref('a', 'alpha two', 2)];
    expect([...(await searchResults(new QueryClient(), SERVER, 'two'))]).toEqual(['a']);
    expect(searchTextCacheSize().entries).toBe(1);
  });

  it('a search on one server leaves the texts of another cached', async () => {
    held.refs = [ref('a', 'alpha')];
    expect(await readsOf('alpha')).toBe(1);
    held.refs = [ref('z', 'zeta')];
    expect(await readsOf('zeta', `${SERVER}/other`)).toBe(1);
    held.refs = [ref('a', 'alpha')];
    expect(await readsOf('alpha')).toBe(0);
  });
});
