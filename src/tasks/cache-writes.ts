import type { QueryClient } from '@tanstack/react-query';
import type { TaskPushEvent } from '../mcp/connection-store';
import { reportObservation, reportObservations } from './behaviour-store';
import type { Observation } from './behaviour';
import { mcpKeys } from './keys';
import { parseTask, timeOf, type Task } from './task';
import { groupByServer } from './push-buffer';
import { resultSummary, textBlobOf, withKeepState, type FetchedResult } from './result';
import { keepResult } from './result-store';
import { selectionStore } from './selection-store';
import { taskRegistry } from './registry-store';
import type { RememberedTask } from './task-registry';
import {
  applyTaskUpdates,
  compareNewestFirst,
  endedBy,
  findTask,
  markExpired,
  markExpiredMany,
  mergeListed,
  MAX_TASKS_PER_SERVER,
  withinTaskLimit,
  withoutTask,
  type TaskEntry,
  type UpdateInfo,
  type UpdateOutcome,
} from './task-cache';
import { messageOf } from '../lib/errors';
import { taskEnds } from './auto-fetch';

/** Tells the auto-fetcher which tasks a write ended, once the write is in the cache. */
function announceEnded(serverUrl: string, taskIds: readonly string[]): void {
  if (taskIds.length) taskEnds.emit('ended', { serverUrl, taskIds });
}

/** Reports what the rules refused to apply, as a protocol observation. */
function reportRejection(serverUrl: string, outcome: UpdateOutcome, task: Task, source: string, now: number): void {
  const rejection = rejectionOf(outcome, task, source, now);
  if (rejection) reportObservation(serverUrl, rejection);
}

/** What the rules refused to apply, as an observation, when it is worth one. */
function rejectionOf(outcome: UpdateOutcome, task: Task, source: string, now: number): Observation | undefined {
  // An optimistic cancel of ours is not the server's terminal status: pushes racing it are no violation.
  const optimistic = outcome.previous?.lastSource === 'cancel' && now - outcome.previous.receivedAt < 10_000;
  // States that came by different ways (a poll's answer, a push on the stream) can cross on the way: an older one
  // arriving just after a newer one is a race on the way, not the server going backwards. Pushes keep their order.
  const overtaken =
    outcome.rejected === 'stale' &&
    outcome.previous !== undefined &&
    outcome.previous.lastSource !== source &&
    now - outcome.previous.receivedAt < 5_000;
  if (!outcome.rejected || outcome.rejected === 'expired' || !outcome.previous || optimistic || overtaken) return undefined;
  const held = outcome.previous.task;
  return {
    type: 'rejected-update',
    reason: outcome.rejected,
    taskId: task.taskId,
    held: outcome.rejected === 'stale' ? held.lastUpdatedAt : held.status,
    offered: outcome.rejected === 'stale' ? task.lastUpdatedAt : task.status,
    source,
  };
}

/** Writes one task state into the server's task list in the cache, and reports what the rules rejected. */
export function writeTask(queryClient: QueryClient, serverUrl: string, task: Task, info: UpdateInfo): UpdateOutcome {
  const key = mcpKeys.tasks(serverUrl);
  const held = queryClient.getQueryData<TaskEntry[]>(key) ?? [];
  // A poll answer for a task no longer listed (forgotten while the request was out) does not bring it back.
  if (info.source === 'poll' && !findTask(held, task.taskId)) return { entries: held };
  const { entries, outcomes } = applyTaskUpdates(held, [{ task, info }]);
  const first = outcomes[0];
  const outcome: UpdateOutcome = {
    entries,
    ...(first?.rejected && { rejected: first.rejected }),
    ...(first?.previous && { previous: first.previous }),
  };
  queryClient.setQueryData<TaskEntry[]>(key, entries);
  reportRejection(serverUrl, outcome, task, info.source, info.now);
  announceEnded(serverUrl, endedBy(entries, [{ task }], outcomes));
  return outcome;
}

/**
 * A task this page has just started (tools/call answered with a task): listed, and remembered (task-registry.ts)
 * with the arguments it was started with, for Re-run (kept only in the registry: they may hold secrets).
 */
export function recordStartedTask(
  queryClient: QueryClient,
  serverUrl: string,
  task: Task,
  started: { generation: number; toolName: string; arguments?: Record<string, unknown> },
): void {
  const { generation, toolName } = started;
  const { entries } = writeTask(queryClient, serverUrl, task, { source: 'create', now: Date.now(), generation, toolName });
  // Pushes can outrun the reply: the state remembered is the newest the list holds.
  taskRegistry.rememberTask(serverUrl, findTask(entries, task.taskId)?.task ?? task, {
    toolName,
    ...(started.arguments !== undefined && { arguments: started.arguments }),
  });
}

