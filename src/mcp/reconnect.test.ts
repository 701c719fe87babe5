import { describe, expect, it } from 'vitest';
import { backoffDelay, RECONNECT_BACKOFF } from './backoff';
import { createReconnector, IDLE, reconnectStep, type ReconnectState, type Timers, type TryOutcome } from './reconnect';

/** A clock that moves only when told to. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    set: (callback, ms) => {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clear: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = until;
  };
  return { timers, advance, pending: () => pending.size };
}

/** Lets the promise callbacks of a try run. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(() => queueMicrotask(resolve))));

// No jitter: the delay is the exponential one.
const delay = (n: number) => backoffDelay(n, RECONNECT_BACKOFF, () => 1);

function harness(outcomes: TryOutcome[]) {
  const clock = fakeTimers();
  const states: ReconnectState[] = [];
  let tries = 0;
  const reconnector = createReconnector({
    timers: clock.timers,
    delay,
    changed: (state) => states.push(state),
    tryOnce: () => {
      tries++;
      return Promise.resolve(outcomes.shift() ?? { type: 'tryFailed', message: 'refused', needsUser: false });
    },
  });
  return { clock, states, reconnector, tries: () => tries };
}

describe('reconnect machine', () => {
  it('waits longer after each failure, up to the cap', () => {
    let state: ReconnectState = IDLE;
    const waits: number[] = [];
    let step = reconnectStep(state, { type: 'lost', reason: 'gone' }, delay);
    for (let i = 0; i < 10; i++) {
      if (step.decision.type !== 'schedule') throw new Error(`expected a wait, got ${step.decision.type}`);
      waits.push(step.decision.delayMs);
      state = reconnectStep(step.state, { type: 'timerFired' }, delay).state;
      step = reconnectStep(state, { type: 'tryFailed', message: 'refused', needsUser: false }, delay);
    }
    expect(waits.slice(0, 5)).toEqual([300, 600, 1200, 2400, 4800]);
    expect(waits.at(-1)).toBe(RECONNECT_BACKOFF.capMs);
    expect(Math.max(...waits)).toBe(RECONNECT_BACKOFF.capMs);
  });

  it('keeps the reason and the last failure while waiting', () => {
    const waiting = reconnectStep(IDLE, { type: 'lost', reason: 'gone' }, delay).state;
    const trying = reconnectStep(waiting, { type: 'timerFired' }, delay).state;
    const next = reconnectStep(trying, { type: 'tryFailed', message: 'refused', needsUser: false }, delay).state;
    expect(next).toEqual({ phase: 'waiting', reason: 'gone', tryNumber: 2, delayMs: 600, lastFailure: 'refused' });
  });

  it('ignores a timer or an outcome that belongs to no retry', () => {
    expect(reconnectStep(IDLE, { type: 'timerFired' }).decision).toEqual({ type: 'none' });
    expect(reconnectStep(IDLE, { type: 'trySucceeded' }).state).toBe(IDLE);
    const waiting = reconnectStep(IDLE, { type: 'lost', reason: 'gone' }, delay).state;
    expect(reconnectStep(waiting, { type: 'lost', reason: 'again' }, delay).state).toBe(waiting);
  });
});

describe('reconnector on a fake clock', () => {
  it('tries only when the backoff has passed, and again after a failure', async () => {
    const h = harness([{ type: 'tryFailed', message: 'refused', needsUser: false }, { type: 'trySucceeded' }]);
    h.reconnector.lost('server went away');
    h.clock.advance(299);
    expect(h.tries()).toBe(0);
    h.clock.advance(1);
    expect(h.tries()).toBe(1);
    await settle();
    expect(h.reconnector.state()).toMatchObject({ phase: 'waiting', tryNumber: 2, delayMs: 600, lastFailure: 'refused' });
    h.clock.advance(599);
    expect(h.tries()).toBe(1);
    h.clock.advance(1);
    expect(h.tries()).toBe(2);
    await settle();
    expect(h.reconnector.state()).toBe(IDLE);
    expect(h.clock.pending()).toBe(0);
  });

  it('starts from the first delay again after a success', async () => {
    const h = harness([{ type: 'tryFailed', message: 'refused', needsUser: false }, { type: 'trySucceeded' }]);
    h.reconnector.lost('gone');
    h.clock.advance(300);
    await settle();
    h.clock.advance(600);
    await settle();
    expect(h.reconnector.state()).toBe(IDLE);
    h.reconnector.lost('gone again');
    expect(h.reconnector.state()).toMatchObject({ phase: 'waiting', tryNumber: 1, delayMs: 300, lastFailure: undefined });
  });

  it('gives up on a failure only the user can fix', async () => {
    const h = harness([{ type: 'tryFailed', message: 'unauthorized', needsUser: true }]);
    h.reconnector.lost('gone');
    h.clock.advance(300);
    await settle();
    expect(h.reconnector.state()).toBe(IDLE);
    h.clock.advance(60_000);
    expect(h.tries()).toBe(1);
  });

  it('stops retrying when the user disconnects (or the slot is closed) while it waits', () => {
    const h = harness([]);
    h.reconnector.lost('gone');
    h.reconnector.stop();
    expect(h.clock.pending()).toBe(0);
    h.clock.advance(60_000);
    expect(h.tries()).toBe(0);
    expect(h.reconnector.state()).toBe(IDLE);
  });

  it('drops the outcome of a try under way when stopped, and schedules nothing after it', async () => {
    const h = harness([{ type: 'tryFailed', message: 'refused', needsUser: false }]);
    h.reconnector.lost('gone');
    h.clock.advance(300);
    expect(h.tries()).toBe(1);
    h.reconnector.stop();
    await settle();
    expect(h.reconnector.state()).toBe(IDLE);
    expect(h.clock.pending()).toBe(0);
    h.clock.advance(60_000);
    expect(h.tries()).toBe(1);
  });

  it('treats a try that throws as a failure to retry', async () => {
    const clock = fakeTimers();
    const reconnector = createReconnector({
      timers: clock.timers,
      delay,
      changed: () => {},
      tryOnce: () => Promise.reject(new Error('boom')),
    });
    reconnector.lost('gone');
    clock.advance(300);
    await settle();
    expect(reconnector.state()).toMatchObject({ phase: 'waiting', tryNumber: 2, lastFailure: 'boom' });
  });
});
