import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { McpSession } from '../mcp/session';
import { mcpKeys } from './keys';
import { loadNextTaskPage, tasksQueryOptions, type ListPaging } from './queries';
import type { TaskEntry } from './task-cache';
import { WAIT } from '../lib/test-wait';

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
    await vi.waitFor(
      () => expect(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url))?.map((e) => e.task.taskId)).toEqual(['t1']),
      WAIT,
    );
    // Once listed, it is not listed again by every component that reads the list.
    const again = new QueryObserver(queryClient, tasksQueryOptions(queryClient, url, fakeSession(request)));
    const stopAgain = again.subscribe(() => {});
    await Promise.resolve();
    expect(request).toHaveBeenCalledTimes(1);
    stop();
    stopAgain();
  });
});

describe('the next tasks/list page', () => {
  const listed = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => ({ ...task, taskId: `${prefix}${i}` }));
  /** A server whose pages are given by cursor ('' for the first). */
  function server(pages: Record<string, { tasks: unknown[]; nextCursor?: string }>) {
    return vi.fn((req: { params?: { cursor?: string } }) => Promise.resolve(pages[req.params?.cursor ?? ''] ?? { tasks: [] }));
  }
  async function firstPage(queryClient: QueryClient, session: McpSession) {
    await queryClient.fetchQuery(tasksQueryOptions(queryClient, url, session));
  }
  const paging = (queryClient: QueryClient) => queryClient.getQueryData<ListPaging>(mcpKeys.tasksPaging(url));

  it('counts the tasks new to this pass, and ends where a cursor comes round again', async () => {
    const request = server({
      '': { tasks: listed(2, 'a'), nextCursor: 'B' },
      B: { tasks: listed(2, 'b'), nextCursor: 'C' },
      C: { tasks: listed(2, 'a'), nextCursor: 'B' },
    });
    const session = fakeSession(request as never);
    const queryClient = new QueryClient();
    await firstPage(queryClient, session);
    expect(await loadNextTaskPage(queryClient, session)).toBe(2);
    expect(paging(queryClient)?.nextCursor).toBe('C');
    // Page C holds page 1's tasks again, and points back at B: nothing new, and the list ends there.
    expect(await loadNextTaskPage(queryClient, session)).toBe(0);
    expect(paging(queryClient)?.nextCursor).toBeUndefined();
    expect(paging(queryClient)?.idlePages).toBe(1);
    expect(await loadNextTaskPage(queryClient, session)).toBeUndefined();
    expect(request).toHaveBeenCalledTimes(3);
    expect(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url))).toHaveLength(4);
  });

  it('does not use a cursor from an earlier session', async () => {
    const request = server({ '': { tasks: listed(1), nextCursor: 'B' }, B: { tasks: listed(1, 'b') } });
    const queryClient = new QueryClient();
    await firstPage(queryClient, fakeSession(request as never));
    const reconnected = { ...fakeSession(request as never), generation: 2 } as McpSession;
    expect(await loadNextTaskPage(queryClient, reconnected)).toBeUndefined();
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a page that lands after page 1 was listed again leaves the new pass where it is', async () => {
    let answerB: (page: unknown) => void = () => {};
    const request = vi.fn((req: { params?: { cursor?: string } }) =>
      req.params?.cursor === 'B' ? new Promise((resolve) => (answerB = resolve)) : Promise.resolve({ tasks: listed(1), nextCursor: 'B' }),
    );
    const session = fakeSession(request as never);
    const queryClient = new QueryClient();
    await firstPage(queryClient, session);
    const loading = loadNextTaskPage(queryClient, session);
    // Refresh: page 1 again, a new pass.
    await queryClient.fetchQuery({ ...tasksQueryOptions(queryClient, url, session), staleTime: 0 });
    const fresh = paging(queryClient);
    answerB({ tasks: listed(1, 'b'), nextCursor: 'C' });
    expect(await loading).toBe(1);
    expect(paging(queryClient)).toBe(fresh);
    expect(paging(queryClient)?.nextCursor).toBe('B');
  });
});
