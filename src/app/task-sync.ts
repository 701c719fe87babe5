import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionEvents, type TaskPushEvent } from '../mcp/connection-store';
import { messageOf, rpcCodeOf } from '../mcp/errors';
import type { McpSession } from '../mcp/session';
import { fetchTaskResult, getTask } from '../tasks/api';
import { reportObservation } from '../tasks/behaviour-store';
import { mcpKeys } from '../tasks/keys';
import { useLiveStore } from '../tasks/live-store';
import { useSelectionStore } from '../tasks/selection-store';
import { pollBackoff, tasksDueForPoll } from '../tasks/poll-schedule';
import { isTerminal } from '../tasks/status';
import { parseTask, timeOf, type Task } from '../tasks/task';
import { expireTask, reportRejection, storeFetchedResult, writeTask } from '../tasks/cache-writes';
import { resultQueryOptions } from '../tasks/result-query';
import { usePrefsStore } from '../tasks/prefs-store';
import { applyTaskUpdates, MAX_TASKS_PER_SERVER, withinTaskLimit, type TaskEntry, type UpdateInfo } from '../tasks/task-cache';
import { frameOrTimeout, groupByServer, HeldPushes, type FlushScheduler } from '../tasks/push-buffer';
import { resultObservation } from '../tasks/result';

const TICK_MS = 250;
/** A push this long after the previous cache write is applied at once rather than at the next frame. */
const QUIET_MS = 16;
/** Results fetched automatically at once: a storm of completions must not open thousands of requests. */
const AUTO_FETCH_CONCURRENCY = 4;
/**
 * tasks/get polls in flight at once, and background tasks/result streams (input_required) open at once: the list
 * may hold thousands of live tasks, and a browser opens only six HTTP/1.1 connections to a server.
 */
const POLL_CONCURRENCY = 8;
const STREAM_LIMIT = 3;

/**
 * Applies a batch of pushes with one cache write: a storm of notifications costs one render per animation frame,
 * not one per message (see QUIET_MS for when a push is applied at once).
 */
function applyPushes(queryClient: QueryClient, events: readonly TaskPushEvent[]): void {
  for (const [serverUrl, batch] of groupByServer(events)) {
    const key = mcpKeys.tasks(serverUrl);
    const listedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
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
    accepted.forEach(({ task, method, info }, i) => {
      const outcome = outcomes[i];
      if (!outcome) return;
      // A push for a task older than the last full listing, which that listing did not contain, is suspicious.
      const unknownTask = !outcome.known && listedAt > 0 && timeOf(task.createdAt) < listedAt - 1000;
      reportObservation(serverUrl, { type: 'push', method, taskId: task.taskId, ...(unknownTask && { unknownTask }) });
      reportRejection(serverUrl, { entries, ...outcome }, task, 'push', info.now);
    });
    queryClient.setQueryData<TaskEntry[]>(key, entries);
  }
}

const browserScheduler: FlushScheduler = {
  frame: typeof requestAnimationFrame === 'function' ? (fn) => void requestAnimationFrame(fn) : (fn) => void setTimeout(fn, 16),
  timeout: (fn, ms) => void setTimeout(fn, ms),
};

/**
 * The one place where server traffic about tasks reaches the query cache: pushes (either dialect) from every
 * connected server, here; and, per session (useSessionSync), the polling fallback that rule 3 asks for
 * (notifications are optional), expiry, and the background `tasks/result` that receives a task's input requests
 * while it is `input_required`.
 */
export function usePushSync(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const held = new HeldPushes();
    let pending: TaskPushEvent[] = [];
    let lastFlush = -Infinity;
    const flush = () => {
      const batch = pending;
      pending = [];
      lastFlush = performance.now();
      applyPushes(queryClient, batch);
    };
    // A hidden tab runs no animation frames: a timer flushes then, so pushes never pile up unapplied.
    const flushSoon = frameOrTimeout(flush, browserScheduler);
    const offPush = sessionEvents.on('taskPush', (event) => {
      if (useLiveStore.getState().paused) {
        held.hold(event);
        return;
      }
      // A push after a quiet spell is written at once (in a microtask, so pushes that arrived together still go
      // together); pushes that keep coming within a frame of the last write wait for the next frame, so a storm
      // costs one cache write (and one render) per frame.
      if (pending.push(event) === 1) {
        if (performance.now() - lastFlush >= QUIET_MS) queueMicrotask(flush);
        else flushSoon();
      }
    });
    const offLive = useLiveStore.subscribe((state, prev) => {
      if (prev.paused && !state.paused) applyPushes(queryClient, held.drain());
    });
    return () => {
      offPush();
      offLive();
    };
  }, [queryClient]);
}

