import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { mcpKeys } from './keys';
import type { FetchedResult } from './result';
import { resultMatchesFor, resultSearchStore, searchPlace, searchResults, WORKER_THRESHOLD_CHARS } from './result-search';
import { searchableTextOfJson } from './search-text';
import { visibleTasks } from './filtering';
import type { TaskEntry } from './task-cache';

const SERVER = 'http://127.0.0.1:1/mcp';

function plain(taskId: string, raw: unknown, fetchedAt = 1): FetchedResult {
  return { taskId, raw, parsed: { kind: 'invalid', error: 'unused' }, fetchedAt, size: JSON.stringify(raw).length };
}

function textBacked(taskId: string, text: string, fetchedAt = 1): FetchedResult {
  return { taskId, text, raw: undefined, parsed: { kind: 'invalid', error: 'unused' }, fetchedAt, size: text.length };
}

/** A Worker that runs the search worker's job in this thread, a turn later, and counts the texts it was given. */
function inProcessWorker() {
  const seen: number[] = [];
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    postMessage(message: { text: string }) {
      seen.push(message.text.length);
      setTimeout(() => {
        this.onmessage?.({ data: { started: true } });
        this.onmessage?.({ data: { value: searchableTextOfJson(message.text) } });
      });
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searchResults', () => {
  it('finds a task by a word only in its result, and publishes it for the term', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.result(SERVER, 'a'), plain('a', { content: [{ type: 'text', text: 'the Aardvark report' }] }));
    queryClient.setQueryData(mcpKeys.result(SERVER, 'b'), plain('b', { content: [{ type: 'text', text: 'nothing here' }] }));
    const matched = await searchResults(queryClient, SERVER, ' AARDVARK ');
    expect([...matched]).toEqual(['a']);
    expect(resultMatchesFor(resultSearchStore.getState(), SERVER, 'aardvark')).toEqual(new Set(['a']));
    expect(resultMatchesFor(resultSearchStore.getState(), 'http://other/mcp', 'aardvark')).toBeUndefined();
  });

  it('does not look inside results for a one-letter term', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.result(SERVER, 'a'), plain('a', { content: [{ type: 'text', text: 'a' }] }));
    expect((await searchResults(queryClient, SERVER, 'a')).size).toBe(0);
  });

  it('searches a 10 MB result in the worker, once per result version', async () => {
    const seen = inProcessWorker();
    const queryClient = new QueryClient();
    const filler = 'lorem ipsum dolor '.repeat(600_000);
    const text = JSON.stringify({ content: [{ type: 'text', text: filler }], structuredContent: { marker: 'Quetzal' } });
    expect(text.length).toBeGreaterThan(10_000_000);
    const big = textBacked('big', text, 7);
    expect(searchPlace(big)).toBe('worker');
    queryClient.setQueryData(mcpKeys.result(SERVER, 'big'), big);
    // The structuredContent sits past the bound: the term inside the text block is found.
    expect([...(await searchResults(queryClient, SERVER, 'dolor lorem'))]).toEqual(['big']);
    expect([...(await searchResults(queryClient, SERVER, 'no such thing'))]).toEqual([]);
    expect([...(await searchResults(queryClient, SERVER, 'quetzal'))]).toEqual([]);
    expect(seen).toEqual([text.length]);
    // A new version of the result is searched again.
    queryClient.setQueryData(mcpKeys.result(SERVER, 'big'), textBacked('big', text, 8));
    await searchResults(queryClient, SERVER, 'ipsum');
    expect(seen).toHaveLength(2);
  });

  it('keeps a small text-backed result on the main thread', () => {
    expect(searchPlace(textBacked('s', 'x'.repeat(WORKER_THRESHOLD_CHARS - 1)))).toBe('here');
  });

  it('a cancelled search publishes nothing', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.result(SERVER, 'c'), plain('c', { content: [{ type: 'text', text: 'capybara' }] }, 3));
    resultSearchStore.setState({ serverUrl: SERVER, term: 'before', matched: new Set() });
    await searchResults(queryClient, SERVER, 'capybara', () => true);
    expect(resultSearchStore.getState().term).toBe('before');
  });
});

describe('visibleTasks with result matches', () => {
  const entry = (taskId: string): TaskEntry =>
    ({
      task: { taskId, status: 'completed', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: null },
    }) as TaskEntry;
  it('lists a task matched only inside its result', () => {
    const rows = visibleTasks([entry('t1'), entry('t2')], {
      status: 'all',
      query: 'okapi',
      sort: 'created',
      now: 0,
      resultMatches: new Set(['t2']),
    });
    expect(rows.map((r) => r.task.taskId)).toEqual(['t2']);
    expect(visibleTasks([entry('t1')], { status: 'all', query: 'okapi', sort: 'created', now: 0 })).toEqual([]);
  });
});
