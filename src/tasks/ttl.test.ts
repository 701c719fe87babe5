import { describe, expect, it } from 'vitest';
import { applyTaskUpdate, displayStatus, isLive, markExpired } from './task-cache';
import type { Task } from './task';
import { expiresAt, isPastTtl, remainingTtl } from './ttl';

const created = Date.UTC(2026, 0, 1);
const task = (o: Partial<Task> = {}): Task => ({
  taskId: 't',
  status: 'working',
  createdAt: new Date(created).toISOString(),
  lastUpdatedAt: new Date(created).toISOString(),
  ttl: 60_000,
  ...o,
});

describe('TTL maths', () => {
  it('counts down from createdAt + ttl', () => {
    expect(expiresAt(task())).toBe(created + 60_000);
    expect(remainingTtl(task(), created + 15_000)).toBe(45_000);
    expect(isPastTtl(task(), created + 59_999)).toBe(false);
    expect(isPastTtl(task(), created + 60_000)).toBe(true);
  });

  it('treats a null ttl as no expiry, and an unreadable createdAt as unknown', () => {
    expect(expiresAt(task({ ttl: null }))).toBeNull();
    expect(isPastTtl(task({ ttl: null }), Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(expiresAt(task({ createdAt: 'yesterday' }))).toBeNull();
  });
});

describe('expiry and the timeline', () => {
  const start = applyTaskUpdate([], task(), { source: 'create', now: created, generation: 1 }).entries;

  it('shows expired once the TTL passed, and stops asking about the task', () => {
    expect(displayStatus(start[0]!, created + 1000)).toBe('working');
    expect(displayStatus(start[0]!, created + 61_000)).toBe('expired');
    expect(isLive(start[0]!, created + 61_000)).toBe(false);
  });

  it('marks a task the server forgot as expired, and no later status revives it', () => {
    const gone = markExpired(start, 't', 'Task has expired', created + 5);
    expect(displayStatus(gone[0]!, created + 5)).toBe('expired');
    const late = applyTaskUpdate(gone, task({ status: 'completed', lastUpdatedAt: new Date(created + 9).toISOString() }), {
      source: 'push',
      now: 9,
      generation: 1,
    });
    expect(late.rejected).toBe('expired');
    expect(gone[0]!.history.map((h) => h.status)).toEqual(['working', 'expired']);
  });

  it('records every observed change of status or message once, with its source', () => {
    let entries = start;
    const steps: Array<[Partial<Task>, 'push' | 'poll']> = [
      [{ statusMessage: 'Step 1' }, 'push'],
      [{ statusMessage: 'Step 1' }, 'poll'],
      [{ status: 'input_required', statusMessage: 'Need input' }, 'push'],
      [{ status: 'completed', statusMessage: 'Done' }, 'poll'],
    ];
    steps.forEach(([change, source], i) => {
      entries = applyTaskUpdate(entries, task({ ...change, lastUpdatedAt: new Date(created + i + 1).toISOString() }), {
        source,
        now: i + 1,
        generation: 1,
      }).entries;
    });
    expect(entries[0]!.history.map((h) => [h.status, h.statusMessage, h.source])).toEqual([
      ['working', undefined, 'create'],
      ['working', 'Step 1', 'push'],
      ['input_required', 'Need input', 'push'],
      ['completed', 'Done', 'poll'],
    ]);
  });

  it('lets a server correction override an optimistic cancel', () => {
    const cancelled = applyTaskUpdate(start, task({ status: 'cancelled' }), { source: 'cancel', now: 1, generation: 1 }).entries;
    const server = task({ status: 'completed', lastUpdatedAt: new Date(created + 2).toISOString() });
    expect(applyTaskUpdate(cancelled, server, { source: 'poll', now: 2, generation: 1 }).entries[0]!.task.status).toBe('cancelled');
    expect(applyTaskUpdate(cancelled, server, { source: 'poll', now: 2, generation: 1, force: true }).entries[0]!.task.status).toBe(
      'completed',
    );
  });
});
