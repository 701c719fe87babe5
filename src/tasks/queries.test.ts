import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { McpSession } from '../mcp/session';
import { mcpKeys } from './keys';
import { tasksQueryOptions } from './queries';
import type { TaskEntry } from './task-cache';

const url = 'http://127.0.0.1:1/mcp';
const task = { taskId: 't1', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: null };

function fakeSession(request: () => Promise<unknown>): McpSession {
  return { client: { request }, capabilities: { tasks: { list: {} } }, generation: 1, serverUrl: url } as unknown as McpSession;
}

describe('the task list query', () => {
  it('lists the tasks even when something wrote the list before the session connected (kept results)', async () => {
    const queryClient = new QueryClient();
    // Kept results load from IndexedDB before the session is there, and write their tasks into the list.
    queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(url), []);
    const request = vi.fn(() => Promise.resolve({ tasks: [task] }));
    const observer = new QueryObserver(queryClient, tasksQueryOptions(queryClient, url, fakeSession(request)));
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url))?.map((e) => e.task.taskId)).toEqual(['t1']));
    // Once listed, it is not listed again by every component that reads the list.
    const again = new QueryObserver(queryClient, tasksQueryOptions(queryClient, url, fakeSession(request)));
    const stopAgain = again.subscribe(() => {});
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);
    stop();
    stopAgain();
  });
});
