import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { mcpKeys } from './keys';
import { nextPollAt } from './poll-schedule';
import { averagePollInterval, backoffUntil, PollStats, pollStats } from './poll-stats';
import { runSyncAction } from './sync-actions';
import { PollingScheduler } from './sync-scheduler';
import type { TaskEntry } from './task-cache';
import type { TaskClient } from '../mcp/task-client';
import { WAIT } from '../lib/test-wait';

const url = 'http://127.0.0.1:1/mcp';

function entry(id: string, receivedAt: number, pollInterval?: number): TaskEntry {
  return {
    task: {
      taskId: id,
      status: 'working',
      createdAt: '',
      lastUpdatedAt: '',
      ttl: null,
      ...(pollInterval !== undefined && { pollInterval }),
    },
    origin: 'create',
    lastSource: 'create',
    receivedAt,
    generation: 1,
    history: [],
  };
}

function fakeClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('poll accounting', () => {
  it('counts polls and failures per task, and averages the time between poll starts', () => {
    const stats = new PollStats();
    stats.pollStarted(url, 'a', 1000);
    expect(stats.get(url, 'a')).toMatchObject({ count: 1, inFlight: true, failed: 0 });
    expect(averagePollInterval(stats.get(url, 'a') ?? fail())).toBeUndefined();
    stats.pollEnded(url, 'a', 'ok', 1100);
    stats.pollStarted(url, 'a', 2100);
    stats.pollEnded(url, 'a', 'failed', 2200);
    stats.pollStarted(url, 'a', 4000);
    const record = stats.get(url, 'a') ?? fail();
    expect(record).toMatchObject({ count: 3, failed: 1, inFlight: true, firstAt: 1000, lastAt: 4000 });
    expect(averagePollInterval(record)).toBe(1500);
    // Another task, and the same task id on another server, are counted apart.
    expect(stats.get(url, 'b')).toBeUndefined();
    expect(stats.get('http://other/mcp', 'a')).toBeUndefined();
  });

  it('tells only the listeners of the task that changed, and keeps the other records as they were', () => {
    const stats = new PollStats();
    stats.pollStarted(url, 'b', 0);
    const before = stats.get(url, 'b');
    const onA = vi.fn();
    const onB = vi.fn();
    const offA = stats.subscribe(url, 'a', onA);
    stats.subscribe(url, 'b', onB);
    stats.pollStarted(url, 'a', 10);
    stats.pollEnded(url, 'a', 'ok', 20);
    expect(onA).toHaveBeenCalledTimes(2);
    expect(onB).not.toHaveBeenCalled();
    expect(stats.get(url, 'b')).toBe(before);
    offA();
    stats.pollStarted(url, 'a', 30);
    expect(onA).toHaveBeenCalledTimes(2);
  });

  it('holds at most its cap of tasks, dropping the least recently polled', () => {
    const stats = new PollStats(2);
    stats.pollStarted(url, 'a', 0);
    stats.pollStarted(url, 'b', 1);
    stats.pollStarted(url, 'a', 2);
    stats.pollStarted(url, 'c', 3);
    expect(stats.get(url, 'b')).toBeUndefined();
    expect(stats.get(url, 'a')?.count).toBe(2);
    expect(stats.get(url, 'c')?.count).toBe(1);
  });

  it('predicts the next poll when the scheduler makes it, through failures and backoff (fake clock)', () => {
    const clock = fakeClock(0);
    const scheduler = new PollingScheduler(clock.now);
    const stats = new PollStats();
    let task = entry('a', 0, 500);
    const outcomes = ['failed', 'failed', 'ok', 'failed'] as const;
    const seenAt: number[] = [];
    const predictedAt: number[] = [];
    for (const outcome of outcomes) {
      predictedAt.push(nextPollAt(task, backoffUntil(stats.get(url, 'a'))));
      // Tick in 10 ms steps until the scheduler polls.
      while (scheduler.due({ entries: [task], selectedTaskId: undefined }).length === 0) clock.advance(10);
      seenAt.push(clock.now());
      stats.pollStarted(url, 'a', clock.now());
      clock.advance(20);
      stats.pollEnded(url, 'a', outcome, clock.now());
      scheduler.pollEnded('a', outcome);
      // An answer is word about the task: the next poll waits its interval from it.
      if (outcome === 'ok') task = { ...task, receivedAt: clock.now() };
    }
    expect(seenAt).toEqual(predictedAt);
    // Two failures back off 1 s, then 2 s, from the failure; an answer resets it and the interval runs from it.
    expect(seenAt).toEqual([500, 1520, 3540, 4060]);
  });

  it('is written by the poller: a tasks/get poll is counted when it starts and when its answer arrives', async () => {
    const queryClient = new QueryClient();
    const taskId = `poll-${Math.random().toString(36).slice(2)}`;
    const task = { taskId, status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:01Z', ttl: null };
    queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(url), [entry(taskId, 0)]);
    let answer: (value: unknown) => void = () => {};
    const client: TaskClient = {
      request: () => new Promise((resolve) => (answer = resolve)),
      listTools: () => Promise.resolve({ tools: [] }),
    };
    const scheduler = new PollingScheduler(Date.now);
    const target = { queryClient, serverUrl: url, generation: 1, client, signal: new AbortController().signal };
    runSyncAction(target, scheduler, { kind: 'poll', taskId });
    expect(pollStats.get(url, taskId)).toMatchObject({ count: 1, inFlight: true });
    answer(task);
    await vi.waitFor(() => expect(pollStats.get(url, taskId)).toMatchObject({ count: 1, inFlight: false, failed: 0 }), WAIT);
  });
});

function fail(): never {
  throw new Error('missing');
}
