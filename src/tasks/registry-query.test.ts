import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeListedPage, recordStartedTask, writeTask } from './cache-writes';
import { mcpKeys } from './keys';
import { forgetTask, registryQueryOptions } from './registry-query';
import { selectionStore } from './selection-store';
import { findTask, type TaskEntry } from './task-cache';
import type { Task } from './task';
import { TaskRegistry, type RegistryBackend, type RememberedTask } from './task-registry';
import { watchStatus, watchTask } from './watch-task';
import { WAIT } from '../lib/test-wait';

// IndexedDB does not run here: each test's registry (a page load) stores in a Map.
const rows = vi.hoisted(() => new Map<string, unknown>());
const page = vi.hoisted((): { registry?: TaskRegistry } => ({}));
vi.mock('./registry-store', () => ({
  get taskRegistry() {
    return page.registry;
  },
}));
const backend: RegistryBackend = {
  load: (serverKey) => Promise.resolve([...rows.values()].filter((r) => (r as RememberedTask).serverKey === serverKey) as RememberedTask[]),
  write: (puts, deletes) => {
    for (const d of deletes) rows.delete(`${d.serverKey}\n${d.taskId}`);
    for (const p of puts) rows.set(`${p.serverKey}\n${p.taskId}`, structuredClone(p));
    return Promise.resolve();
  },
};
vi.mock('./result-store', () => ({ forgetResult: () => Promise.resolve(), keptResults: () => Promise.resolve([]) }));

const url = 'http://127.0.0.1:1/mcp';
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const task = (taskId: string, status: Task['status'], updated: number, statusMessage?: string): Task => ({
  taskId,
  status,
  createdAt: at(0),
  lastUpdatedAt: at(updated),
  ttl: null,
  ...(statusMessage !== undefined && { statusMessage }),
});
const stored = (t: Task, extra: Partial<RememberedTask> = {}): RememberedTask => ({
  serverKey: url,
  taskId: t.taskId,
  task: t,
  rememberedAt: 1,
  changedAt: 2,
  ...extra,
});
const put = (r: RememberedTask) => rows.set(`${r.serverKey}\n${r.taskId}`, r);
const list = (queryClient: QueryClient) => queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url)) ?? [];
/** A registry reading the same storage: what the next page load would find. */
const nextPage = () => new TaskRegistry(backend).loadTasks(url);

beforeEach(() => {
  page.registry = new TaskRegistry(backend);
});
afterEach(() => {
  rows.clear();
  selectionStore.getState().selectionCleared();
  watchStatus.setState({ state: 'idle' }, true);
});

describe('remembered tasks, loaded back into the list', () => {
  it('lists them with their last known state before any tasks/list, as from an earlier session', async () => {
    put(stored(task('a', 'working', 5, 'step 2 of 4'), { toolName: 'countdown' }));
    put(stored(task('gone', 'working', 1), { expired: { at: 3, reason: 'Task not found' } }));
    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(registryQueryOptions(queryClient, url))).toBe(2);
    const a = findTask(list(queryClient), 'a');
    expect(a).toMatchObject({ task: { status: 'working', statusMessage: 'step 2 of 4' }, toolName: 'countdown', lastSource: 'registry' });
    expect(a?.generation).toBe(0);
    expect(findTask(list(queryClient), 'gone')?.expired?.reason).toBe('Task not found');
  });

  it('merges with tasks/list: the newer state wins either way, and a terminal status stays', async () => {
    put(stored(task('old-here', 'working', 1, 'remembered')));
    put(stored(task('new-here', 'working', 9, 'remembered')));
    put(stored(task('ended', 'completed', 5)));
    const queryClient = new QueryClient();
    // The first page lands before the registry is read.
    mergeListedPage(
      queryClient,
      url,
      [task('old-here', 'completed', 5), task('new-here', 'working', 3, 'listed'), task('ended', 'working', 3)],
      1,
    );
    await queryClient.fetchQuery(registryQueryOptions(queryClient, url));
    const state = (id: string) => findTask(list(queryClient), id)?.task;
    expect(state('old-here')).toMatchObject({ status: 'completed' });
    expect(state('new-here')).toMatchObject({ status: 'working', statusMessage: 'remembered' });
    expect(state('ended')?.status).toBe('completed');
    // And the other way round: tasks/list after the registry.
    const later = new QueryClient();
    await later.fetchQuery(registryQueryOptions(later, url));
    mergeListedPage(
      later,
      url,
      [task('old-here', 'completed', 5), task('new-here', 'working', 3, 'listed'), task('ended', 'working', 9)],
      1,
    );
    expect(findTask(list(later), 'old-here')?.task.status).toBe('completed');
    expect(findTask(list(later), 'new-here')?.task.statusMessage).toBe('remembered');
    // A terminal status never changes, even for a listing that says otherwise.
    expect(findTask(list(later), 'ended')?.task.status).toBe('completed');
  });
});

