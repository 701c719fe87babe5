import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldResultIds, heldResultOf, heldResultRefs, heldResults, noteLetGo, readBackResult, resultOfKept } from './held-results';
import { mcpKeys } from './keys';
import { parseTaskResult, summariseResult, TextBackedResult, type FetchedResult } from './result';
import type { KeptResult } from './result-store';
import { keptRecord } from './kept-records.test-support';

// IndexedDB does not run here: the store hands back the records a test gives it.
const stored: { records: KeptResult[]; reads: number } = { records: [], reads: 0 };
vi.mock('./result-store', () => ({
  keptResults: () => {
    stored.reads++;
    return Promise.resolve(stored.records);
  },
  keptResultOf: (_url: string, taskId: string) => {
    stored.reads++;
    return Promise.resolve(stored.records.find((r) => r.taskId === taskId));
  },
}));

const url = 'http://127.0.0.1:1/mcp';
const valueOf = (word: string) => ({ content: [{ type: 'text', text: word }] });
const textOf = (word: string) => JSON.stringify(valueOf(word));
const summary = summariseResult(parseTaskResult(valueOf('kept')));
const record = (taskId: string, extra: Partial<KeptResult>): KeptResult => keptRecord(url, taskId, 10, extra);
const resident = (taskId: string, word: string): FetchedResult => ({
  taskId,
  raw: valueOf(word),
  parsed: parseTaskResult(valueOf(word)),
  fetchedAt: 2,
  size: 10,
});

afterEach(() => {
  stored.records = [];
  stored.reads = 0;
});

describe('a kept record as a result', () => {
  it('reads a record kept as a Blob, one kept as a string (before Blobs), and one kept parsed', async () => {
    for (const r of [
      record('blob', { textBlob: new Blob([textOf('kept')], { type: 'application/json' }), summary }),
      record('string', { text: textOf('kept'), summary }),
    ]) {
      const result = await resultOfKept(r);
      expect(result).toBeInstanceOf(TextBackedResult);
      expect(result?.text).toBe(textOf('kept'));
      expect(result?.fromStore).toBe(true);
    }
    const raw = await resultOfKept(record('raw', { raw: valueOf('kept') }));
    expect(raw?.parsed.kind).toBe('call-tool');
    expect(raw?.fromStore).toBe(true);
  });

  it('a Blob that can no longer be read is no result', async () => {
    const unreadable = new Blob(['x']);
    vi.spyOn(unreadable, 'text').mockRejectedValue(new DOMException('gone', 'NotReadableError'));
    expect(await resultOfKept(record('lost', { textBlob: unreadable, summary }))).toBeUndefined();
  });
});

describe('the results a page holds', () => {
  it('are the ones in memory and the kept ones that are not, each once', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.result(url, 'both'), resident('both', 'memory'));
    queryClient.setQueryData(mcpKeys.result(url, 'memory'), resident('memory', 'memory'));
    queryClient.setQueryData(mcpKeys.kept(url), ['both', 'store']);
    stored.records = [record('both', { raw: valueOf('stale') }), record('store', { raw: valueOf('store') })];
    expect(heldResultIds(queryClient, url).sort()).toEqual(['both', 'memory', 'store']);
    const refs = await heldResultRefs(queryClient, url);
    expect(refs.map((r) => r.taskId).sort()).toEqual(['both', 'memory', 'store']);
    const all = await heldResults(queryClient, url);
    const words = Object.fromEntries(all.map((r) => [r.taskId, JSON.stringify(r.raw)]));
    // The copy in memory wins over the stored one.
    expect(words.both).toContain('memory');
    expect(words.store).toContain('store');
    // Reading does not put the stored ones back into memory.
    expect(queryClient.getQueryData(mcpKeys.result(url, 'store'))).toBeUndefined();
  });

  it('do not read the store when nothing is kept', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.result(url, 'memory'), resident('memory', 'memory'));
    expect((await heldResultRefs(queryClient, url)).map((r) => r.taskId)).toEqual(['memory']);
    expect(stored.reads).toBe(0);
  });

  it('one result: from memory, else from the store', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.result(url, 'memory'), resident('memory', 'memory'));
    stored.records = [record('store', { raw: valueOf('store') })];
    expect((await heldResultOf(queryClient, url, 'memory'))?.taskId).toBe('memory');
    expect(stored.reads).toBe(0);
    expect(JSON.stringify((await heldResultOf(queryClient, url, 'store'))?.raw)).toContain('store');
    expect(await heldResultOf(queryClient, url, 'nowhere')).toBeUndefined();
  });
});

