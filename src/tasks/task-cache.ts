import { isTerminal, type DisplayStatus } from './status';
import { timeOf, type Task } from './task';
import { isPastTtl } from './ttl';

/** How the dashboard learned a task's latest state. */
type UpdateSource = 'create' | 'watch' | 'push' | 'poll' | 'list' | 'cancel' | 'expiry' | 'kept' | 'registry';

/** One observed change of status or statusMessage. */
export interface Transition {
  /** Local clock, ms. */
  at: number;
  status: DisplayStatus;
  statusMessage?: string;
  source: UpdateSource;
}

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
  /** Every observed transition, oldest first (bounded). */
  history: Transition[];
  /** Set once the server forgot the task (-32602 for a task we knew). */
  expired?: { at: number; reason: string };
}

export type Rejection = 'terminal-changed' | 'stale' | 'expired';

export interface UpdateOutcome {
  entries: TaskEntry[];
  /** Why the incoming state was not applied, if it was not. */
  rejected?: Rejection;
  /** The entry as it was before, when there was one. */
  previous?: TaskEntry;
}

export interface UpdateInfo {
  source: UpdateSource;
  now: number;
  generation: number;
  toolName?: string;
  pushMethod?: string;
  /** Apply even against the rules: a correction from the server after an optimistic update. */
  force?: boolean;
}

const MAX_HISTORY = 200;
/**
 * Message changes within one status kept per run: past it the newest replaces the run's last (its first nine and
 * the latest stay). A task that reports progress all day must not hold hundreds of lines of it: ten lines of one status
 * are enough to follow it.
 */
export const MAX_MESSAGE_RUN = 10;

function appendTransition(history: Transition[], transition: Transition): Transition[] {
  const last = history[history.length - 1];
  if (last && last.status === transition.status && last.statusMessage === transition.statusMessage) return history;
  if (last && last.status === transition.status) {
    let run = 0;
    for (let i = history.length - 1; i >= 0 && history[i]?.status === transition.status && run < MAX_MESSAGE_RUN; i--) run++;
    if (run >= MAX_MESSAGE_RUN) return [...history.slice(0, -1), transition];
  }
  const next = [...history, transition];
  // Keep the first transition (the start) and the most recent ones.
  return next.length > MAX_HISTORY ? [...next.slice(0, 1), ...next.slice(next.length - MAX_HISTORY + 1)] : next;
}

function transitionOf(task: Task, info: UpdateInfo): Transition {
  return {
    at: info.now,
    status: task.status,
    source: info.source,
    ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
  };
}

/** createdAt as a number, parsed once per task state: sorting thousands of tasks parsed dates per comparison. */
const createdTimes = new WeakMap<Task, number>();

function createdTime(task: Task): number {
  let time = createdTimes.get(task);
  if (time === undefined) {
    const parsed = timeOf(task.createdAt);
    time = Number.isNaN(parsed) ? -Infinity : parsed;
    createdTimes.set(task, time);
  }
  return time;
}

/** Newest first by createdAt; tasks with unparseable times sort last; ties keep a stable order by id. */
export function compareNewestFirst(a: TaskEntry, b: TaskEntry): number {
  const va = createdTime(a.task);
  const vb = createdTime(b.task);
  if (va !== vb) return vb - va;
  return a.task.taskId < b.task.taskId ? -1 : a.task.taskId > b.task.taskId ? 1 : 0;
}

/** Two lists in newest-first order merged into one, in one pass that also indexes it (see positionsOf). */
function mergeSorted(held: readonly TaskEntry[], added: readonly TaskEntry[]): TaskEntry[] {
  const out: TaskEntry[] = [];
  const index = new Map<string, number>();
  const put = (entry: TaskEntry) => index.set(entry.task.taskId, out.push(entry) - 1);
  let i = 0;
  let j = 0;
  while (i < held.length && j < added.length) {
    const a = held[i] as TaskEntry;
    const b = added[j] as TaskEntry;
    if (compareNewestFirst(a, b) <= 0) {
      put(a);
      i++;
    } else {
      put(b);
      j++;
    }
  }
  while (i < held.length) put(held[i++] as TaskEntry);
  while (j < added.length) put(added[j++] as TaskEntry);
  positionIndex.set(out, index);
  return out;
}

/**
 * Decides whether an incoming task state may replace the one we hold.
 * A terminal status never changes, and an update older than the one we hold is stale.
 */
function judgeUpdate(current: Task, incoming: Task): Rejection | undefined {
  if (isTerminal(current.status) && incoming.status !== current.status) return 'terminal-changed';
  const held = timeOf(current.lastUpdatedAt);
  const offered = timeOf(incoming.lastUpdatedAt);
  if (!Number.isNaN(held) && !Number.isNaN(offered) && offered < held) return 'stale';
  return undefined;
}

function newEntry(incoming: Task, info: UpdateInfo): TaskEntry {
  return {
    task: incoming,
    origin: info.source,
    lastSource: info.source,
    receivedAt: info.now,
    generation: info.generation,
    history: [transitionOf(incoming, info)],
    ...(info.toolName !== undefined && { toolName: info.toolName }),
    ...(info.pushMethod !== undefined && { pushMethod: info.pushMethod }),
  };
}

