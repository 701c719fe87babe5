/**
 * Actions on several tasks at once (the list's ticked tasks): cancel, re-fetch results, forget. Each runs its
 * requests a few at a time (a browser opens about six HTTP/1.1 connections to a server, one of them the
 * notification stream), goes on past a failure, and reports every task's outcome.
 */
import type { QueryClient } from '@tanstack/react-query';
import { messageOf } from '../lib/errors';
import type { TaskClient } from '../mcp/task-client';
import { cancelAndRecord, type CancelTarget } from './cancel-task';
import { resultQueryOptions } from './result-query';
import { forgetTask } from './registry-query';
import { canCancel, canFetchResult } from './status';
import { displayStatus, type TaskEntry } from './task-cache';

/** Requests in flight at once for a bulk cancel or forget. */
const BULK_CONCURRENCY = 4;
/** tasks/result answers can be large and hold a connection: fewer at once. */
const BULK_FETCH_CONCURRENCY = 2;

export interface BulkOutcome {
  /** What was asked for: the ticked tasks the action applies to. */
  attempted: number;
  done: string[];
  failed: Array<{ taskId: string; reason: string }>;
  /** Ticked, but the action does not apply (a cancel of a task that already ended, say). */
  skipped: string[];
}

/**
 * Runs `work` over `items`, at most `limit` at once, in order of start; never stops at a failure. Resolves with
 * each item's error (undefined when it succeeded), in the items' order.
 */
export async function runBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<unknown[]> {
  const errors: unknown[] = new Array<unknown>(items.length).fill(undefined);
  // One iterator shared by the workers: each takes the next item when its previous one is done.
  const queue = items.entries();
  const worker = async () => {
    for (const [at, item] of queue) {
      try {
        await work(item);
      } catch (error) {
        errors[at] = error ?? new Error('Failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return errors;
}

/** The ticked tasks the list holds, in list order (a ticked id the list no longer holds is left out). */
export function tickedEntries(entries: readonly TaskEntry[], checked: ReadonlySet<string>): TaskEntry[] {
  if (checked.size === 0) return [];
  return entries.filter((e) => checked.has(e.task.taskId));
}

/** Which ticked tasks each action applies to, as the list shows them now. */
export function bulkPlan(ticked: readonly TaskEntry[], now: number) {
  const cancellable: TaskEntry[] = [];
  const fetchable: TaskEntry[] = [];
  for (const entry of ticked) {
    const status = displayStatus(entry, now);
    if (canCancel(status)) cancellable.push(entry);
    if (canFetchResult(status)) fetchable.push(entry);
  }
  return { cancellable, fetchable };
}

async function outcomeOf(
  ticked: readonly TaskEntry[],
  applies: readonly TaskEntry[],
  limit: number,
  work: (entry: TaskEntry) => Promise<void>,
): Promise<BulkOutcome> {
  const ids = new Set(applies.map((e) => e.task.taskId));
  const errors = await runBounded(applies, limit, work);
  const outcome: BulkOutcome = {
    attempted: applies.length,
    done: [],
    failed: [],
    skipped: ticked.filter((e) => !ids.has(e.task.taskId)).map((e) => e.task.taskId),
  };
  applies.forEach((entry, i) => {
    const error = errors[i];
    if (error === undefined) outcome.done.push(entry.task.taskId);
    else outcome.failed.push({ taskId: entry.task.taskId, reason: messageOf(error) });
  });
  return outcome;
}

/** Cancels the ticked tasks that are still running (working or input_required); the others are skipped. */
export function cancelTicked(
  queryClient: QueryClient,
  serverUrl: string,
  session: CancelTarget,
  ticked: readonly TaskEntry[],
  now = Date.now(),
): Promise<BulkOutcome> {
  const { cancellable } = bulkPlan(ticked, now);
  return outcomeOf(ticked, cancellable, BULK_CONCURRENCY, (entry) => cancelAndRecord(queryClient, serverUrl, session, entry.task));
}

/** Fetches the results of the ticked tasks that ended again from the server (tasks/result), kept ones included. */
export function refetchTicked(
  queryClient: QueryClient,
  serverUrl: string,
  client: TaskClient,
  ticked: readonly TaskEntry[],
  now = Date.now(),
): Promise<BulkOutcome> {
  const { fetchable } = bulkPlan(ticked, now);
  return outcomeOf(ticked, fetchable, BULK_FETCH_CONCURRENCY, async (entry) => {
    // staleTime 0: asked of the server even when a result is held (the point of a re-fetch).
    await queryClient.fetchQuery({ ...resultQueryOptions(queryClient, serverUrl, entry.task.taskId, client), staleTime: 0 });
  });
}

/** Forgets the ticked tasks (registry-query.ts forgetTask), with their kept results where `keptIds` has them. */
export function forgetTicked(
  queryClient: QueryClient,
  serverUrl: string,
  ticked: readonly TaskEntry[],
  keptIds: ReadonlySet<string>,
): Promise<BulkOutcome> {
  return outcomeOf(ticked, ticked, BULK_CONCURRENCY, (entry) =>
    forgetTask(queryClient, serverUrl, entry.task.taskId, { withKeptResult: keptIds.has(entry.task.taskId) }),
  );
}

/** One sentence for what a bulk action did: how many, and what was left out. */
export function describeOutcome(action: 'cancel' | 'refetch' | 'forget', outcome: BulkOutcome): string {
  const { attempted, done, failed, skipped } = outcome;
  const verb = { cancel: 'Cancelled', refetch: 'Fetched the results of', forget: 'Forgot' }[action];
  const none = {
    cancel: 'No selected task is still running: nothing to cancel',
    refetch: 'No selected task has ended: no result to fetch',
    forget: 'Nothing to forget',
  }[action];
  const parts = [attempted === 0 ? none : `${verb} ${done.length} of ${attempted} task${attempted === 1 ? '' : 's'}`];
  if (failed.length > 0) parts.push(`${failed.length} failed`);
  if (skipped.length > 0 && attempted > 0) {
    const why = action === 'cancel' ? 'already ended' : 'not ended yet';
    parts.push(`${skipped.length} skipped (${why})`);
  }
  return `${parts.join('; ')}.`;
}
