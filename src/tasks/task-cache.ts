import { isTerminal } from './status';
import { timeOf, type Task } from './task';

/** How the dashboard learned a task's latest state. */
export type UpdateSource = 'create' | 'push' | 'poll' | 'list' | 'cancel';

/** A task in the TanStack Query cache, with what the dashboard knows about it beyond the server's fields. */
export interface TaskEntry {
  task: Task;
  /** The tool that started it, when it was started from this page. */
  toolName?: string;
  /** How it was first learned. */
  origin: UpdateSource;
  /** How its latest state arrived. */
  lastSource: UpdateSource;
  /** The notification method of the latest push, when lastSource is 'push'. */
  pushMethod?: string;
  /** When the dashboard last heard about it (ms, local clock): the poller waits pollInterval after this. */
  receivedAt: number;
  /** The session (counted per tab) that last confirmed it; older than the current one = "from an earlier session". */
  generation: number;
}

export type Rejection = 'terminal-changed' | 'stale';

export interface UpdateOutcome {
  entries: TaskEntry[];
  /** Why the incoming state was not applied, if it was not. */
  rejected?: Rejection;
}

export interface UpdateInfo {
  source: UpdateSource;
  now: number;
  generation: number;
  toolName?: string;
  pushMethod?: string;
}

/** Newest first by createdAt; tasks with unparseable times sort last; ties keep a stable order by id. */
export function compareNewestFirst(a: TaskEntry, b: TaskEntry): number {
  const ta = timeOf(a.task.createdAt);
  const tb = timeOf(b.task.createdAt);
  const va = Number.isNaN(ta) ? -Infinity : ta;
  const vb = Number.isNaN(tb) ? -Infinity : tb;
  if (va !== vb) return vb - va;
  return a.task.taskId < b.task.taskId ? -1 : a.task.taskId > b.task.taskId ? 1 : 0;
}

/**
 * Decides whether an incoming task state may replace the one we hold.
 * A terminal status never changes, and an update older than the one we hold is stale.
 */
export function judgeUpdate(current: Task, incoming: Task): Rejection | undefined {
  if (isTerminal(current.status) && incoming.status !== current.status) return 'terminal-changed';
  const held = timeOf(current.lastUpdatedAt);
  const offered = timeOf(incoming.lastUpdatedAt);
  if (!Number.isNaN(held) && !Number.isNaN(offered) && offered < held) return 'stale';
  return undefined;
}

/** Upserts one task into the list (pure: returns a new array when anything changed). */
export function applyTaskUpdate(entries: readonly TaskEntry[], incoming: Task, info: UpdateInfo): UpdateOutcome {
  const index = entries.findIndex((e) => e.task.taskId === incoming.taskId);
  if (index === -1) {
    const entry: TaskEntry = {
      task: incoming,
      origin: info.source,
      lastSource: info.source,
      receivedAt: info.now,
      generation: info.generation,
      ...(info.toolName !== undefined && { toolName: info.toolName }),
      ...(info.pushMethod !== undefined && { pushMethod: info.pushMethod }),
    };
    return { entries: [...entries, entry].sort(compareNewestFirst) };
  }
  const current = entries[index]!;
  const rejected = judgeUpdate(current.task, incoming);
  const next: TaskEntry = rejected
    ? { ...current, receivedAt: info.now, generation: Math.max(current.generation, info.generation) }
    : {
        ...current,
        task: { ...current.task, ...incoming },
        lastSource: info.source,
        receivedAt: info.now,
        generation: Math.max(current.generation, info.generation),
        ...(info.toolName !== undefined && { toolName: info.toolName }),
        ...(info.pushMethod !== undefined && { pushMethod: info.pushMethod }),
      };
  const copy = entries.slice();
  copy[index] = next;
  return rejected ? { entries: copy, rejected } : { entries: copy };
}

/** Merges a page of tasks from tasks/list into what we hold, keeping tasks only this page knows. */
export function mergeListedTasks(entries: readonly TaskEntry[], listed: readonly Task[], now: number, generation: number): TaskEntry[] {
  let result = entries.slice();
  for (const task of listed) {
    result = applyTaskUpdate(result, task, { source: 'list', now, generation }).entries;
  }
  return result;
}

/** Known from a session before the current one, and not confirmed since. */
export function isFromEarlierSession(entry: TaskEntry, currentGeneration: number): boolean {
  return entry.generation < currentGeneration;
}

export function findTask(entries: readonly TaskEntry[] | undefined, taskId: string | undefined): TaskEntry | undefined {
  if (!entries || taskId === undefined) return undefined;
  return entries.find((e) => e.task.taskId === taskId);
}