/** One known entry meeting one incoming state: the rules decide what is kept. */
function updateEntry(current: TaskEntry, incoming: Task, info: UpdateInfo): { entry: TaskEntry; rejected?: Rejection } {
  if (info.source === 'create' && !info.force) {
    // Pushes can outrun the tools/call reply: the reply then only tells us which tool started the task.
    return { entry: { ...current, ...(info.toolName !== undefined && { toolName: info.toolName }), origin: 'create' } };
  }
  const rejected = info.force ? undefined : current.expired ? 'expired' : judgeUpdate(current.task, incoming);
  const generation = Math.max(current.generation, info.generation);
  if (rejected) return { entry: { ...current, receivedAt: info.now, generation }, rejected };
  const task = { ...current.task, ...incoming };
  // A poll (or list) answering with the state we already hold confirms it; the update still came from its source.
  const c = current.task;
  if (!info.force && c.status === task.status && c.statusMessage === task.statusMessage && c.lastUpdatedAt === task.lastUpdatedAt) {
    return { entry: { ...current, receivedAt: info.now, generation } };
  }
  return {
    entry: {
      ...current,
      task,
      lastSource: info.source,
      receivedAt: info.now,
      generation,
      history: appendTransition(current.history, transitionOf(task, info)),
      ...(info.toolName !== undefined && { toolName: info.toolName }),
      ...(info.pushMethod !== undefined && { pushMethod: info.pushMethod }),
    },
  };
}

/** What became of one update in a batch, and whether its task was known before it. */
export type BatchOutcome = Omit<UpdateOutcome, 'entries'> & { known: boolean };

/**
 * Applies many updates in order with one copy of the list and an index by taskId: a frame's worth of pushes costs
 * one pass over the list, not one copy and one scan per push. Same rules, same result as applyTaskUpdate in a loop.
 */
export function applyTaskUpdates(
  entries: readonly TaskEntry[],
  updates: ReadonlyArray<{ task: Task; info: UpdateInfo }>,
): { entries: TaskEntry[]; outcomes: BatchOutcome[] } {
  const copy = entries.slice();
  const known = positionsOf(entries);
  // Tasks new to the list, kept apart (and indexed apart: no copy of the whole index) until they are merged in.
  const added: TaskEntry[] = [];
  const addedAt = new Map<string, number>();
  const outcomes: BatchOutcome[] = [];
  let moved = false;
  for (const { task, info } of updates) {
    const index = known.get(task.taskId);
    const fresh = index === undefined ? addedAt.get(task.taskId) : undefined;
    const current = index !== undefined ? copy[index] : fresh !== undefined ? added[fresh] : undefined;
    if (!current) {
      addedAt.set(task.taskId, added.push(newEntry(task, info)) - 1);
      outcomes.push({ known: false });
      continue;
    }
    const { entry, rejected } = updateEntry(current, task, info);
    if (index !== undefined) {
      if (entry.task.createdAt !== current.task.createdAt) moved = true;
      copy[index] = entry;
    } else if (fresh !== undefined) added[fresh] = entry;
    outcomes.push(rejected ? { known: true, rejected, previous: current } : { known: true, previous: current });
  }
  // Updates of known tasks only (the usual frame of pushes) keep every position: the index carries over as it is.
  if (added.length === 0 && !moved) {
    positionIndex.set(copy, known);
    return { entries: copy, outcomes };
  }
  // New tasks are sorted among themselves and merged in, in one pass (a burst of thousands of new tasks must not
  // sort the whole list per frame); a creation time that changed re-sorts it all. The order is total (ties go by
  // taskId), so this is the very list the one-by-one inserts give.
  if (moved) return { entries: [...copy, ...added].sort(compareNewestFirst), outcomes };
  return { entries: mergeSorted(copy, added.sort(compareNewestFirst)), outcomes };
}

/**
 * The tasks a batch ended: held live before their update, terminal after it. Each is told once: a second terminal
 * state for the same task, in this batch or a later one, finds it terminal already.
 */
export function endedBy(
  entries: readonly TaskEntry[],
  updates: ReadonlyArray<{ task: Task }>,
  outcomes: readonly BatchOutcome[],
): string[] {
  const ended: string[] = [];
  updates.forEach(({ task }, i) => {
    const outcome = outcomes[i];
    const previous = outcome?.previous;
    if (!previous || outcome.rejected || isTerminal(previous.task.status) || !isTerminal(task.status)) return;
    // What the list holds now decides (a tools/call reply never changes a known task's status, say).
    const now = findTask(entries, task.taskId);
    if (now && isTerminal(now.task.status)) ended.push(task.taskId);
  });
  return ended;
}

/** Upserts one task into the list (pure: returns a new array). */
export function applyTaskUpdate(entries: readonly TaskEntry[], incoming: Task, info: UpdateInfo): UpdateOutcome {
  const { entries: next, outcomes } = applyTaskUpdates(entries, [{ task: incoming, info }]);
  const outcome = outcomes[0];
  return {
    entries: next,
    ...(outcome?.rejected && { rejected: outcome.rejected }),
    ...(outcome?.previous && { previous: outcome.previous }),
  };
}