/** A task added by its id (Watch task, a deep link): listed with the state tasks/get gave, and remembered. */
export function recordWatchedTask(queryClient: QueryClient, serverUrl: string, task: Task, generation: number): void {
  const { entries } = writeTask(queryClient, serverUrl, task, { source: 'watch', now: Date.now(), generation });
  const entry = findTask(entries, task.taskId);
  taskRegistry.rememberTask(serverUrl, entry?.task ?? task, {
    ...(entry?.toolName !== undefined && { toolName: entry.toolName }),
  });
}

/**
 * Tasks the registry remembers, put back in the list with their last known state (as from an earlier session), in
 * one batch. The list's rules decide against what it holds already: a newer state (a tasks/list page, a push) wins,
 * a terminal status stays.
 */
export function restoreRememberedTasks(queryClient: QueryClient, serverUrl: string, records: readonly RememberedTask[]): void {
  if (records.length === 0) return;
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl), (old) => {
    const updates = records.map((r) => ({
      task: r.task,
      info: {
        source: 'registry',
        now: r.changedAt,
        generation: 0,
        ...(r.toolName !== undefined && { toolName: r.toolName }),
      } satisfies UpdateInfo,
    }));
    const expired = new Map(records.flatMap((r) => (r.expired ? [[r.taskId, r.expired] as const] : [])));
    return markExpiredMany(applyTaskUpdates(old ?? [], updates).entries, expired);
  });
}

/** A task the user forgot: out of the list (a server that lists it brings it back at its next listing). */
export function dropTask(queryClient: QueryClient, serverUrl: string, taskId: string): void {
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl), (old) => (old ? withoutTask(old, taskId) : old));
}

/** One page of tasks/list, merged into what the page holds (tasks only this page knows stay). */
export function mergeListedPage(queryClient: QueryClient, serverUrl: string, tasks: readonly Task[], generation: number): TaskEntry[] {
  const key = mcpKeys.tasks(serverUrl);
  const { entries, ended } = mergeListed(queryClient.getQueryData<TaskEntry[]>(key) ?? [], tasks, Date.now(), generation);
  queryClient.setQueryData<TaskEntry[]>(key, entries);
  announceEnded(serverUrl, ended);
  return entries;
}

/**
 * Tasks whose results were kept in this browser, put back in the list (earlier session). A task the list holds
 * already (a tasks/list page that landed since the records were read, the registry's last known state) is updated
 * by the list's rules only: the kept state wins only where it is newer.
 */
export function restoreKeptTasks(
  queryClient: QueryClient,
  serverUrl: string,
  records: ReadonlyArray<{ taskId: string; task: Task; fetchedAt: number; toolName?: string }>,
): void {
  // One batch (one sort) for every record, against the list as it stands at the write.
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl), (old) => {
    const seen = new Set<string>();
    const updates: Array<{ task: Task; info: UpdateInfo }> = [];
    for (const r of records) {
      if (seen.has(r.taskId)) continue;
      seen.add(r.taskId);
      const info: UpdateInfo = {
        source: 'kept',
        now: r.fetchedAt,
        generation: 0,
        ...(r.toolName !== undefined && { toolName: r.toolName }),
      };
      updates.push({ task: r.task, info });
    }
    return updates.length ? applyTaskUpdates(old ?? [], updates).entries : (old ?? []);
  });
}

/** A -32602 for a task we knew: the server forgot it. The task is expired, with the server's words as the reason. */
export function expireForgotten(queryClient: QueryClient, serverUrl: string, taskId: string, error: unknown): void {
  expireTask(queryClient, serverUrl, taskId, messageOf(error).replace(/^MCP error -32602: /, ''));
}

function expireTask(queryClient: QueryClient, serverUrl: string, taskId: string, reason: string): void {
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl), (old) => markExpired(old ?? [], taskId, reason, Date.now()));
}

/**
 * Keeps a fetched result in IndexedDB with the task as it stands; on failure the result says why. A small result
 * is kept before it is shown (a reload right after it appears loses nothing). A large, text-backed one is shown at
 * once, marked as being kept, and its entry in the cache is updated when the write ends: writing tens of megabytes
 * takes a noticeable moment, and the user is waiting for the result, not for the copy.
 */
