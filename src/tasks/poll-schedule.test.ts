import { describe, expect, it } from 'vitest';
import { pollBackoff, tasksDueForPoll } from './poll-schedule';
import type { TaskEntry } from './task-cache';

function entry(id: string, status: TaskEntry['task']['status'], receivedAt: number, pollInterval?: number): TaskEntry {
  return {
    task: { taskId: id, status, createdAt: '', lastUpdatedAt: '', ttl: null, ...(pollInterval !== undefined && { pollInterval }) },
    origin: 'create',
    lastSource: 'create',
    receivedAt,
    generation: 1,
    history: [],
  };
}

describe('polling fallback', () => {
  it('polls only non-terminal tasks that were silent for their pollInterval', () => {
    const entries = [
      entry('quiet', 'working', 0, 1000),
      entry('fresh', 'working', 900, 1000),
      entry('done', 'completed', 0),
      entry('asks', 'input_required', 0),
    ];
    expect(tasksDueForPoll(entries, 1000, new Set(), new Map())).toEqual(['quiet', 'asks']);
  });

  it('never polls faster than 250 ms, whatever the server asks for', () => {
    const entries = [entry('greedy', 'working', 0, 10)];
    expect(tasksDueForPoll(entries, 100, new Set(), new Map())).toEqual([]);
    expect(tasksDueForPoll(entries, 250, new Set(), new Map())).toEqual(['greedy']);
  });

  it('gives at most `limit`, the longest overdue first, so thousands of live tasks each get their turn', () => {
    const entries = Array.from({ length: 1000 }, (_, i) => entry(`t${i}`, 'working', i, 1000));
    expect(tasksDueForPoll(entries, 2000, new Set(), new Map(), 3)).toEqual(['t0', 't1', 't2']);
    expect(tasksDueForPoll(entries, 2000, new Set(), new Map(), 0)).toEqual([]);
    expect(tasksDueForPoll(entries, 2000, new Set(), new Map(), -2)).toEqual([]);
    expect(tasksDueForPoll(entries, 2000, new Set(), new Map())).toHaveLength(1000);
    // In list order when they all fit.
    expect(tasksDueForPoll(entries.slice(0, 3).reverse(), 2000, new Set(), new Map(), 5)).toEqual(['t2', 't1', 't0']);
  });

  it('skips tasks already being polled or backing off after errors', () => {
    const entries = [entry('a', 'working', 0), entry('b', 'working', 0)];
    expect(tasksDueForPoll(entries, 5000, new Set(['a']), new Map([['b', 6000]]))).toEqual([]);
  });

  it('backs off exponentially with a cap', () => {
    expect([1, 2, 3, 10].map((n) => pollBackoff(n))).toEqual([1000, 2000, 4000, 30_000]);
  });
});
