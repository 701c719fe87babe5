import type { TaskClient as Client } from '../mcp/task-client';
import type { QueryClient } from '@tanstack/react-query';
import { messageOf } from '../mcp/errors';
import { fetchTaskResult, getTask } from './api';
import { reportObservation, reportRpcError } from './behaviour-store';
import { expireForgotten, storeFetchedResult, writeTask } from './cache-writes';
import { mcpKeys } from './keys';
import { pollStats } from './poll-stats';
import { resultObservation } from './result';
import { isTerminal } from './status';
import type { PollOutcome, SyncAction, SyncScheduler } from './sync-scheduler';

/** One session as the actions need it. */
export interface SyncTarget {
  queryClient: QueryClient;
  serverUrl: string;
  generation: number;
  client: Client;
  /** Aborted when the session ends: nothing is reported after that. */
  signal: AbortSignal;
}

/** A background tasks/result waits for input requests while the task is input_required: up to half an hour. */
const STREAM_TIMEOUT_MS = 30 * 60_000;

/** Starts what the scheduler decided; each outcome goes back to it. */
export function runSyncAction(target: SyncTarget, scheduler: SyncScheduler, action: SyncAction): void {
  if (action.kind === 'poll') poll(target, scheduler, action.taskId);
  else openInputStream(target, scheduler, action.taskId);
}

function poll({ queryClient, serverUrl, generation, client, signal }: SyncTarget, scheduler: SyncScheduler, taskId: string): void {
  // Poll accounting for Task details (poll-stats.ts): one Map write at the start and at the end of each poll.
  const ended = (outcome: PollOutcome) => {
    pollStats.pollEnded(serverUrl, taskId, outcome, Date.now());
    scheduler.pollEnded(taskId, outcome);
  };
  pollStats.pollStarted(serverUrl, taskId, Date.now());
  getTask(client, taskId, signal)
    .then((task) => {
      writeTask(queryClient, serverUrl, task, { source: 'poll', now: Date.now(), generation });
      ended('ok');
    })
    .catch((error: unknown) => {
      if (signal.aborted) {
        pollStats.pollEnded(serverUrl, taskId, 'aborted', Date.now());
        return;
      }
      if (reportRpcError(serverUrl, 'tasks/get', error) === -32602) {
        expireForgotten(queryClient, serverUrl, taskId, error);
        ended('gone');
        return;
      }
      ended('failed');
    });
}

function openInputStream(
  { queryClient, serverUrl, generation, client, signal }: SyncTarget,
  scheduler: SyncScheduler,
  taskId: string,
): void {
  fetchTaskResult(client, taskId, { timeoutMs: STREAM_TIMEOUT_MS, signal })
    .then(async (result) => {
      reportObservation(serverUrl, { type: 'result-early', outcome: 'blocked', taskId });
      reportObservation(serverUrl, resultObservation(taskId, result));
      queryClient.setQueryData(mcpKeys.result(serverUrl, taskId), await storeFetchedResult(queryClient, serverUrl, result));
      // The answer should only come once the task is terminal: check.
      const task = await getTask(client, taskId).catch(() => undefined);
      if (task) {
        writeTask(queryClient, serverUrl, task, { source: 'poll', now: Date.now(), generation });
        if (!isTerminal(task.status)) reportObservation(serverUrl, { type: 'result-before-terminal', taskId, status: task.status });
      }
      scheduler.streamEnded(taskId, 'answered');
    })
    .catch((error: unknown) => {
      if (signal.aborted) return;
      if (reportRpcError(serverUrl, 'tasks/result', error) === -32602) {
        // The seed dialect: tasks/result is not a blocking wait. Say so once; keep polling; no retry loop.
        reportObservation(serverUrl, { type: 'result-early', outcome: 'refused', taskId, message: messageOf(error) });
        scheduler.streamEnded(taskId, 'refused');
      } else {
        scheduler.streamEnded(taskId, 'failed');
      }
    });
}
