import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptQueryOptions } from './kept-query';
import { mcpKeys } from './keys';
import { parseTaskResult, summariseResult } from './result';
import type { KeptResult } from './result-store';
import { applyTaskUpdate, type TaskEntry } from './task-cache';
import { completedTask, keptRecord } from './kept-records.test-support';

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
const record = (taskId: string, extra: Partial<KeptResult>): KeptResult => keptRecord(url, taskId, text.length, extra);
const ids = (queryClient: QueryClient) =>
  (queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url)) ?? []).map((e) => e.task.taskId).sort();

afterEach(() => {
  stored.records = [];
});

describe('kept results, loaded back', () => {
  it('names every kept task and puts the tasks back in the list, without reading the results into memory', async () => {
    stored.records = [
      record('blob', { textBlob: new Blob([text], { type: 'application/json' }), summary }),
      record('string', { text, summary }),
      record('raw', { raw: value }),
    ];
    const queryClient = new QueryClient();
    const kept = await queryClient.fetchQuery(keptQueryOptions(queryClient, url));
    expect(kept.sort()).toEqual(['blob', 'raw', 'string']);
    expect(ids(queryClient)).toEqual(['blob', 'raw', 'string']);
    // Read back when shown or searched (held-results.ts), not at start.
    for (const id of kept) expect(queryClient.getQueryData(mcpKeys.result(url, id))).toBeUndefined();
  });

  it('a task the list holds with an older state (remembered as working) takes the kept, newer one', async () => {
    stored.records = [record('done', { text, summary, task: { ...completedTask('done'), lastUpdatedAt: '2026-01-01T00:00:09Z' } })];
    const queryClient = new QueryClient();
    queryClient.setQueryData<TaskEntry[]>(
      mcpKeys.tasks(url),
      applyTaskUpdate([], { ...completedTask('done'), status: 'working' }, { source: 'registry', now: 1, generation: 0 }).entries,
    );
    await queryClient.fetchQuery(keptQueryOptions(queryClient, url));
    const entries = queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url)) ?? [];
    expect(entries.map((e) => [e.task.taskId, e.task.status])).toEqual([['done', 'completed']]);
  });
});
