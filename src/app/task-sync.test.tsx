// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionEvents } from '../mcp/connection-store';
import type { McpSession } from '../mcp/session';
import { applyPushes, mergeListedPage, writeTask } from '../tasks/cache-writes';
import { mcpKeys } from '../tasks/keys';
import { liveStore } from '../tasks/live-store';
import { MAX_PUSHES_PER_WRITE } from '../tasks/push-buffer';
import type { TaskEntry } from '../tasks/task-cache';
import { prefsStore } from '../tasks/prefs-store';
import type { Task } from '../tasks/task';
import { usePushSync, useSessionSync } from './task-sync';

afterEach(cleanup);

const SERVER = 'http://127.0.0.1:9/mcp';
const task = (taskId: string, status: Task['status'], at: string): Task => ({
  taskId,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUpdatedAt: at,
  ttl: null,
});

/** A session whose client notes every request and never answers (the test looks at what was asked, and when). */
function fakeSession() {
  const asked: string[] = [];
  const client = {
    request: (request: { method: string; params?: Record<string, unknown> }) => {
      const taskId = request.params?.taskId;
      asked.push(typeof taskId === 'string' ? `${request.method} ${taskId}` : request.method);
      return new Promise<never>(() => {});
    },
    listTools: () => new Promise<never>(() => {}),
  };
  const session = {
    client,
    serverUrl: SERVER,
    generation: 1,
    transport: 'streamable-http',
    transportNote: undefined,
    serverInfo: undefined,
    protocolVersion: '2025-11-25',
    capabilities: { tasks: { list: {} } },
    instructions: undefined,
    notificationStream: Promise.resolve('open'),
    close: async () => {},
  } as unknown as McpSession;
  return { session, asked };
}

function mount() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { session, asked } = fakeSession();
  renderHook(() => useSessionSync(session), { wrapper });
  // A task this page saw running.
  writeTask(queryClient, SERVER, task('t1', 'working', '2026-01-01T00:00:01.000Z'), { source: 'create', now: 1, generation: 1 });
  return { queryClient, asked };
}

describe('auto-fetch starts from the transition itself', () => {
  it('a terminal push asks for tasks/result before the write returns (no timer, no later scan)', () => {
    prefsStore.getState().autoFetchToggled(true);
    const { queryClient, asked } = mount();
    expect(asked).not.toContain('tasks/result t1');
    applyPushes(queryClient, [
      {
        serverUrl: SERVER,
        generation: 1,
        method: 'notifications/tasks/status',
        params: task('t1', 'completed', '2026-01-01T00:00:02.000Z'),
        receivedAt: 2,
      },
    ]);
    expect(asked.filter((m) => m === 'tasks/result t1')).toHaveLength(1);
  });

  it('so does a poll answer, and a tasks/list page, that end a task', () => {
    prefsStore.getState().autoFetchToggled(true);
    const { queryClient, asked } = mount();
    writeTask(queryClient, SERVER, task('t1', 'failed', '2026-01-01T00:00:02.000Z'), { source: 'poll', now: 2, generation: 1 });
    expect(asked).toContain('tasks/result t1');
    writeTask(queryClient, SERVER, task('t2', 'working', '2026-01-01T00:00:01.000Z'), { source: 'create', now: 3, generation: 1 });
    mergeListedPage(queryClient, SERVER, [task('t2', 'completed', '2026-01-01T00:00:03.000Z')], 1);
    expect(asked).toContain('tasks/result t2');
  });

  it('with Auto-fetch off nothing is fetched; turning it on fetches what ended meanwhile', () => {
    prefsStore.getState().autoFetchToggled(false);
    const { queryClient, asked } = mount();
    writeTask(queryClient, SERVER, task('t1', 'completed', '2026-01-01T00:00:02.000Z'), { source: 'poll', now: 2, generation: 1 });
    expect(asked).not.toContain('tasks/result t1');
    prefsStore.getState().autoFetchToggled(true);
    expect(asked).toContain('tasks/result t1');
  });
});

describe('a burst of pushes is written a slice a frame', () => {
  /** usePushSync with frames run by the test: the cache's task count after each write. */
  function mountPushSync() {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const frames: Array<() => void> = [];
    const scheduler = {
      frame: (fn: () => void) => void frames.push(fn),
      timeout: () => {},
      now: () => performance.now(),
      hidden: () => false,
    };
    renderHook(() => usePushSync(scheduler), { wrapper });
    const listed = () => queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(SERVER))?.length ?? 0;
    /** Runs the frames asked for so far, and says how many tasks each left listed. */
    const runFrames = () => {
      const counts: number[] = [];
      while (frames.length > 0) {
        frames.shift()?.();
        counts.push(listed());
      }
      return counts;
    };
    return { listed, runFrames };
  }
  const burst = (count: number) => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.UTC(2026, 0, 1) + i).toISOString();
      sessionEvents.emit('taskPush', {
        serverUrl: SERVER,
        generation: 1,
        method: 'notifications/tasks/status',
        params: { taskId: `b${i}`, status: 'working', createdAt: at, lastUpdatedAt: at, ttl: null },
        receivedAt: i,
      });
    }
  };

  it('2,500 unseen tasks announced at once: no write holds more than one slice, and every task is listed in the end', async () => {
    const { listed, runFrames } = mountPushSync();
    burst(2500);
    await Promise.resolve();
    // The first slice is written at once (a push after a quiet spell), the rest one slice per frame.
    expect(listed()).toBe(MAX_PUSHES_PER_WRITE);
    const counts = runFrames();
    expect(counts).toEqual([2 * MAX_PUSHES_PER_WRITE, 2500]);
  });

  it('so is what was held while live updates were paused, once they resume', () => {
    const { listed, runFrames } = mountPushSync();
    liveStore.getState().liveUpdatesPaused();
    burst(1500);
    expect(listed()).toBe(0);
    liveStore.getState().liveUpdatesResumed();
    expect(listed()).toBe(MAX_PUSHES_PER_WRITE);
    expect(runFrames()).toEqual([1500]);
  });
});