/** What each connected session needs besides pushes: re-reading after a reconnect, polling, input streams. */
export function useSessionSync(session: McpSession | null): void {
  const queryClient = useQueryClient();

  // A new session (a reconnect) re-reads what the server has: tools, and the task list, which is merged into what
  // is on screen, so tasks from the old session stay, marked as such.
  useEffect(() => {
    // Every new session, the first included: a list cached before it (kept results put back, say) is not the server's.
    if (!session) return;
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tools(session.serverUrl) }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tasks(session.serverUrl) }, { cancelRefetch: false });
  }, [session, queryClient]);

  useEffect(() => {
    if (!session?.capabilities.tasks) return;
    const { serverUrl, generation, client } = session;
    const inFlight = new Set<string>();
    const notBefore = new Map<string, number>();
    const failures = new Map<string, number>();
    /** Tasks with a background tasks/result open (input_required), and tasks whose server refused one. */
    const streaming = new Set<string>();
    const refused = new Set<string>();
    const streamRetryAt = new Map<string, number>();
    /** Tasks whose result was fetched automatically once they ended (one try each), and those still in flight. */
    const autoFetched = new Set<string>();
    const autoInFlight = new Set<string>();
    const controller = new AbortController();

    const openResultStream = (taskId: string) => {
      streaming.add(taskId);
      fetchTaskResult(client, taskId, { timeoutMs: 30 * 60_000, signal: controller.signal })
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
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const code = rpcCodeOf(error);
          if (code !== undefined) reportObservation(serverUrl, { type: 'error', method: 'tasks/result', code });
          if (code === -32602) {
            // The seed dialect: tasks/result is not a blocking wait. Say so once; keep polling; no retry loop.
            refused.add(taskId);
            reportObservation(serverUrl, { type: 'result-early', outcome: 'refused', taskId, message: messageOf(error) });
          } else {
            streamRetryAt.set(taskId, Date.now() + 5000);
          }
        })
        .finally(() => streaming.delete(taskId));
    };

    const timer = setInterval(() => {
      if (useLiveStore.getState().paused) return;
      const entries = queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl)) ?? [];
      const now = Date.now();
      const autoFetch = usePrefsStore.getState().autoFetch;
      for (const entry of entries) {
        const id = entry.task.taskId;
        // Auto-fetch: a task seen running in this page that has now ended, with no result yet.
        if (
          autoFetch &&
          autoInFlight.size < AUTO_FETCH_CONCURRENCY &&
          isTerminal(entry.task.status) &&
          !entry.expired &&
          !autoFetched.has(id) &&
          entry.history.some((h) => !isTerminal(h.status) && h.status !== 'expired') &&
          queryClient.getQueryData(mcpKeys.result(serverUrl, id)) === undefined &&
          queryClient.getQueryState(mcpKeys.result(serverUrl, id))?.fetchStatus !== 'fetching'
        ) {
          autoFetched.add(id);
          autoInFlight.add(id);
          void queryClient
            .fetchQuery(resultQueryOptions(queryClient, serverUrl, id, client))
            .catch(() => {})
            .finally(() => autoInFlight.delete(id));
        }
        if (
          entry.task.status === 'input_required' &&
          // The selected task gets its stream (and so its form) even when the others took every slot.
          (streaming.size < STREAM_LIMIT || id === useSelectionStore.getState().selectedTaskId) &&
          !entry.expired &&
          !streaming.has(id) &&
          !refused.has(id) &&
          (streamRetryAt.get(id) ?? 0) <= now
        ) {
          openResultStream(id);
        }
      }
      for (const taskId of tasksDueForPoll(entries, now, inFlight, notBefore, POLL_CONCURRENCY - inFlight.size)) {
        inFlight.add(taskId);
        getTask(client, taskId, controller.signal)
          .then((task) => {
            failures.delete(taskId);
            writeTask(queryClient, serverUrl, task, { source: 'poll', now: Date.now(), generation });
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            const code = rpcCodeOf(error);
            if (code !== undefined) reportObservation(serverUrl, { type: 'error', method: 'tasks/get', code });
            if (code === -32602) {
              expireTask(queryClient, serverUrl, taskId, messageOf(error).replace(/^MCP error -32602: /, ''));
              return;
            }
            const count = (failures.get(taskId) ?? 0) + 1;
            failures.set(taskId, count);
            notBefore.set(taskId, Date.now() + pollBackoff(count));
          })
          .finally(() => inFlight.delete(taskId));
      }
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [session, queryClient]);
}
