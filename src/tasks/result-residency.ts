/**
 * How many results stay in memory. A result fetched is held in its query for as long as the page lives (gcTime
 * Infinity: a result is never fetched twice by accident); over a long day that is every result of the day. Once
 * a result is kept in IndexedDB, memory is only a cache of it: past RESIDENT_RESULTS (or RESIDENT_BYTES), the
 * results used longest ago are let go, and read back from the store when shown again (held-results.ts).
 *
 * Never let go: a result on screen (its query has an observer), one being fetched, one whose copy is still being
 * written or could not be written, one the kept list does not name (a session file's, or any not kept).
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { keptIdSet, noteLetGo } from './held-results';
import type { FetchedResult } from './result';

const RESIDENT_RESULTS = 64;
const RESIDENT_BYTES = 64 * 1024 * 1024;
/** A different count for this browser (localStorage; for a test, or a small device). */
const COUNT_SETTING = 'taskdeck.residentResults';

/** The results held in memory at most, by count and by their JSON size. */
function residentLimits(): { count: number; bytes: number } {
  let count = RESIDENT_RESULTS;
  try {
    const n = Number(globalThis.localStorage?.getItem(COUNT_SETTING) ?? '');
    if (Number.isInteger(n) && n > 0) count = n;
  } catch {
    // No storage (a sandboxed frame): the default.
  }
  return { count, bytes: RESIDENT_BYTES };
}

function resultKeyOf(key: readonly unknown[]): { serverUrl: string; taskId: string } | undefined {
  const [root, serverUrl, kind, taskId] = key;
  return root === 'mcp' && kind === 'result' && typeof serverUrl === 'string' && typeof taskId === 'string'
    ? { serverUrl, taskId }
    : undefined;
}

const isKeptList = (key: readonly unknown[]) => key[0] === 'mcp' && key[2] === 'kept';

function dataOf(query: Query): FetchedResult | undefined {
  const data = query.state.data as FetchedResult | undefined;
  return data && typeof data.taskId === 'string' ? data : undefined;
}

/**
 * Keeps the results in memory within the limits from now on. Returns the function that stops it. Pure bookkeeping
 * on the query cache's events: the results used (written, shown, or left) longest ago go first.
 */
export function holdResultsWithin(queryClient: QueryClient, limits: { count: number; bytes: number } = residentLimits()): () => void {
  const cache = queryClient.getQueryCache();
  /** Result queries by hash, the one used longest ago first. */
  const order = new Map<string, Query>();
  let scheduled = false;
  let stopped = false;

  const letGo = (query: Query, result: FetchedResult): boolean => {
    const key = resultKeyOf(query.queryKey);
    return (
      key !== undefined &&
      query.getObserversCount() === 0 &&
      query.state.fetchStatus === 'idle' &&
      !result.keeping &&
      result.keepError === undefined &&
      keptIdSet(queryClient, key.serverUrl).has(key.taskId)
    );
  };

  const trim = () => {
    scheduled = false;
    if (stopped) return;
    let count = 0;
    let bytes = 0;
    for (const query of order.values()) {
      const data = dataOf(query);
      if (!data) continue;
      count++;
      bytes += data.size;
    }
    if (count <= limits.count && bytes <= limits.bytes) return;
    for (const query of [...order.values()]) {
      if (count <= limits.count && bytes <= limits.bytes) break;
      const data = dataOf(query);
      if (!data || !letGo(query, data)) continue;
      count--;
      bytes -= data.size;
      const key = resultKeyOf(query.queryKey);
      if (key) noteLetGo(key.serverUrl, key.taskId, data.fetchedAt);
      cache.remove(query);
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // After the event that asked for it has reached every listener (the query that was just written is read by them).
    setTimeout(trim, 0);
  };

  const touch = (query: Query) => {
    order.delete(query.queryHash);
    order.set(query.queryHash, query);
    schedule();
  };

  const unsubscribe = cache.subscribe((event) => {
    const query = event.query as Query;
    if (!resultKeyOf(query.queryKey)) {
      // A result becomes free to let go once the kept list names it.
      if (event.type === 'updated' && isKeptList(query.queryKey)) schedule();
      return;
    }
    if (event.type === 'removed') order.delete(query.queryHash);
    else if (event.type === 'updated' && event.action.type === 'success') touch(query);
    else if ((event.type === 'observerAdded' || event.type === 'observerRemoved') && dataOf(query)) touch(query);
  });
  for (const query of cache.getAll()) if (resultKeyOf(query.queryKey) && dataOf(query)) order.set(query.queryHash, query);
  schedule();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