export async function storeFetchedResult(queryClient: QueryClient, serverUrl: string, result: FetchedResult): Promise<FetchedResult> {
  const entry = findTask(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl)), result.taskId);
  const task: Task = entry?.task ?? { taskId: result.taskId, status: 'completed', createdAt: '', lastUpdatedAt: '', ttl: null };
  const { text } = result;
  // A text-backed result is kept as its text (not parsed to be stored), in a Blob (see KeptResult).
  const stored = async () =>
    text !== undefined ? { textBlob: await textBlobOf(result, text), summary: resultSummary(result) } : { raw: result.raw };
  const keep = () =>
    stored()
      .then((value) =>
        keepResult(
          {
            serverUrl,
            taskId: result.taskId,
            task,
            ...value,
            fetchedAt: result.fetchedAt,
            size: result.size,
            ...(entry?.toolName !== undefined && { toolName: entry.toolName }),
          },
          // The result on screen is never the one deleted to make room.
          (k) => k.serverUrl === serverUrl && k.taskId === selectionStore.getState().selectedTaskId,
        ),
      )
      .then(
        (evicted) => {
          queryClient.setQueryData<string[]>(mcpKeys.kept(serverUrl), (old) =>
            old?.includes(result.taskId) ? old : [...(old ?? []), result.taskId],
          );
          for (const k of evicted) {
            queryClient.setQueryData<string[]>(mcpKeys.kept(k.serverUrl), (old) => old?.filter((id) => id !== k.taskId));
            queryClient.removeQueries({ queryKey: mcpKeys.result(k.serverUrl, k.taskId), exact: true });
          }
          void queryClient.invalidateQueries({ queryKey: mcpKeys.keptUsage() });
          return undefined;
        },
        (error: unknown) => messageOf(error),
      );
  if (result.text === undefined) {
    const keepError = await keep();
    return keepError === undefined ? result : withKeepState(result, { keepError });
  }
  const shown = withKeepState(result, { keeping: true });
  // Written once the result is on screen: handing tens of megabytes to IndexedDB copies them on this thread.
  void afterNextPaint()
    .then(keep)
    .then((keepError) => {
      // Only if the entry is still the one shown (not deleted, not fetched again meanwhile).
      const key = mcpKeys.result(serverUrl, result.taskId);
      if (queryClient.getQueryData(key) === shown)
        queryClient.setQueryData(key, withKeepState(shown, keepError === undefined ? {} : { keepError }));
    });
  return shown;
}

/** Resolves after the next frame has been painted (or at once where there are no frames). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else resolve();
  });
}

/**
 * Applies a batch of pushes with one cache write: a storm of notifications costs one render per animation frame,
 * not one per message (see QUIET_MS for when a push is applied at once).
 */
export function applyPushes(queryClient: QueryClient, events: readonly TaskPushEvent[]): void {
  for (const [serverUrl, batch] of groupByServer(events)) {
    const key = mcpKeys.tasks(serverUrl);
    // The last tasks/list page (not the last write to the list: every push writes it, and a burst of new tasks would
    // all look older than the "listing" that was only the previous frame's write).
    const listedAt = queryClient.getQueryState(mcpKeys.tasksPaging(serverUrl))?.dataUpdatedAt ?? 0;
    const updates: { task: Task; info: UpdateInfo; method: TaskPushEvent['method'] }[] = [];
    for (const { generation, params, method, receivedAt } of batch) {
      const task = parseTask(params);
      if (!task) {
        reportObservation(serverUrl, { type: 'invalid-push', method });
        continue;
      }
      updates.push({ task, method, info: { source: 'push', now: receivedAt, generation, pushMethod: method } });
    }
    if (updates.length === 0) continue;
    const held = queryClient.getQueryData<TaskEntry[]>(key) ?? [];
    const accepted = withinTaskLimit(held, updates);
    if (accepted.length < updates.length) {
      reportObservation(serverUrl, { type: 'too-many-tasks', limit: MAX_TASKS_PER_SERVER, ignored: updates.length - accepted.length });
    }
    if (accepted.length === 0) continue;
    const { entries, outcomes } = applyTaskUpdates(held, accepted);
    // The frame's observations go to Server behaviour as one update, not one per push; plain pushes as one count
    // per method.
    const observations: Observation[] = [];
    const plain = new Map<string, number>();
    accepted.forEach(({ task, method, info }, i) => {
      const outcome = outcomes[i];
      if (!outcome) return;
      // A push for a task older than the last full listing, which that listing did not contain, is suspicious.
      const unknownTask = !outcome.known && listedAt > 0 && timeOf(task.createdAt) < listedAt - 1000;
      if (unknownTask) observations.push({ type: 'push', method, taskId: task.taskId, unknownTask });
      else plain.set(method, (plain.get(method) ?? 0) + 1);
      const rejection = rejectionOf({ entries, ...outcome }, task, 'push', info.now);
      if (rejection) observations.push(rejection);
    });
    for (const [method, count] of plain) observations.push({ type: 'push', method, count });
    reportObservations(serverUrl, observations);
    queryClient.setQueryData<TaskEntry[]>(key, entries);
    announceEnded(serverUrl, endedBy(entries, accepted, outcomes));
  }
}

/** An opened session file's tasks, as its file lists them, under its own cache identity (read-only, never merged). */
export function loadSessionFileTasks(queryClient: QueryClient, sessionFileId: string, entries: readonly TaskEntry[]): void {
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(sessionFileId), [...entries].sort(compareNewestFirst));
}
