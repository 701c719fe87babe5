import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskPushEvent } from '../mcp/connection-store';
import { FLUSH_FALLBACK_MS, frameOrTimeout, groupByServer, HeldPushes, PendingPushes } from './push-buffer';

function push(serverUrl: string, taskId: string, status = 'working', seq = 0): TaskPushEvent {
  const at = new Date(1_700_000_000_000 + seq).toISOString();
  return {
    serverUrl,
    generation: 1,
    method: 'notifications/tasks/status',
    receivedAt: seq,
    params: { taskId, status, createdAt: at, lastUpdatedAt: at, ttl: null },
  };
}

describe('groupByServer', () => {
  it('keeps every push of a 60,000-push batch, grouped by server in arrival order, without copying per push', () => {
    const events = Array.from({ length: 60_000 }, (_, i) => push(`http://s${i % 3}/mcp`, `t${i % 500}`, 'working', i));
    const groups = groupByServer(events);
    expect([...groups.keys()]).toEqual(['http://s0/mcp', 'http://s1/mcp', 'http://s2/mcp']);
    for (const [server, group] of groups) {
      expect(group).toHaveLength(20_000);
      expect(group.every((e) => e.serverUrl === server)).toBe(true);
      expect(group.map((e) => e.receivedAt)).toEqual([...group.map((e) => e.receivedAt)].sort((a, b) => a - b));
    }
  });

  it('equals a reference grouping for any batch', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 9 }))), (pairs) => {
        const events = pairs.map(([s, t], i) => push(`http://s${s}/`, `t${t}`, 'working', i));
        const groups = groupByServer(events);
        for (const s of [0, 1, 2, 3]) {
          expect(groups.get(`http://s${s}/`) ?? []).toEqual(events.filter((e) => e.serverUrl === `http://s${s}/`));
        }
      }),
    );
  });
});

describe('HeldPushes (live updates paused)', () => {
  it('holds the latest push per task however many arrive: 100,000 pushes over 1,000 tasks hold 1,000', () => {
    const held = new HeldPushes();
    for (let i = 0; i < 100_000; i++) held.hold(push('http://a/', `t${i % 1000}`, i >= 99_000 ? 'completed' : 'working', i));
    expect(held.size).toBe(1000);
    const drained = held.drain();
    expect(drained).toHaveLength(1000);
    expect(drained.every((e) => (e.params as { status: string }).status === 'completed')).toBe(true);
    expect(held.size).toBe(0);
  });

  it('keeps tasks of different servers apart', () => {
    const held = new HeldPushes();
    held.hold(push('http://a/', 't1', 'working', 1));
    held.hold(push('http://b/', 't1', 'completed', 2));
    expect(held.drain().map((e) => e.serverUrl)).toEqual(['http://a/', 'http://b/']);
  });

  it('caps tasks and invalid pushes, and counts what it dropped', () => {
    const held = new HeldPushes(10, 3);
    for (let i = 0; i < 25; i++) held.hold(push('http://a/', `t${i}`, 'working', i));
    for (let i = 0; i < 8; i++) held.hold({ ...push('http://a/', 'x'), params: { nonsense: i } });
    // An update of a task already held still replaces it at the cap.
    held.hold(push('http://a/', 't3', 'failed', 99));
    expect(held.size).toBe(13);
    expect(held.dropped).toBe(15 + 5);
    const drained = held.drain();
    expect(drained.at(-1)?.params).toMatchObject({ taskId: 't3', status: 'failed' });
  });
});

describe('frameOrTimeout', () => {
  it('flushes by timer when no animation frame ever comes (a hidden tab)', () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    let flushes = 0;
    const ask = frameOrTimeout(() => flushes++, { frame: () => {}, timeout: (fn, ms) => timers.push({ fn, ms }) });
    ask();
    ask();
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(FLUSH_FALLBACK_MS);
    timers[0]?.fn();
    expect(flushes).toBe(1);
  });

  it('flushes once when the frame comes first, and again after the next ask', () => {
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    let flushes = 0;
    const ask = frameOrTimeout(() => flushes++, { frame: (fn) => frames.push(fn), timeout: (fn) => timers.push(fn) });
    ask();
    frames[0]?.();
    timers[0]?.();
    expect(flushes).toBe(1);
    ask();
    expect(frames).toHaveLength(2);
    timers[1]?.();
    frames[1]?.();
    expect(flushes).toBe(2);
  });

  it("does not let an earlier ask's timer answer a later ask: the later one waits for its own frame", () => {
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    let flushes = 0;
    const ask = frameOrTimeout(() => flushes++, { frame: (fn) => frames.push(fn), timeout: (fn) => timers.push(fn) });
    ask();
    frames[0]?.();
    // The next slice is asked for at once (a burst written a slice a frame).
    ask();
    timers[0]?.();
    expect(flushes).toBe(1);
    frames[1]?.();
    expect(flushes).toBe(2);
    // And a later ask whose frame never comes is still answered by its own timer.
    ask();
    frames[1]?.();
    expect(flushes).toBe(2);
    timers[2]?.();
    expect(flushes).toBe(3);
  });
});

describe('PendingPushes', () => {
  it('gives back every push in arrival order, in slices of at most its maximum, however they were added and taken', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 12 }), (max, adds) => {
        const pending = new PendingPushes(max);
        const taken: TaskPushEvent[] = [];
        let seq = 0;
        // Adds a round of pushes, then takes one slice, as pushes and frames alternate.
        for (const count of adds) {
          for (let i = 0; i < count; i++) {
            const first = pending.add(push('http://a/', `t${seq}`, 'working', seq++));
            expect(first).toBe(pending.size === 1);
          }
          const slice = pending.take();
          expect(slice.length).toBeLessThanOrEqual(max);
          taken.push(...slice);
        }
        while (pending.size > 0) taken.push(...pending.take());
        expect(taken.map((e) => e.receivedAt)).toEqual(Array.from({ length: seq }, (_, i) => i));
      }),
    );
  });

  it('takes everything left at once when asked, after slices were taken too', () => {
    const pending = new PendingPushes(3);
    for (let i = 0; i < 10; i++) pending.add(push('http://a/', `t${i}`, 'working', i));
    expect(pending.take().map((e) => e.receivedAt)).toEqual([0, 1, 2]);
    expect(pending.take(true).map((e) => e.receivedAt)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(pending.size).toBe(0);
  });
});
