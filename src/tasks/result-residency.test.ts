import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpKeys } from './keys';
import { parseTaskResult, type FetchedResult } from './result';
import { holdResultsWithin } from './result-residency';

const url = 'http://127.0.0.1:1/mcp';
const value = { content: [{ type: 'text', text: 'done' }] };
const resultOf = (taskId: string, extra: Partial<FetchedResult> = {}): FetchedResult => ({
  taskId,
  raw: value,
  parsed: parseTaskResult(value),
  fetchedAt: 1,
  size: 100,
  ...extra,
});
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `t${from + i}`);
const resident = (queryClient: QueryClient) =>
  queryClient
    .getQueriesData<FetchedResult>({ queryKey: [...mcpKeys.server(url), 'result'] })
    .flatMap(([, data]) => (data ? [data.taskId] : []))
    .sort();
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const stops: Array<() => void> = [];
afterEach(() => {
  while (stops.length) stops.pop()?.();
});

function client(limits: { count: number; bytes: number }) {
  const queryClient = new QueryClient();
  stops.push(holdResultsWithin(queryClient, limits));
  return queryClient;
}

describe('results held in memory', () => {
  it('past the limit, the kept results used longest ago are let go', async () => {
    const queryClient = client({ count: 3, bytes: Infinity });
    queryClient.setQueryData(mcpKeys.kept(url), ids(6));
    for (const id of ids(6)) queryClient.setQueryData(mcpKeys.result(url, id), resultOf(id));
    await settled();
    expect(resident(queryClient)).toEqual(['t3', 't4', 't5']);
  });

  it('a result shown, or left, counts as used', async () => {
    const queryClient = client({ count: 2, bytes: Infinity });
    queryClient.setQueryData(mcpKeys.kept(url), ids(4));
    for (const id of ids(2)) queryClient.setQueryData(mcpKeys.result(url, id), resultOf(id));
    // t0 is shown (an observer: never let go while shown), then left: the newest use of all.
    const observer = new QueryObserver(queryClient, { queryKey: mcpKeys.result(url, 't0'), enabled: false });
    const unsubscribe = observer.subscribe(() => {});
    for (const id of ids(2, 2)) queryClient.setQueryData(mcpKeys.result(url, id), resultOf(id));
    await settled();
    expect(resident(queryClient)).toEqual(['t0', 't3']);
    unsubscribe();
    queryClient.setQueryData(mcpKeys.result(url, 't1'), resultOf('t1'));
    await settled();
    expect(resident(queryClient)).toEqual(['t0', 't1']);
  });

  it('never lets go of a result that is not kept, or whose copy is being written or failed', async () => {
    const queryClient = client({ count: 1, bytes: Infinity });
    queryClient.setQueryData(mcpKeys.kept(url), ['kept', 'writing', 'failed']);
    queryClient.setQueryData(mcpKeys.result(url, 'free'), resultOf('free'));
    queryClient.setQueryData(mcpKeys.result(url, 'writing'), resultOf('writing', { keeping: true }));
    queryClient.setQueryData(mcpKeys.result(url, 'failed'), resultOf('failed', { keepError: 'full' }));
    queryClient.setQueryData(mcpKeys.result(url, 'kept'), resultOf('kept'));
    queryClient.setQueryData(mcpKeys.result(url, 'newest'), resultOf('newest'));
    await settled();
    expect(resident(queryClient)).toEqual(['failed', 'free', 'newest', 'writing']);
  });

  it('lets go once the kept list names the result', async () => {
    const queryClient = client({ count: 1, bytes: Infinity });
    for (const id of ids(3)) queryClient.setQueryData(mcpKeys.result(url, id), resultOf(id));
    await settled();
    expect(resident(queryClient)).toEqual(ids(3));
    queryClient.setQueryData(mcpKeys.kept(url), ids(3));
    await settled();
    expect(resident(queryClient)).toEqual(['t2']);
  });

  it('holds the size limit too', async () => {
    const queryClient = client({ count: 100, bytes: 250 });
    queryClient.setQueryData(mcpKeys.kept(url), ids(5));
    for (const id of ids(5)) queryClient.setQueryData(mcpKeys.result(url, id), resultOf(id));
    await settled();
    expect(resident(queryClient)).toEqual(['t3', 't4']);
  });

  it('stops when told', async () => {
    const queryClient = new QueryClient();
    holdResultsWithin(queryClient, { count: 1, bytes: Infinity })();
    queryClient.setQueryData(mcpKeys.kept(url), ids(3));
    for (const id of ids(3)) queryClient.setQueryData(mcpKeys.result(url, id), resultOf(id));
    await settled();
    expect(resident(queryClient)).toEqual(ids(3));
  });
});
