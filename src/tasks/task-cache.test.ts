import { describe, expect, it } from 'vitest';
import { parseTask, type Task } from './task';
import {
  applyTaskUpdate,
  applyTaskUpdates,
  compareNewestFirst,
  isFromEarlierSession,
  MAX_MESSAGE_RUN,
  mergeListedTasks,
  withinTaskLimit,
  type TaskEntry,
} from './task-cache';

function task(id: string, overrides: Partial<Task> = {}): Task {
  return {
    taskId: id,
    status: 'working',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdatedAt: '2026-01-01T00:00:00.000Z',
    ttl: 60_000,
    pollInterval: 1000,
    ...overrides,
  };
}

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

describe('applyTaskUpdate: notification → cache', () => {
  it('inserts an unknown task, remembering how it was learned', () => {
    const { entries, rejected } = applyTaskUpdate([], task('a'), {
      source: 'push',
      now: 5,
      generation: 1,
      pushMethod: 'notifications/tasks/status',
    });
    expect(rejected).toBeUndefined();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ origin: 'push', lastSource: 'push', receivedAt: 5, pushMethod: 'notifications/tasks/status' });
  });

  it('moves a task whose creation time changes to its place, one by one and in a batch alike', () => {
    // Found by the batch fuzz test: a task first seen without a parseable createdAt sorts last; when the time
    // comes, it must move up, or the list is no longer sorted and later binary-search inserts land wrong.
    const info = { source: 'push' as const, now: 1, generation: 1 };
    const updates = [task('a', { createdAt: at(1) }), task('b', { createdAt: '' }), task('b', { createdAt: at(5), lastUpdatedAt: at(6) })];
    let one: TaskEntry[] = [];
    for (const t of updates) one = applyTaskUpdate(one, t, info).entries;
    expect(one.map((e) => e.task.taskId)).toEqual(['b', 'a']);
    expect(
      applyTaskUpdates(
        [],
        updates.map((t) => ({ task: t, info })),
      ).entries.map((e) => e.task.taskId),
    ).toEqual(['b', 'a']);
    // A batch that only updates known tasks moves it too.
    const held = applyTaskUpdate(applyTaskUpdate([], updates[0]!, info).entries, updates[1]!, info).entries;
    expect(held.map((e) => e.task.taskId)).toEqual(['a', 'b']);
    expect(applyTaskUpdates(held, [{ task: updates[2]!, info }]).entries.map((e) => e.task.taskId)).toEqual(['b', 'a']);
  });

  it('patches a known task in place and keeps what the page knew (its tool)', () => {
    const start = applyTaskUpdate([], task('a'), { source: 'create', now: 1, generation: 1, toolName: 'countdown' }).entries;
    const next = applyTaskUpdate(start, task('a', { statusMessage: 'Step 2', lastUpdatedAt: at(2) }), {
      source: 'push',
      now: 2,
      generation: 1,
    });
    expect(next.entries).toHaveLength(1);
    expect(next.entries[0]!.task.statusMessage).toBe('Step 2');
    expect(next.entries[0]!.toolName).toBe('countdown');
    expect(next.entries[0]!.origin).toBe('create');
    expect(next.entries[0]!.lastSource).toBe('push');
    expect(start[0]!.task.statusMessage).toBeUndefined(); // the old array is untouched
  });

  it('lets a tools/call reply that arrives after pushes add only its tool, not its older state', () => {
    const pushed = applyTaskUpdate([], task('a', { status: 'input_required', lastUpdatedAt: at(1) }), {
      source: 'push',
      now: 1,
      generation: 1,
    }).entries;
    const replied = applyTaskUpdate(pushed, task('a', { status: 'working', lastUpdatedAt: at(1) }), {
      source: 'create',
      now: 2,
      generation: 1,
      toolName: 'ask',
    });
    expect(replied.entries[0]!.task.status).toBe('input_required');
    expect(replied.entries[0]!.toolName).toBe('ask');
    expect(replied.entries[0]!.history).toHaveLength(1);
  });

  it('keeps a bounded run of message changes within one status, and every status change', () => {
    let entries = applyTaskUpdate([], task('a'), { source: 'create', now: 0, generation: 1 }).entries;
    for (let i = 1; i <= 100; i++)
      entries = applyTaskUpdate(entries, task('a', { statusMessage: `step ${i}`, lastUpdatedAt: at(i) }), {
        source: 'push',
        now: i,
        generation: 1,
      }).entries;
    const history = entries[0]?.history ?? [];
    expect(history).toHaveLength(MAX_MESSAGE_RUN);
    expect(history[0]?.statusMessage).toBeUndefined();
    expect(history[MAX_MESSAGE_RUN - 2]?.statusMessage).toBe(`step ${MAX_MESSAGE_RUN - 2}`);
    expect(history[MAX_MESSAGE_RUN - 1]?.statusMessage).toBe('step 100');
    entries = applyTaskUpdate(entries, task('a', { status: 'completed', statusMessage: 'done', lastUpdatedAt: at(101) }), {
      source: 'push',
      now: 101,
      generation: 1,
    }).entries;
    expect(entries[0]?.history.map((h) => h.status).slice(-2)).toEqual(['working', 'completed']);
  });

  it('keeps the source of the last real change when a poll only confirms it', () => {
    const pushed = applyTaskUpdate([], task('a', { status: 'completed', lastUpdatedAt: at(5) }), {
      source: 'push',
      now: 1,
      generation: 1,
    }).entries;
    const confirmed = applyTaskUpdate(pushed, task('a', { status: 'completed', lastUpdatedAt: at(5) }), {
      source: 'poll',
      now: 2,
      generation: 1,
    }).entries;
    expect(confirmed[0]).toMatchObject({ lastSource: 'push', receivedAt: 2 });
  });

  it('never lets a terminal status change', () => {
    const done = applyTaskUpdate([], task('a', { status: 'completed', lastUpdatedAt: at(5) }), {
      source: 'push',
      now: 1,
      generation: 1,
    }).entries;
    const late = applyTaskUpdate(done, task('a', { status: 'working', lastUpdatedAt: at(9) }), { source: 'poll', now: 2, generation: 1 });
    expect(late.rejected).toBe('terminal-changed');
    expect(late.entries[0]!.task.status).toBe('completed');
    const cancelled = applyTaskUpdate([], task('b', { status: 'cancelled' }), { source: 'cancel', now: 1, generation: 1 }).entries;
    expect(
      applyTaskUpdate(cancelled, task('b', { status: 'completed', lastUpdatedAt: at(9) }), { source: 'push', now: 2, generation: 1 })
        .entries[0]!.task.status,
    ).toBe('cancelled');
  });

  it('ignores an update older than the one held (out-of-order delivery)', () => {
    const held = applyTaskUpdate([], task('a', { statusMessage: 'Step 3', lastUpdatedAt: at(3) }), {
      source: 'push',
      now: 1,
      generation: 1,
    }).entries;
    const older = applyTaskUpdate(held, task('a', { statusMessage: 'Step 1', lastUpdatedAt: at(1) }), {
      source: 'poll',
      now: 2,
      generation: 1,
    });
    expect(older.rejected).toBe('stale');
    expect(older.entries[0]!.task.statusMessage).toBe('Step 3');
    expect(older.entries[0]!.receivedAt).toBe(2);
  });

  it('keeps the list newest first whatever order tasks arrive in', () => {
    let entries: TaskEntry[] = [];
    for (const [id, s] of [
      ['b', 2],
      ['c', 3],
      ['a', 1],
    ] as const) {
      entries = applyTaskUpdate(entries, task(id, { createdAt: at(s) }), { source: 'list', now: 0, generation: 1 }).entries;
    }
    expect(entries.map((e) => e.task.taskId)).toEqual(['c', 'b', 'a']);
    expect([...entries].sort(compareNewestFirst)).toEqual(entries);
  });

  it('merges tasks/list without dropping tasks only this page knows', () => {
    const mine = applyTaskUpdate([], task('mine', { createdAt: at(9) }), {
      source: 'create',
      now: 0,
      generation: 1,
      toolName: 'x',
    }).entries;
    const merged = mergeListedTasks(
      mine,
      [task('theirs', { createdAt: at(1) }), task('mine', { createdAt: at(9), status: 'completed', lastUpdatedAt: at(10) })],
      1,
      2,
    );
    expect(merged.map((e) => [e.task.taskId, e.task.status])).toEqual([
      ['mine', 'completed'],
      ['theirs', 'working'],
    ]);
    expect(merged.every((e) => e.generation === 2)).toBe(true);
  });

  it('marks tasks not confirmed by the current session as from an earlier one', () => {
    const old = applyTaskUpdate([], task('a'), { source: 'create', now: 0, generation: 1 }).entries;
    const relisted = mergeListedTasks(old, [], 1, 2);
    expect(isFromEarlierSession(relisted[0]!, 2)).toBe(true);
    const confirmed = applyTaskUpdate(relisted, task('a', { lastUpdatedAt: at(5) }), { source: 'poll', now: 2, generation: 2 }).entries;
    expect(isFromEarlierSession(confirmed[0]!, 2)).toBe(false);
  });
});

