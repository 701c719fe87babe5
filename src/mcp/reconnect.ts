import { backoffDelay } from './backoff';
import { messageOf } from './errors';

/**
 * Reconnecting after the server went away, as a pure machine: a state and an event give the next state and what to
 * do (wait, try). The driver below runs it on an injected timer, so it can be tested on a fake clock.
 */
export type ReconnectState =
  | { phase: 'idle' }
  | { phase: 'waiting'; reason: string; tryNumber: number; delayMs: number; lastFailure: string | undefined }
  | { phase: 'trying'; reason: string; tryNumber: number; lastFailure: string | undefined };

export type ReconnectEvent =
  | { type: 'lost'; reason: string }
  | { type: 'timerFired' }
  | { type: 'tryFailed'; message: string; needsUser: boolean }
  | { type: 'trySucceeded' }
  /** The user connected, disconnected or closed the slot: whatever was under way is over. */
  | { type: 'stopped' };

export type ReconnectDecision = { type: 'none' } | { type: 'schedule'; delayMs: number } | { type: 'try' } | { type: 'cancel' };

export const IDLE: ReconnectState = { phase: 'idle' };

/** `delay(n)` is the wait before try n (1-based). */
export function reconnectStep(
  state: ReconnectState,
  event: ReconnectEvent,
  delay: (tryNumber: number) => number = backoffDelay,
): { state: ReconnectState; decision: ReconnectDecision } {
  const wait = (reason: string, tryNumber: number, lastFailure: string | undefined) => {
    const delayMs = delay(tryNumber);
    return {
      state: { phase: 'waiting', reason, tryNumber, delayMs, lastFailure } as const,
      decision: { type: 'schedule', delayMs } as const,
    };
  };
  const same = { state, decision: { type: 'none' } as const };
  switch (event.type) {
    case 'stopped':
      return { state: IDLE, decision: { type: state.phase === 'waiting' ? 'cancel' : 'none' } };
    case 'lost':
      // Only a connected session can be lost; while retrying there is none.
      return state.phase === 'idle' ? wait(event.reason, 1, undefined) : same;
    case 'timerFired':
      return state.phase === 'waiting'
        ? {
            state: { phase: 'trying', reason: state.reason, tryNumber: state.tryNumber, lastFailure: state.lastFailure },
            decision: { type: 'try' },
          }
        : same;
    case 'trySucceeded':
      return state.phase === 'trying' ? { state: IDLE, decision: { type: 'none' } } : same;
    case 'tryFailed':
      if (state.phase !== 'trying') return same;
      // A failure only the user can fix (a token, a URL) ends the retries.
      if (event.needsUser) return { state: IDLE, decision: { type: 'none' } };
      return wait(state.reason, state.tryNumber + 1, event.message);
  }
}

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type TryOutcome = Extract<ReconnectEvent, { type: 'tryFailed' | 'trySucceeded' }>;

export interface Reconnector {
  lost: (reason: string) => void;
  stop: () => void;
  state: () => ReconnectState;
}

/**
 * Runs the machine: `tryOnce` opens a session; `changed` hears every new state. The outcome of a try that was
 * stopped meanwhile is dropped.
 */
export function createReconnector(options: {
  tryOnce: () => Promise<TryOutcome>;
  changed: (state: ReconnectState) => void;
  timers?: Timers;
  delay?: (tryNumber: number) => number;
}): Reconnector {
  const timers = options.timers ?? realTimers;
  let state: ReconnectState = IDLE;
  let timer: unknown;
  // Bumped by every stop, so a try in flight knows its outcome no longer counts.
  let run = 0;

  const dispatch = (event: ReconnectEvent) => {
    const step = reconnectStep(state, event, options.delay);
    if (step.state === state) return;
    state = step.state;
    const { decision } = step;
    if (event.type === 'stopped') run++;
    if (decision.type === 'cancel') timers.clear(timer);
    options.changed(state);
    if (decision.type === 'schedule') timer = timers.set(() => dispatch({ type: 'timerFired' }), decision.delayMs);
    if (decision.type === 'try') {
      const mine = run;
      void options
        .tryOnce()
        .catch((error: unknown): TryOutcome => ({ type: 'tryFailed', message: messageOf(error), needsUser: false }))
        .then((outcome) => {
          if (mine === run) dispatch(outcome);
        });
    }
  };

  return {
    lost: (reason) => dispatch({ type: 'lost', reason }),
    stop: () => dispatch({ type: 'stopped' }),
    state: () => state,
  };
}