describe('remembering, watching and forgetting', () => {
  it('a task started from the page is remembered with its tool', async () => {
    const queryClient = new QueryClient();
    recordStartedTask(queryClient, url, task('started', 'working', 0), { generation: 1, toolName: 'countdown' });
    await vi.waitFor(async () => expect((await nextPage()).map((r) => [r.taskId, r.toolName])).toEqual([['started', 'countdown']]), WAIT);
  });

  it('Watch task: asks the server, lists and selects the task, and remembers it', async () => {
    const queryClient = new QueryClient();
    const getTask = vi.fn((id: string) => Promise.resolve(task(id, 'input_required', 4)));
    const watched = await watchTask(queryClient, { serverUrl: url, generation: 1, getTask }, '  other-client ');
    expect(getTask).toHaveBeenCalledWith('other-client');
    expect(watched?.taskId).toBe('other-client');
    expect(findTask(list(queryClient), 'other-client')).toMatchObject({ origin: 'watch', task: { status: 'input_required' } });
    expect(selectionStore.getState().selectedTaskId).toBe('other-client');
    expect(watchStatus.getState().state).toBe('idle');
    await vi.waitFor(async () => expect((await nextPage()).map((r) => r.taskId)).toEqual(['other-client']), WAIT);
  });

  it('Watch task with an id the server does not know: a clear message, nothing listed or remembered', async () => {
    const queryClient = new QueryClient();
    const getTask = () => Promise.reject(new McpError(-32602, 'Task not found'));
    expect(await watchTask(queryClient, { serverUrl: url, generation: 1, getTask }, 'nope')).toBeUndefined();
    expect(watchStatus.getState()).toMatchObject({ state: 'failed', taskId: 'nope', serverUrl: url });
    expect(watchStatus.getState().message).toMatch(/knows no task with ID nope.*Task not found/);
    expect(list(queryClient)).toEqual([]);
    expect(await nextPage()).toEqual([]);
  });

  it('Watch task for a task the page lists that the server forgot: it expired, no "unknown id" message', async () => {
    put(stored(task('remembered', 'completed', 3)));
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(registryQueryOptions(queryClient, url));
    const getTask = () => Promise.reject(new McpError(-32602, 'Task not found'));
    expect(await watchTask(queryClient, { serverUrl: url, generation: 1, getTask }, 'remembered')).toBeUndefined();
    expect(findTask(list(queryClient), 'remembered')?.expired?.reason).toBe('Task not found');
    expect(watchStatus.getState().state).toBe('idle');
    expect(selectionStore.getState().selectedTaskId).toBe('remembered');
  });

  it('Forget task: out of the registry, the list and the selection', async () => {
    const queryClient = new QueryClient();
    const getTask = (id: string) => Promise.resolve(task(id, 'completed', 4));
    await watchTask(queryClient, { serverUrl: url, generation: 1, getTask }, 'a');
    await watchTask(queryClient, { serverUrl: url, generation: 1, getTask }, 'b');
    await forgetTask(queryClient, url, 'b', { withKeptResult: false });
    expect(list(queryClient).map((e) => e.task.taskId)).toEqual(['a']);
    // A poll that was out when it was forgotten answers afterwards: it does not bring the task back.
    writeTask(queryClient, url, task('b', 'completed', 5), { source: 'poll', now: Date.now(), generation: 1 });
    expect(list(queryClient).map((e) => e.task.taskId)).toEqual(['a']);
    expect(selectionStore.getState().selectedTaskId).toBeUndefined();
    expect((await nextPage()).map((r) => r.taskId)).toEqual(['a']);
  });
});
