import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { behaviourStore } from './behaviour-store';
import { writeTask } from './cache-writes';
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
