import { isLive, type TaskEntry } from './task-cache';

const DEFAULT_POLL_MS = 1000;
const MIN_POLL_MS = 250;

/** How long after the last word about a task the dashboard asks tasks/get itself. */
export function pollIntervalOf(entry: TaskEntry): number {
  return Math.max(MIN_POLL_MS, entry.task.pollInterval ?? DEFAULT_POLL_MS);
}

/** When a live task is next due for a poll if nothing is heard of it meanwhile (`notBefore`: an error backoff). */
export function nextPollAt(entry: TaskEntry, notBefore = 0): number {
  return Math.max(entry.receivedAt + pollIntervalOf(entry), notBefore);
}

/**
 * The tasks due for a tasks/get now: non-terminal, silent for their pollInterval, not already being polled,
 * and not held back by an error backoff. At most `limit`, the longest overdue first, so that with thousands of
 * live tasks every one gets its turn.
 */
export function tasksDueForPoll(
  entries: readonly TaskEntry[],
  now: number,
  inFlight: ReadonlySet<string>,
  notBefore: ReadonlyMap<string, number>,
  limit = Infinity,
): string[] {
  const due: Array<{ id: string; overdue: number }> = [];
  for (const entry of entries) {
    const id = entry.task.taskId;
    if (!isLive(entry, now) || inFlight.has(id)) continue;
    if ((notBefore.get(id) ?? 0) > now) continue;
    const overdue = now - nextPollAt(entry);
    if (overdue >= 0) due.push({ id, overdue });
  }
  if (due.length > limit) due.sort((a, b) => b.overdue - a.overdue);
  return due.slice(0, Math.max(0, limit)).map((d) => d.id);
}

/** Capped exponential backoff for a task whose tasks/get keeps failing. */
export function pollBackoff(failures: number, base = DEFAULT_POLL_MS, cap = 30_000): number {
  return Math.min(cap, base * 2 ** Math.max(0, failures - 1));
}
