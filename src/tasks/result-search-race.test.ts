import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { HeldResultRef } from './held-results';
import type { FetchedResult } from './result';

const held = vi.hoisted(() => ({ refs: [] as HeldResultRef[], loads: 0, gate: undefined as Promise<void> | undefined }));
vi.mock('./held-results', () => ({
  heldResultRefs: async () => {
    if (held.gate) await held.gate;
    return held.refs;
  },
}));
const { CACHE_CHARS, searchResults, searchTextCacheSize } = await import('./result-search');
const SERVER = 'http://127.0.0.1:1/mcp';

function ref(taskId: string, text: string, deferred?: { release?: () => void }): HeldResultRef {
  const result: FetchedResult = {
    taskId,
    raw: { content: [{ type: 'text', text }] },
    parsed: { kind: 'invalid', error: 'unused' },
    fetchedAt: 1,
    size: text.length,
  };
  return {
    taskId,
    fetchedAt: 1,
    load: () => {
      held.loads++;
      if (!deferred || deferred.release) return Promise.resolve(result); // only its first read is slow
      return new Promise((resolve) => (deferred.release = () => resolve(result)));
    },
  };
}

describe('the search-text cache, when a search is replaced while its last text is being made', () => {
  it('the next search re-reads only what does not fit (as when the first search had finished)', async () => {
    const big = 'x'.repeat(1_000_000);
    const count = Math.ceil(CACHE_CHARS / big.length) + 4; // 20: 15 fit
    const last: { release?: () => void } = {};
    held.refs = Array.from({ length: count }, (_, i) => ref(`b${i}`, `${big}${i}`, i === count - 1 ? last : undefined));
    // The user types "xx": the search reads every result, the last one slowly.
    let firstCancelled = false;
    const first = searchResults(new QueryClient(), SERVER, 'xx', () => firstCancelled);
    while (!last.release) await new Promise((r) => setTimeout(r, 1));
    // ... then "xxx": the first search is cancelled, the second starts (its round begins) ...
    firstCancelled = true;
    let open = () => {};
    held.gate = new Promise((r) => (open = r));
    const before = held.loads;
    const second = searchResults(new QueryClient(), SERVER, 'xxx');
    // ... and the first search's last text comes in.
    last.release();
    await first;
    held.gate = undefined;
    open();
    await second;
    const reads = held.loads - before;
    expect(searchTextCacheSize().chars).toBeLessThanOrEqual(CACHE_CHARS);
    // When the first search finished before the second began, the second reads 5. Before the fix, a text of the
    // replaced search evicted the texts the new one needed, and every result was read again.
    expect(reads).toBeLessThan(count / 2);
  });
});
