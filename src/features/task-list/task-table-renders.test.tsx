// @vitest-environment jsdom
// First: React looks for the hook the counter stands in for when react-dom loads.
import { rendersOf, resetRenders } from '../../lib/render-counter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskPushEvent } from '../../mcp/connection-store';
import { bulkSelection } from '../../tasks/bulk-selection';
import { applyPushes } from '../../tasks/cache-writes';
import { mcpKeys } from '../../tasks/keys';
import type { TaskStatus } from '../../tasks/status';
import type { TaskEntry } from '../../tasks/task-cache';
import { TaskTable } from './TaskTable';
import { giveBoxesASize } from '../../lib/jsdom-boxes';
import { WAIT } from '../../lib/test-wait';

// The list's clock stands still: a tick (each second) draws the table and its rows again, and one landing between a
// push and the count would be counted as the push's.
vi.mock('../../components/use-now', () => {
  const now = Date.now();
  return { useNow: () => now };
});

// jsdom lays nothing out: the virtualized list needs a box to draw its rows in.
beforeAll(giveBoxesASize);
afterEach(() => {
  cleanup();
  bulkSelection.getState().checksCleared();
});

const url = 'http://127.0.0.1:1/mcp';
const TASKS = 5;

function task(n: number, status: TaskStatus, message: string) {
  // Newest first in the list: t4 at the top.
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return { taskId: `t${n}`, status, statusMessage: message, createdAt, lastUpdatedAt: new Date().toISOString(), ttl: null };
}

function entry(n: number): TaskEntry {
  const t = task(n, 'working', 'started');
  return { task: t, origin: 'push', lastSource: 'push', receivedAt: 0, generation: 1, history: [] };
}

function push(queryClient: QueryClient, n: number, status: TaskStatus, message: string) {
  const event: TaskPushEvent = {
    serverUrl: url,
    generation: 1,
    method: 'notifications/tasks/status',
    params: task(n, status, message),
    receivedAt: Date.now(),
  };
  act(() => applyPushes(queryClient, [event]));
  // The query cache tells its observers a tick later; the test waits for what is drawn.
}

/** The task list of TASKS working tasks, drawn; its query client, for pushes. */
async function drawList(): Promise<QueryClient> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(
    mcpKeys.tasks(url),
    Array.from({ length: TASKS }, (_, i) => entry(TASKS - 1 - i)),
  );
  queryClient.setQueryData(mcpKeys.kept(url), []);
  queryClient.setQueryData(mcpKeys.registry(url), 0);
  render(
    <QueryClientProvider client={queryClient}>
      <TaskTable serverUrl={url} session={null} />
    </QueryClientProvider>,
  );
  await screen.findByText('t0');
  return queryClient;
}

/** What draws the list apart from its rows: the parts that need not follow a push that changes no count. */
const STILL = ['ViewSwitch', 'WatchTaskForm', 'TaskFilters', 'SelectShownCheckbox', 'TaskListEmpty', 'PagingFooter', 'BulkBar'];

describe('the task list under pushes', () => {
  it('draws again only the row whose task changed, and the filters only when a count changes', async () => {
    const queryClient = await drawList();
    expect(rendersOf('TaskRow').TaskRow).toBeGreaterThanOrEqual(TASKS);
    // The bulk bar is loaded apart (and draws nothing until a task is ticked): once it has been drawn.
    await vi.waitFor(() => expect(rendersOf('BulkBar').BulkBar).toBeGreaterThan(0), WAIT);

    // A push that changes one task's message: one row is drawn again, and none of the rest of the list.
    resetRenders();
    push(queryClient, 2, 'working', 'half way');
    await screen.findByText('half way');
    expect(rendersOf('TaskTable', 'TaskRow', ...STILL)).toEqual({
      TaskTable: 1,
      TaskRow: 1,
      ...Object.fromEntries(STILL.map((name) => [name, 0])),
    });

    // A push that ends a task changes the counts: the filters are drawn again, with the new numbers.
    resetRenders();
    push(queryClient, 3, 'completed', 'done');
    await screen.findByText('done');
    expect(rendersOf('TaskRow', 'TaskFilters')).toEqual({ TaskRow: 1, TaskFilters: 1 });
    expect(screen.getByRole('option', { name: 'completed (1)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'working (4)' })).toBeTruthy();
  });

  it('gives the bulk bar the list while tasks are ticked, and it follows their pushes', async () => {
    const queryClient = await drawList();
    act(() => bulkSelection.getState().taskChecked(url, 't1', true));
    const bar = await screen.findByRole('group', { name: 'Selected tasks' });
    expect(bar.textContent).toContain('1 running · 0 ended');
    push(queryClient, 1, 'completed', 'finished');
    await vi.waitFor(() => expect(bar.textContent).toContain('0 running · 1 ended'), WAIT);
  });
});
