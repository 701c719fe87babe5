import { timeOf, type Task } from './task';

/** When the server may purge the task: createdAt + ttl, or null for no expiry (or a createdAt we cannot read). */
export function expiresAt(task: Pick<Task, 'createdAt' | 'ttl'>): number | null {
  if (task.ttl === null) return null;
  const created = timeOf(task.createdAt);
  return Number.isNaN(created) ? null : created + task.ttl;
}

/** Milliseconds until expiry (negative once past), or null when the task never expires. */
export function remainingTtl(task: Pick<Task, 'createdAt' | 'ttl'>, now: number): number | null {
  const at = expiresAt(task);
  return at === null ? null : at - now;
}

export function isPastTtl(task: Pick<Task, 'createdAt' | 'ttl'>, now: number): boolean {
  const left = remainingTtl(task, now);
  return left !== null && left <= 0;
}