describe('the versions of kept results that are not in memory', () => {
  const url2 = 'http://127.0.0.1:2/mcp';
  it('are read from the store once, then known: the list of records is not read again for every search', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.kept(url2), ['a', 'b']);
    stored.records = [record('a', { raw: valueOf('a'), fetchedAt: 5 }), record('b', { raw: valueOf('b'), fetchedAt: 6 })];
    const first = await heldResultRefs(queryClient, url2);
    expect(first.map((r) => [r.taskId, r.fetchedAt])).toEqual([
      ['a', 5],
      ['b', 6],
    ]);
    expect(stored.reads).toBe(1);
    const again = await heldResultRefs(queryClient, url2);
    expect(again.map((r) => [r.taskId, r.fetchedAt])).toEqual([
      ['a', 5],
      ['b', 6],
    ]);
    expect(stored.reads).toBe(1);
    // Its text only when asked for: one record.
    expect(JSON.stringify((await again[1]?.load())?.raw)).toContain('"b"');
    expect(stored.reads).toBe(2);
  });

  it('a result let go from memory is known without reading the store; one the page never saw is read', async () => {
    const url3 = 'http://127.0.0.1:3/mcp';
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.kept(url3), ['gone']);
    stored.records = [record('gone', { raw: valueOf('gone'), fetchedAt: 9 })];
    await heldResultRefs(queryClient, url3);
    expect(stored.reads).toBe(1);
    noteLetGo(url3, 'later', 11);
    queryClient.setQueryData(mcpKeys.kept(url3), ['gone', 'later']);
    expect((await heldResultRefs(queryClient, url3)).map((r) => [r.taskId, r.fetchedAt])).toEqual([
      ['gone', 9],
      ['later', 11],
    ]);
    expect(stored.reads).toBe(1);
    queryClient.setQueryData(mcpKeys.kept(url3), ['gone', 'later', 'elsewhere']);
    stored.records.push(record('elsewhere', { raw: valueOf('elsewhere'), fetchedAt: 12 }));
    await heldResultRefs(queryClient, url3);
    expect(stored.reads).toBe(2);
  });
});

describe('reading a kept result back', () => {
  it('puts it into its query, once for reads that overlap', async () => {
    const queryClient = new QueryClient();
    stored.records = [record('store', { raw: valueOf('store') })];
    const [a, b] = await Promise.all([readBackResult(queryClient, url, 'store'), readBackResult(queryClient, url, 'store')]);
    expect([a, b]).toEqual([true, true]);
    expect(stored.reads).toBe(1);
    expect(queryClient.getQueryData<FetchedResult>(mcpKeys.result(url, 'store'))?.fromStore).toBe(true);
  });

  it('leaves a query that was filled meanwhile (a fetch) as it is', async () => {
    const queryClient = new QueryClient();
    stored.records = [record('both', { raw: valueOf('stale') })];
    const reading = readBackResult(queryClient, url, 'both');
    const fresh = resident('both', 'fresh');
    queryClient.setQueryData(mcpKeys.result(url, 'both'), fresh);
    expect(await reading).toBe(true);
    expect(queryClient.getQueryData(mcpKeys.result(url, 'both'))).toBe(fresh);
  });

  it('says when the store no longer has it', async () => {
    const queryClient = new QueryClient();
    expect(await readBackResult(queryClient, url, 'gone')).toBe(false);
    expect(queryClient.getQueryData(mcpKeys.result(url, 'gone'))).toBeUndefined();
  });
});
