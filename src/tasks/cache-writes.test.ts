import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { behaviourStore } from './behaviour-store';
import { applyPushes, writeTask } from './cache-writes';
import { mcpKeys } from './keys';
import type { Task } from './task';

const task = (lastUpdatedAt: string): Task => ({
  taskId: 't1',
  status: 'working',
  createdAt: '2026-12-04T10:00:00.000Z',
  lastUpdatedAt,
  ttl: null,
});

const warningsOf = (serverUrl: string) => behaviourStore.getState().byServer[serverUrl]?.warnings.map((w) => w.kind) ?? [];

describe('writeTask: an older state is refused, and blamed on the server only when it is', () => {
  it('a poll answer overtaken by a newer push is ignored without a warning (the request was out first)', () => {
    const url = 'http://127.0.0.1:1/overtaken';
    const queryClient = new QueryClient();
    writeTask(queryClient, url, task('2026-12-04T10:00:00.000Z'), { source: 'create', now: 1_000, generation: 1 });
    writeTask(queryClient, url, task('2026-12-04T10:00:02.000Z'), { source: 'push', now: 2_000, generation: 1 });
    const outcome = writeTask(queryClient, url, task('2026-12-04T10:00:01.000Z'), { source: 'poll', now: 2_100, generation: 1 });
    expect(outcome.rejected).toBe('stale');
    expect(warningsOf(url)).toEqual([]);
  });

  it('a push overtaken by a newer poll answer (another connection) is ignored without a warning', () => {
    const url = 'http://127.0.0.1:1/crossed';
    const queryClient = new QueryClient();
    writeTask(queryClient, url, task('2026-12-04T10:00:00.000Z'), { source: 'create', now: 1_000, generation: 1 });
    writeTask(queryClient, url, task('2026-12-04T10:00:02.000Z'), { source: 'poll', now: 2_000, generation: 1 });
    const outcome = writeTask(queryClient, url, task('2026-12-04T10:00:01.000Z'), { source: 'push', now: 2_100, generation: 1 });
    expect(outcome.rejected).toBe('stale');
    expect(warningsOf(url)).toEqual([]);
  });

  it('a push older than the push before it is the server going backwards: warned', () => {
    const url = 'http://127.0.0.1:1/backwards';
    const queryClient = new QueryClient();
    writeTask(queryClient, url, task('2026-12-04T10:00:02.000Z'), { source: 'push', now: 2_000, generation: 1 });
    writeTask(queryClient, url, task('2026-12-04T10:00:01.000Z'), { source: 'push', now: 2_100, generation: 1 });
    expect(warningsOf(url)).toEqual(['status-backwards']);
  });

  it('a poll answer older than a push that came long before is warned', () => {
    const url = 'http://127.0.0.1:1/late';
    const queryClient = new QueryClient();
    writeTask(queryClient, url, task('2026-12-04T10:00:02.000Z'), { source: 'push', now: 2_000, generation: 1 });
    writeTask(queryClient, url, task('2026-12-04T10:00:01.000Z'), { source: 'poll', now: 60_000, generation: 1 });
    expect(warningsOf(url)).toEqual(['status-backwards']);
  });
});

describe('applyPushes: a push about a task the last listing did not hold', () => {
  const pushOf = (url: string, taskId: string, createdAt: string) => ({
    serverUrl: url,
    generation: 1,
    method: 'notifications/tasks/status' as const,
    params: { taskId, status: 'working', createdAt, lastUpdatedAt: createdAt, ttl: null },
    receivedAt: Date.now(),
  });

  it('is suspicious only when the task is older than the last tasks/list page, not than the last write', () => {
    const url = 'http://127.0.0.1:1/unknown';
    const queryClient = new QueryClient();
    const listedAt = Date.now() - 60_000;
    queryClient.setQueryData(mcpKeys.tasksPaging(url), { pagesLoaded: 1, skipped: 0, generation: 1 }, { updatedAt: listedAt });
    // A burst of new tasks, the first written a while ago: the write is no listing.
    applyPushes(queryClient, [pushOf(url, 'early', new Date(listedAt + 10_000).toISOString())]);
    applyPushes(queryClient, [pushOf(url, 'burst', new Date(listedAt + 20_000).toISOString())]);
    expect(warningsOf(url)).toEqual([]);
    // A task created an hour before the listing, which the listing did not hold: warned.
    applyPushes(queryClient, [pushOf(url, 'ghost', new Date(listedAt - 3_600_000).toISOString())]);
    expect(warningsOf(url)).toEqual(['unknown-task-push']);
  });
});
