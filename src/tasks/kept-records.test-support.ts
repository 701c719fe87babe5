/** Test support: a completed task and the kept-result record the result store would hand back for it. */
import type { KeptResult } from './result-store';
import type { Task } from './task';

export const completedTask = (taskId: string): Task => ({
  taskId,
  status: 'completed',
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ttl: null,
});

/** A kept record of `taskId`'s result on `serverUrl`, fetched at 1, `size` characters, with `extra` over those. */
export const keptRecord = (serverUrl: string, taskId: string, size: number, extra: Partial<KeptResult>): KeptResult => ({
  serverUrl,
  taskId,
  task: completedTask(taskId),
  fetchedAt: 1,
  size,
  ...extra,
});
