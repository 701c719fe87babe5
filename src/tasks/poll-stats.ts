/**
 * Poll accounting: how many tasks/get polls the page made for each task, when, and how they ended, for Task details.
 * A plain store keyed by server and task, outside React and outside the task cache: recording a poll is a Map write
 * and a call to the listeners of that one task (the Task details of the selected task, if shown), so neither a poll
 * nor a push costs any other work. Pushes never reach it.
 */
import { pollBackoff } from './poll-schedule';
import type { PollOutcome } from './sync-scheduler';

export interface PollRecord {
  /** Polls started for the task since this page loaded. */
  count: number;
  /** Of those, how many failed (a transport error, or an error other than "unknown task"). */
  failed: number;
  /** A poll is out now. */
  inFlight: boolean;
  /** When the first and the latest poll started (local clock, ms). */
  firstAt: number;
  lastAt: number;
  /** When the latest poll ended, and how many failed in a row up to it (the scheduler backs off after failures). */
  lastEndedAt: number | undefined;
  failuresInARow: number;
}

/** Tasks accounted per page at most; past it the least recently polled are dropped. */
const MAX_RECORDS = 20_000;

function keyOf(serverUrl: string, taskId: string): string {
  return `${serverUrl}\n${taskId}`;
}

export class PollStats {
  private readonly records = new Map<string, PollRecord>();
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly cap = MAX_RECORDS) {}

  pollStarted(serverUrl: string, taskId: string, now: number): void {
    const key = keyOf(serverUrl, taskId);
    const held = this.records.get(key);
    this.put(key, {
      count: (held?.count ?? 0) + 1,
      failed: held?.failed ?? 0,
      inFlight: true,
      firstAt: held?.firstAt ?? now,
      lastAt: now,
      lastEndedAt: held?.lastEndedAt,
      failuresInARow: held?.failuresInARow ?? 0,
    });
  }

  /** `aborted`: the session ended while the poll was out (neither an answer nor a failure). */
  pollEnded(serverUrl: string, taskId: string, outcome: PollOutcome | 'aborted', now: number): void {
    const key = keyOf(serverUrl, taskId);
    const held = this.records.get(key);
    if (!held) return;
    const failed = outcome === 'failed';
    this.put(key, {
      ...held,
      inFlight: false,
      failed: held.failed + (failed ? 1 : 0),
      lastEndedAt: now,
      failuresInARow: failed ? held.failuresInARow + 1 : outcome === 'aborted' ? held.failuresInARow : 0,
    });
  }

  /** The task's record (a new object at each change, the same one otherwise), or undefined before its first poll. */
  get(serverUrl: string, taskId: string): PollRecord | undefined {
    return this.records.get(keyOf(serverUrl, taskId));
  }

  /** Calls `listener` when this one task's record changes. */
  subscribe(serverUrl: string, taskId: string, listener: () => void): () => void {
    const key = keyOf(serverUrl, taskId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(key);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(key);
    };
  }

  private put(key: string, record: PollRecord): void {
    // Re-inserted, so the Map's order is the order of the latest poll: the first key is the one to drop.
    this.records.delete(key);
    this.records.set(key, record);
    while (this.records.size > this.cap) {
      const oldest = this.records.keys().next();
      if (oldest.done) break;
      this.records.delete(oldest.value);
    }
    const set = this.listeners.get(key);
    if (set) for (const listener of [...set]) listener();
  }
}

/** The mean time between the starts of consecutive polls, or undefined before the second poll. */
export function averagePollInterval(record: PollRecord): number | undefined {
  return record.count >= 2 ? (record.lastAt - record.firstAt) / (record.count - 1) : undefined;
}

/**
 * The earliest moment the scheduler will poll again after failures (its backoff: sync-scheduler.ts), or 0 when the
 * latest poll did not fail.
 */
export function backoffUntil(record: PollRecord | undefined): number {
  if (!record || record.failuresInARow === 0 || record.lastEndedAt === undefined) return 0;
  return record.lastEndedAt + pollBackoff(record.failuresInARow);
}

/** The page's poll accounting, written by the poller (sync-actions.ts). */
export const pollStats = new PollStats();