/** Merges a page of tasks from tasks/list into what we hold, keeping tasks only this page knows. */
export function mergeListedTasks(entries: readonly TaskEntry[], listed: readonly Task[], now: number, generation: number): TaskEntry[] {
  return mergeListed(entries, listed, now, generation).entries;
}

/** mergeListedTasks, and the tasks the page ended (see endedBy). */
export function mergeListed(
  entries: readonly TaskEntry[],
  listed: readonly Task[],
  now: number,
  generation: number,
): { entries: TaskEntry[]; ended: string[] } {
  const info: UpdateInfo = { source: 'list', now, generation };
  const updates = listed.map((task) => ({ task, info }));
  const { entries: next, outcomes } = applyTaskUpdates(entries, updates);
  return { entries: next, ended: endedBy(next, updates, outcomes) };
}

/** The server no longer knows this task (or its TTL ran out): it is `expired`, and keeps whatever was fetched. */
export function markExpired(entries: readonly TaskEntry[], taskId: string, reason: string, now: number): TaskEntry[] {
  const index = entries.findIndex((e) => e.task.taskId === taskId);
  const current = entries[index];
  if (!current || current.expired) return entries as TaskEntry[];
  const copy = entries.slice();
  copy[index] = {
    ...current,
    expired: { at: now, reason },
    history: appendTransition(current.history, { at: now, status: 'expired', statusMessage: reason, source: 'expiry' }),
  };
  return copy;
}

/**
 * Marks several tasks expired with their reasons in one pass (tasks the registry remembers as forgotten by the
 * server). Tasks not in the list, or already expired, are left as they are.
 */
export function markExpiredMany(entries: readonly TaskEntry[], expired: ReadonlyMap<string, { at: number; reason: string }>): TaskEntry[] {
  if (expired.size === 0) return entries as TaskEntry[];
  let copy: TaskEntry[] | undefined;
  for (const [i, current] of entries.entries()) {
    const at = expired.get(current.task.taskId);
    if (!at || current.expired) continue;
    copy ??= entries.slice();
    copy[i] = {
      ...current,
      expired: at,
      history: appendTransition(current.history, { at: at.at, status: 'expired', statusMessage: at.reason, source: 'expiry' }),
    };
  }
  return copy ?? (entries as TaskEntry[]);
}

/** The list without one task (pure: the same array when it was not there). */
export function withoutTask(entries: readonly TaskEntry[], taskId: string): TaskEntry[] {
  const at = positionsOf(entries).get(taskId);
  if (at === undefined) return entries as TaskEntry[];
  return entries.filter((_, i) => i !== at);
}

/** Known from a session before the current one, and not confirmed since. */
export function isFromEarlierSession(entry: TaskEntry, currentGeneration: number): boolean {
  return entry.generation < currentGeneration;
}

/** The status to show: the server's, unless the task expired (told by the server, or its TTL ran out). */
export function displayStatus(entry: TaskEntry, now: number): DisplayStatus {
  if (entry.expired || isPastTtl(entry.task, now)) return 'expired';
  return entry.task.status;
}

/** Whether the dashboard should still ask about this task. */
export function isLive(entry: TaskEntry, now: number): boolean {
  return !isTerminal(entry.task.status) && displayStatus(entry, now) !== 'expired';
}

/** Where each task sits in a list, built once per list (lists are never mutated once in the cache). */
const positionIndex = new WeakMap<readonly TaskEntry[], Map<string, number>>();

function positionsOf(entries: readonly TaskEntry[]): Map<string, number> {
  let index = positionIndex.get(entries);
  if (!index) {
    index = new Map();
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (entry) index.set(entry.task.taskId, i);
    }
    positionIndex.set(entries, index);
  }
  return index;
}

/**
 * Tasks the page lists per server at most. Pushes about tasks it does not know are ignored past it (and reported):
 * a server cannot grow the page without limit by announcing tasks.
 */
export const MAX_TASKS_PER_SERVER = 50_000;

/** The updates that may be applied: all of them for known tasks, new tasks only while under the limit. */
export function withinTaskLimit<U extends { task: Task }>(
  entries: readonly TaskEntry[],
  updates: readonly U[],
  limit = MAX_TASKS_PER_SERVER,
): U[] {
  const known = positionsOf(entries);
  let room = limit - entries.length;
  const fresh = new Set<string>();
  return updates.filter(({ task }) => {
    if (known.has(task.taskId) || fresh.has(task.taskId)) return true;
    if (room <= 0) return false;
    room--;
    fresh.add(task.taskId);
    return true;
  });
}

export function findTask(entries: readonly TaskEntry[] | undefined, taskId: string | undefined): TaskEntry | undefined {
  if (!entries || taskId === undefined) return undefined;
  const at = positionsOf(entries).get(taskId);
  return at === undefined ? undefined : entries[at];
}
