import { describe, expect, it } from 'vitest';
import { AUTO_FETCH_CONCURRENCY, AutoFetcher, type AutoFetchView } from './auto-fetch';
import type { TaskStatus } from './status';
import type { TaskEntry } from './task-cache';

function entry(id: string, status: TaskStatus, options: { ranHere?: boolean; expired?: boolean } = {}): TaskEntry {
  return {
    task: { taskId: id, status, createdAt: '', lastUpdatedAt: '', ttl: null },
    origin: 'create',
    lastSource: 'push',
    receivedAt: 0,
    generation: 1,
    history: options.ranHere ? [{ at: 0, status: 'working', source: 'create' }] : [],
    ...(options.expired && { expired: { at: 0, reason: 'gone' } }),
  };
}

/** An auto-fetcher over a list the test holds, whose fetches the test ends by hand. */
function setup(entries: TaskEntry[], settings: { enabled?: boolean; paused?: boolean; has?: string[] } = {}) {
  const state = { enabled: settings.enabled ?? true, paused: settings.paused ?? false };
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const view: AutoFetchView = {
    enabled: () => state.enabled,
    paused: () => state.paused,
    entry: (id) => entries.find((e) => e.task.taskId === id),
    hasResult: (id) => settings.has?.includes(id) ?? false,
  };
  const fetcher = new AutoFetcher(view, (id) => {
    started.push(id);
    return new Promise<void>((resolve) => finish.set(id, resolve));
  });
  return { fetcher, started, state, finish: (id: string) => finish.get(id)?.() };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('auto-fetch', () => {
  it('starts the fetch when told a task ended, in the same call, and only once per task', () => {
    const { fetcher, started } = setup([entry('a', 'completed', { ranHere: true })]);
    fetcher.ended(['a']);
    expect(started).toEqual(['a']);
    fetcher.ended(['a']);
    fetcher.scan([entry('a', 'completed', { ranHere: true })]);
    expect(started).toEqual(['a']);
  });

  it('never fetches a task it only saw ended, an expired one, one whose result is there, or with Auto-fetch off', () => {
    const entries = [
      entry('listed', 'completed'),
      entry('gone', 'failed', { ranHere: true, expired: true }),
      entry('has', 'completed', { ranHere: true }),
      entry('off', 'completed', { ranHere: true }),
    ];
    const { fetcher, started, state } = setup(entries, { has: ['has'] });
    fetcher.ended(['listed', 'gone', 'has', 'missing']);
    state.enabled = false;
    fetcher.ended(['off']);
    expect(started).toEqual([]);
    // Turned on again: a look over the list finds what ended meanwhile.
    state.enabled = true;
    fetcher.scan(entries);
    expect(started).toEqual(['off']);
  });

  it(`fetches at most ${AUTO_FETCH_CONCURRENCY} at once; the rest start in the order they ended as fetches finish`, async () => {
    const entries = Array.from({ length: 10 }, (_, i) => entry(`t${i}`, 'completed', { ranHere: true }));
    const { fetcher, started, finish } = setup(entries);
    fetcher.ended(entries.map((e) => e.task.taskId).reverse());
    expect(started).toEqual(['t9', 't8', 't7', 't6']);
    finish('t8');
    await settle();
    expect(started).toEqual(['t9', 't8', 't7', 't6', 't5']);
  });

  it('once its session is over, starts nothing more, even when a fetch of that session finishes', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => entry(`t${i}`, 'completed', { ranHere: true }));
    const { fetcher, started, finish } = setup(entries);
    fetcher.ended(entries.map((e) => e.task.taskId));
    expect(started).toHaveLength(AUTO_FETCH_CONCURRENCY);
    fetcher.dispose();
    finish('t0');
    await settle();
    fetcher.ended(['t5']);
    fetcher.scan(entries);
    expect(started).toHaveLength(AUTO_FETCH_CONCURRENCY);
  });

  it('starts nothing while live updates are paused, and what waited once they resume', () => {
    const { fetcher, started, state } = setup([entry('a', 'completed', { ranHere: true })], { paused: true });
    fetcher.ended(['a']);
    expect(started).toEqual([]);
    state.paused = false;
    fetcher.pump();
    expect(started).toEqual(['a']);
  });
});
