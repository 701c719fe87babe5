import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptQueryOptions } from './kept-query';
import { mcpKeys } from './keys';
import { parseTaskResult, summariseResult, TextBackedResult, type FetchedResult } from './result';
import type { KeptResult } from './result-store';
import { applyTaskUpdate, type TaskEntry } from './task-cache';
import type { Task } from './task';

// IndexedDB does not run here: the store hands back the records a test gives it.
const stored: { records: KeptResult[] } = { records: [] };
vi.mock('./result-store', () => ({
  keptResults: () => Promise.resolve(stored.records),
  forgetResult: () => Promise.resolve(),
  forgetAllResults: () => Promise.resolve(),
}));

const url = 'http://127.0.0.1:1/mcp';
const value = { content: [{ type: 'text', text: 'kept' }] };
const text = JSON.stringify(value);
const summary = summariseResult(parseTaskResult(value));
const taskOf = (taskId: string): Task => ({
  taskId,
  status: 'completed',
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ttl: null,
});
const record = (taskId: string, extra: Partial<KeptResult>): KeptResult => ({
  serverUrl: url,
  taskId,
  task: taskOf(taskId),
  fetchedAt: 1,
  size: text.length,
  ...extra,
});
const ids = (queryClient: QueryClient) =>
  (queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url)) ?? []).map((e) => e.task.taskId).sort();

afterEach(() => {
  stored.records = [];
});

describe('kept results, loaded back', () => {
  it('reads a record kept as a Blob, one kept as a string (before Blobs), and one kept parsed', async () => {
    stored.records = [
      record('blob', { textBlob: new Blob([text], { type: 'application/json' }), summary }),
      record('string', { text, summary }),
      record('raw', { raw: value }),
    ];
    const queryClient = new QueryClient();
    const kept = await queryClient.fetchQuery(keptQueryOptions(queryClient, url));
    expect(kept.sort()).toEqual(['blob', 'raw', 'string']);
    for (const id of ['blob', 'string']) {
      const result = queryClient.getQueryData<FetchedResult>(mcpKeys.result(url, id));
      expect(result).toBeInstanceOf(TextBackedResult);
      expect(result?.text).toBe(text);
      expect(result?.fromStore).toBe(true);
    }
    expect(queryClient.getQueryData<FetchedResult>(mcpKeys.result(url, 'raw'))?.parsed.kind).toBe('call-tool');
    expect(ids(queryClient)).toEqual(['blob', 'raw', 'string']);
  });

  it('a Blob that can no longer be read costs that one result, not the others', async () => {
    const unreadable = new Blob(['x']);
    vi.spyOn(unreadable, 'text').mockRejectedValue(new DOMException('gone', 'NotReadableError'));
    stored.records = [record('lost', { textBlob: unreadable, summary }), record('fine', { text, summary })];
    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(keptQueryOptions(queryClient, url))).toEqual(['fine']);
    expect(queryClient.getQueryData(mcpKeys.result(url, 'lost'))).toBeUndefined();
  });

  it('a task the list holds with an older state (remembered as working) takes the kept, newer one', async () => {
    stored.records = [record('done', { text, summary, task: { ...taskOf('done'), lastUpdatedAt: '2026-01-01T00:00:09Z' } })];
    const queryClient = new QueryClient();
    queryClient.setQueryData<TaskEntry[]>(
      mcpKeys.tasks(url),
      applyTaskUpdate([], { ...taskOf('done'), status: 'working' }, { source: 'registry', now: 1, generation: 0 }).entries,
    );
    await queryClient.fetchQuery(keptQueryOptions(queryClient, url));
    const entries = queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url)) ?? [];
    expect(entries.map((e) => [e.task.taskId, e.task.status])).toEqual([['done', 'completed']]);
  });

  it('a tasks/list page that lands while the texts are read is not overwritten', async () => {
    let release: () => void = () => {};
    const slow = new Blob([text]);
    vi.spyOn(slow, 'text').mockImplementation(() => new Promise((resolve) => (release = () => resolve(text))));
    stored.records = [record('kept', { textBlob: slow, summary })];
    const queryClient = new QueryClient();
    const loading = queryClient.fetchQuery(keptQueryOptions(queryClient, url));
    await vi.waitFor(() => expect(ids(queryClient)).toEqual(['kept']));
    // The first page arrives meanwhile.
    queryClient.setQueryData<TaskEntry[]>(
      mcpKeys.tasks(url),
      (old) => applyTaskUpdate(old ?? [], taskOf('listed'), { source: 'list', now: 2, generation: 1 }).entries,
    );
    release();
    await loading;
    expect(ids(queryClient)).toEqual(['kept', 'listed']);
  });
});
