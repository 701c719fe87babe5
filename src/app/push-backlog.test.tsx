// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionEvents } from '../mcp/connection-store';
import { mcpKeys } from '../tasks/keys';
import { liveStore } from '../tasks/live-store';
import { findTask, type TaskEntry } from '../tasks/task-cache';
import { usePushSync } from './task-sync';

afterEach(() => {
  cleanup();
  liveStore.getState().liveUpdatesResumed();
});
const SERVER = 'http://127.0.0.1:9/mcp';
let seq = 0;
function push(taskId: string, status: string) {
  const at = new Date(Date.UTC(2026, 0, 1) + seq++).toISOString();
  sessionEvents.emit('taskPush', {
    serverUrl: SERVER,
    generation: 1,
    method: 'notifications/tasks/status',
    params: { taskId, status, createdAt: '2026-01-01T00:00:00.000Z', lastUpdatedAt: at, ttl: null },
    receivedAt: seq,
  });
}
function mount() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const frames: Array<() => void> = [];
  const timeouts: Array<() => void> = [];
  /** The page's clock: it moves only when a test moves it, so no test depends on how fast the machine pushes. */
  let clock = 0;
  const scheduler = {
    frame: (fn: () => void) => void frames.push(fn),
    timeout: (fn: () => void) => void timeouts.push(fn),
    now: () => clock,
  };
  renderHook(() => usePushSync(scheduler), { wrapper });
  const entries = () => queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(SERVER)) ?? [];
  /** A hidden tab: no frame ever runs; one timer wake-up runs the timeouts asked for so far. */
  const wakeUp = () => {
    const due = timeouts.splice(0);
    for (const fn of due) fn();
  };
  const runFrames = () => {
    while (frames.length) frames.shift()?.();
  };
  const advance = (ms: number) => {
    clock += ms;
  };
  return { entries, wakeUp, runFrames, advance, pendingFrames: () => frames.length };
}

describe('pushes waiting for their write: a hidden tab, and a pause during a resumed backlog', () => {
  it('hidden tab: each timer wake-up writes everything pending, so a stream faster than a slice per wake-up does not pile up', async () => {
    const { entries, wakeUp } = mount();
    let emitted = 0;
    for (let second = 0; second < 5; second++) {
      for (let i = 0; i < 2000; i++) push(`s${emitted++}`, 'working');
      await Promise.resolve();
      wakeUp();
    }
    // Everything pushed before the last wake-up is in the list.
    expect(entries().length).toBe(emitted);
  });

  it('hidden tab, a storm (pushes a millisecond apart): every wake-up writes everything pending, and frames are used again once they run', async () => {
    const { entries, wakeUp, advance, runFrames, pendingFrames } = mount();
    let emitted = 0;
    const framesAsked: number[] = [];
    for (let second = 0; second < 6; second++) {
      for (let i = 0; i < 2000; i++) {
        push(`t${emitted++}`, 'working');
        advance(1);
      }
      await Promise.resolve();
      wakeUp();
      expect(entries().length).toBe(emitted);
      framesAsked.push(pendingFrames());
    }
    // Frames that never run are not asked for once per wake-up: after the storm began, no more of them.
    expect(framesAsked.slice(3)).toEqual([framesAsked[2], framesAsked[2], framesAsked[2]]);
    // Shown: frames run. The storm's next write waits for a frame again, so a wake-up alone writes nothing.
    runFrames();
    advance(1);
    push('shown-1', 'working');
    push('shown-2', 'working');
    await Promise.resolve();
    const before = entries().length;
    wakeUp();
    expect(entries().length).toBe(before);
    runFrames();
    expect(findTask(entries(), 'shown-2')?.task.status).toBe('working');
  });

  it('hidden tab: a task that completed before the wake-up shows completed after it', async () => {
    const { entries, wakeUp } = mount();
    push('x', 'working');
    await Promise.resolve();
    for (let i = 0; i < 1500; i++) push(`o${i}`, 'working');
    push('x', 'completed');
    wakeUp();
    expect(findTask(entries(), 'x')?.task.status).toBe('completed');
  });

  it('paused again while a resumed backlog is being written a slice a frame: the list stops changing, and the rest is written on resume', () => {
    const { entries, runFrames } = mount();
    liveStore.getState().liveUpdatesPaused();
    for (let i = 0; i < 2500; i++) push(`p${i}`, 'working');
    liveStore.getState().liveUpdatesResumed();
    liveStore.getState().liveUpdatesPaused();
    const atPause = entries().length;
    runFrames();
    expect(entries().length).toBe(atPause);
    expect(atPause).toBeLessThan(2500);
    liveStore.getState().liveUpdatesResumed();
    runFrames();
    expect(entries().length).toBe(2500);
  });
});
