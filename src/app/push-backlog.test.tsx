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
function mount({ hidden = true } = {}) {
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
    hidden: () => hidden,
  };
  renderHook(() => usePushSync(scheduler), { wrapper });
  const entries = () => queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(SERVER)) ?? [];
  /** One timer wake-up (a hidden tab's, once a second or less): runs the timeouts asked for so far, no frame. */
  const wakeUp = () => {
    const due = timeouts.splice(0);
    for (const fn of due) fn();
  };
  const runFrames = () => {
    while (frames.length) frames.shift()?.();
  };
  /** One animation frame: runs the frame callbacks asked for so far. */
  const nextFrame = () => {
    for (const fn of frames.splice(0)) fn();
  };
  const advance = (ms: number) => {
    clock += ms;
  };
  const show = () => {
    hidden = false;
  };
  return { entries, wakeUp, runFrames, nextFrame, advance, show };
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

  it('hidden tab, a storm (pushes a millisecond apart): every wake-up writes everything pending; once shown, writes wait for a frame again', async () => {
    const { entries, wakeUp, advance, runFrames, show } = mount();
    let emitted = 0;
    for (let second = 0; second < 6; second++) {
      for (let i = 0; i < 2000; i++) {
        push(`t${emitted++}`, 'working');
        advance(1);
      }
      await Promise.resolve();
      wakeUp();
      expect(entries().length).toBe(emitted);
    }
    // Shown: the storm's next write waits for a frame, so a timer alone writes nothing.
    show();
    push('shown-1', 'working');
    push('shown-2', 'working');
    await Promise.resolve();
    const before = entries().length;
    wakeUp();
    expect(entries().length).toBe(before);
    runFrames();
    expect(findTask(entries(), 'shown-2')?.task.status).toBe('working');
  });

  it('visible tab whose frame came late (the timer wrote first): a burst that follows is still written a slice a frame', async () => {
    const { entries, wakeUp, nextFrame, advance } = mount({ hidden: false });
    push('first', 'working');
    await Promise.resolve();
    advance(1);
    push('second', 'working');
    // No frame for 250 ms (a busy main thread): the timer writes.
    wakeUp();
    expect(entries().length).toBe(2);
    advance(1);
    // A storm push, then 10,000 tasks the page has never seen, before the storm's write.
    for (let i = 0; i < 10_000; i++) push(`b${i}`, 'working');
    wakeUp();
    const sizes: number[] = [entries().length - 2];
    for (let frame = 0; frame < 40 && entries().length < 10_002; frame++) {
      const at = entries().length;
      nextFrame();
      sizes.push(entries().length - at);
    }
    expect(entries().length).toBe(10_002);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
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
    const { entries, runFrames } = mount({ hidden: false });
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
