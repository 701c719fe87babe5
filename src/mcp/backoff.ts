/** Capped exponential backoff with jitter for reconnecting. Pure: the random source is a parameter. */
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Share of the delay that is randomised (0 = none, 1 = full jitter). */
  jitter: number;
}

export const RECONNECT_BACKOFF: BackoffOptions = { baseMs: 300, capMs: 15_000, jitter: 0.5 };

/** The wait before reconnect attempt `attempt` (1-based). */
export function backoffDelay(attempt: number, options: BackoffOptions = RECONNECT_BACKOFF, random: () => number = Math.random): number {
  const exponential = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const spread = exponential * options.jitter;
  return Math.round(exponential - spread + spread * random());
}
