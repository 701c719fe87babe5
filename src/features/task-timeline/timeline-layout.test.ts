import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../tasks/status';
import type { TaskEntry, Transition } from '../../tasks/task-cache';
import { formatSpan } from '../../lib/time';
import { barLabel, barLayout, formatOffset, scale, timeDomain, timeTicks } from './timeline-layout';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

function entry(
  status: TaskStatus,
  created: number,
  updated: number,
  history: Array<[number, Transition['status']]>,
  extra: Partial<TaskEntry> = {},
): TaskEntry {
  return {
    task: { taskId: 'abcdef0123456789', status, createdAt: iso(created), lastUpdatedAt: iso(updated), ttl: null },
    toolName: 'countdown',
    origin: 'create',
    lastSource: 'push',
    receivedAt: T0 + updated,
    generation: 1,
    history: history.map(([at, s]) => ({ at: T0 + at, status: s, source: 'push' })),
    ...extra,
  };
}

describe('bar layout from a task and its history', () => {
  it('a completed task: one working segment from created to the end, ended by completed', () => {
    const bar = barLayout(
      entry('completed', 0, 2100, [
        [5, 'working'],
        [2110, 'completed'],
      ]),
      T0 + 9000,
    );
    expect(bar).toMatchObject({ start: T0, end: T0 + 2100, live: false, ends: ['completed'] });
    expect(bar.segments).toEqual([{ kind: 'working', from: T0, to: T0 + 2100 }]);
  });

  it('splits by status, merges repeats (message changes) and keeps input_required apart', () => {
    const e = entry('failed', 0, 5000, [
      [0, 'working'],
      [1000, 'working'],
      [2000, 'input_required'],
      [3000, 'working'],
      [5000, 'failed'],
    ]);
    const bar = barLayout(e, T0 + 6000);
    expect(bar.segments.map((s) => [s.kind, s.from - T0, s.to - T0])).toEqual([
      ['working', 0, 2000],
      ['input_required', 2000, 3000],
      ['working', 3000, 5000],
    ]);
    expect(barLabel(e, bar)).toBe('abcdef01 countdown: working 2.0 s, input required 1.0 s, working 2.0 s, failed');
  });

  it('a live task grows to now and says what it still is', () => {
    const e = entry('working', 0, 1000, [[0, 'working']]);
    expect(barLayout(e, T0 + 4000)).toMatchObject({ end: T0 + 4000, live: true, ends: [] });
    expect(barLayout(e, T0 + 7000).segments[0]!.to).toBe(T0 + 7000);
    expect(barLabel(e, barLayout(e, T0 + 4000))).toBe('abcdef01 countdown: working 4.0 s, still working');
  });

  it('first seen already ended: the span is "not observed"; an expiry after completion is listed too', () => {
    const e = entry(
      'completed',
      0,
      30_000,
      [
        [60_000, 'completed'],
        [90_000, 'expired'],
      ],
      { expired: { at: T0 + 90_000, reason: 'gone' } },
    );
    const bar = barLayout(e, T0 + 100_000);
    expect(bar.segments).toEqual([{ kind: 'unobserved', from: T0, to: T0 + 30_000 }]);
    expect(bar.ends).toEqual(['completed', 'expired']);
    expect(barLabel(e, bar)).toBe('abcdef01 countdown: not observed 30 s, completed, expired');
  });

  it('never draws backwards or outside the bar when clocks disagree or times are missing', () => {
    const skewed = entry('completed', 0, 1000, [
      [-500, 'working'],
      [3000, 'working'],
      [2500, 'completed'],
    ]);
    for (const s of barLayout(skewed, T0 + 5000).segments) {
      expect(s.to).toBeGreaterThan(s.from);
      expect(s.from).toBeGreaterThanOrEqual(T0);
      expect(s.to).toBeLessThanOrEqual(T0 + 1000);
    }
    const noTimes = entry('working', 0, 0, [[100, 'working']]);
    noTimes.task.createdAt = '';
    noTimes.task.lastUpdatedAt = 'nonsense';
    expect(barLayout(noTimes, T0 + 1100)).toMatchObject({ start: T0 + 100, end: T0 + 1100 });
    const backwards = entry('completed', 5000, 1000, [[5000, 'completed']]);
    expect(barLayout(backwards, T0 + 9000)).toMatchObject({ start: T0 + 5000, end: T0 + 5000 });
  });
});

describe('scale and ticks', () => {
  it('the domain spans every bar, up to now while one is live, and is at least a second', () => {
    const done = entry('completed', 0, 2000, [
      [0, 'working'],
      [2000, 'completed'],
    ]);
    const live = entry('working', 1000, 1500, [[1000, 'working']]);
    expect(timeDomain([done], T0 + 60_000)).toEqual({ start: T0, end: T0 + 2000 });
    expect(timeDomain([done, live], T0 + 60_000)).toEqual({ start: T0, end: T0 + 60_000 });
    expect(timeDomain([], T0)).toEqual({ start: T0 - 1000, end: T0 });
    const d = { start: 100, end: 300 };
    expect([scale(d, 100), scale(d, 200), scale(d, 300), scale(d, 900), scale(d, 0)]).toEqual([0, 0.5, 1, 1, 0]);
  });

  it('ticks sit at round steps in human units, about one per 90 px', () => {
    const ticks = timeTicks({ start: T0, end: T0 + 60_000 }, 600);
    expect(ticks.map((t) => t.label)).toEqual(['0 s', '10 s', '20 s', '30 s', '40 s', '50 s', '1 min']);
    expect(ticks[3]!.x).toBeCloseTo(0.5);
    expect(timeTicks({ start: 0, end: 3 * 3_600_000 }, 400).map((t) => t.label)).toEqual(['0 s', '1 h', '2 h', '3 h']);
    expect(timeTicks({ start: 0, end: 2000 }, 900).map((t) => t.label)).toEqual([
      '0 s',
      '0.2 s',
      '0.4 s',
      '0.6 s',
      '0.8 s',
      '1 s',
      '1.2 s',
      '1.4 s',
      '1.6 s',
      '1.8 s',
      '2 s',
    ]);
    expect(timeTicks({ start: 0, end: 90 * 86_400_000 }, 100).length).toBeGreaterThan(1);
  });

  it('formats durations and offsets', () => {
    expect([formatSpan(2140), formatSpan(42_400), formatSpan(185_000), formatSpan(-5)]).toEqual(['2.1 s', '42 s', '3 min 5 s', '0 ms']);
    expect([formatOffset(0), formatOffset(1500), formatOffset(150_000), formatOffset(3_600_000), formatOffset(90_000_000)]).toEqual([
      '0 s',
      '1.5 s',
      '2 min 30 s',
      '1 h',
      '1 d 1 h',
    ]);
  });
});
