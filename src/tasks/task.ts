import { isTaskStatus, type TaskStatus } from './status';

/** A task as the server reports it (tasks/get, tasks/list, notifications, CreateTaskResult). */
export interface Task {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  pollInterval?: number;
}

/**
 * Reads a task from untrusted JSON. Returns null when the essentials (taskId, a known status) are missing;
 * tolerates missing or odd timestamps and TTLs, which are normalised rather than rejected.
 */
export function parseTask(value: unknown): Task | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.taskId !== 'string' || v.taskId.length === 0 || !isTaskStatus(v.status)) return null;
  const createdAt = typeof v.createdAt === 'string' ? v.createdAt : '';
  const task: Task = {
    taskId: v.taskId,
    status: v.status,
    createdAt,
    lastUpdatedAt: typeof v.lastUpdatedAt === 'string' ? v.lastUpdatedAt : createdAt,
    ttl: typeof v.ttl === 'number' && Number.isFinite(v.ttl) && v.ttl >= 0 ? v.ttl : null,
  };
  if (typeof v.statusMessage === 'string') task.statusMessage = v.statusMessage;
  if (typeof v.pollInterval === 'number' && Number.isFinite(v.pollInterval) && v.pollInterval > 0) {
    task.pollInterval = v.pollInterval;
  }
  return task;
}

/** Milliseconds since the epoch, or NaN when the server sent something unparseable. */
export function timeOf(iso: string): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

/** The first 8 characters of a task id: enough to tell tasks apart at a glance (toasts, timeline labels). */
export function shortId(taskId: string): string {
  return taskId.length > 8 ? taskId.slice(0, 8) : taskId;
}