describe('parseTask', () => {
  it('rejects payloads without a taskId or with an unknown status', () => {
    expect(parseTask(null)).toBeNull();
    expect(parseTask({ status: 'working' })).toBeNull();
    expect(parseTask({ taskId: 'a', status: 'done' })).toBeNull();
  });

  it('normalises odd ttl and pollInterval values instead of trusting them', () => {
    const t = parseTask({ taskId: 'a', status: 'working', createdAt: 'x', ttl: -5, pollInterval: 'fast' });
    expect(t).toMatchObject({ taskId: 'a', ttl: null, lastUpdatedAt: 'x' });
    expect(t?.pollInterval).toBeUndefined();
  });
});

describe('withinTaskLimit', () => {
  it('lets updates of known tasks through and new tasks only while there is room', () => {
    const info = { source: 'push' as const, now: 0, generation: 1 };
    const held = mergeListedTasks([], [task('a'), task('b')], 0, 1);
    const updates = ['a', 'n1', 'n2', 'n1', 'b', 'n3'].map((id) => ({ task: task(id), info }));
    expect(withinTaskLimit(held, updates, 4).map((u) => u.task.taskId)).toEqual(['a', 'n1', 'n2', 'n1', 'b']);
    expect(withinTaskLimit(held, updates, 2).map((u) => u.task.taskId)).toEqual(['a', 'b']);
  });
});
