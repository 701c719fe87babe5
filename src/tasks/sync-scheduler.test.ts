import { describe, expect, it } from 'vitest';
import { POLL_CONCURRENCY, PollingScheduler, STREAM_LIMIT, STREAM_RETRY_MS, type SyncView } from './sync-scheduler';
import type { TaskEntry } from './task-cache';
import type { TaskStatus } from './status';

function entry(id: string, status: TaskStatus, receivedAt: number, options: { ranHere?: boolean; pollInterval?: number } = {}): TaskEntry {
  return {
    task: {
      taskId: id,
      status,
      createdAt: '',
      lastUpdatedAt: '',
      ttl: null,
      ...(options.pollInterval !== undefined && { pollInterval: options.pollInterval }),
    },
    origin: 'create',
    lastSource: 'push',
    receivedAt,
    generation: 1,
    history: options.ranHere ? [{ at: 0, status: 'working', source: 'create' }] : [],
  };
}

/** A clock the test moves by hand. */
function fakeClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

function view(entries: TaskEntry[], extra: Partial<SyncView> = {}): SyncView {
  return { entries, selectedTaskId: undefined, ...extra };
}

const kinds = (actions: { kind: string; taskId: string }[]) => actions.map((a) => `${a.kind}:${a.taskId}`);

describe('sync scheduler (seed and 2025-11-25 rules)', () => {
  it('polls a task once it has been silent for its poll interval, and not again while that poll is out', () => {
    const clock = fakeClock(0);
    const scheduler = new PollingScheduler(clock.now);
    const entries = [entry('a', 'working', 0, { pollInterval: 1000 })];
    expect(scheduler.due(view(entries))).toEqual([]);
    clock.advance(1000);
    expect(kinds(scheduler.due(view(entries)))).toEqual(['poll:a']);
    expect(scheduler.due(view(entries))).toEqual([]);
    scheduler.pollEnded('a', 'ok');
    expect(kinds(scheduler.due(view(entries)))).toEqual(['poll:a']);
  });

  it('backs off a task whose polls fail, doubling the wait, and forgets the failures after a success', () => {
    const clock = fakeClock(10_000);
    const scheduler = new PollingScheduler(clock.now);
    const entries = [entry('a', 'working', 0)];
    scheduler.due(view(entries));
    scheduler.pollEnded('a', 'failed');
    clock.advance(999);
    expect(scheduler.due(view(entries))).toEqual([]);
    clock.advance(1);
    expect(kinds(scheduler.due(view(entries)))).toEqual(['poll:a']);
    scheduler.pollEnded('a', 'failed');
    clock.advance(1999);
    expect(scheduler.due(view(entries))).toEqual([]);
    clock.advance(1);
    scheduler.due(view(entries));
    scheduler.pollEnded('a', 'ok');
    expect(kinds(scheduler.due(view(entries)))).toEqual(['poll:a']);
  });

  it(`keeps at most ${POLL_CONCURRENCY} polls out at once, however many tasks are live`, () => {
    const clock = fakeClock(60_000);
    const scheduler = new PollingScheduler(clock.now);
    const entries = Array.from({ length: 100 }, (_, i) => entry(`t${i}`, 'working', i));
    expect(scheduler.due(view(entries))).toHaveLength(POLL_CONCURRENCY);
    expect(scheduler.due(view(entries))).toHaveLength(0);
    scheduler.pollEnded('t0', 'ok');
    scheduler.pollEnded('t1', 'gone');
    expect(scheduler.due(view(entries))).toHaveLength(2);
  });

  it(`listens for input requests on at most ${STREAM_LIMIT} tasks, but always on the selected one`, () => {
    const clock = fakeClock(0);
    const scheduler = new PollingScheduler(clock.now);
    const entries = Array.from({ length: 6 }, (_, i) => entry(`t${i}`, 'input_required', 0, { pollInterval: 60_000 }));
    const first = kinds(scheduler.due(view(entries, { selectedTaskId: 't5' })));
    expect(first).toEqual(['input-stream:t0', 'input-stream:t1', 'input-stream:t2', 'input-stream:t5']);
    expect(scheduler.due(view(entries, { selectedTaskId: 't5' }))).toEqual([]);
  });

  it('does not ask again a server that refused an early tasks/result, and retries one that failed after a while', () => {
    const clock = fakeClock(0);
    const scheduler = new PollingScheduler(clock.now);
    const entries = [
      entry('refused', 'input_required', 0, { pollInterval: 600_000 }),
      entry('flaky', 'input_required', 0, { pollInterval: 600_000 }),
    ];
    expect(kinds(scheduler.due(view(entries)))).toEqual(['input-stream:refused', 'input-stream:flaky']);
    scheduler.streamEnded('refused', 'refused');
    scheduler.streamEnded('flaky', 'failed');
    clock.advance(STREAM_RETRY_MS - 1);
    expect(scheduler.due(view(entries))).toEqual([]);
    clock.advance(1);
    expect(kinds(scheduler.due(view(entries)))).toEqual(['input-stream:flaky']);
  });
});
