import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionEvents } from '../mcp/connection-store';
import type { McpSession } from '../mcp/session';
import { getTask } from '../tasks/api';
import { mcpKeys } from '../tasks/keys';
import { pollBackoff, tasksDueForPoll } from '../tasks/poll-schedule';
import { parseTask, type Task } from '../tasks/task';
import { applyTaskUpdate, type TaskEntry, type UpdateInfo } from '../tasks/task-cache';

/** Writes one task state into the server's task list in the cache. */
export function writeTask(queryClient: QueryClient, serverUrl: string, task: Task, info: UpdateInfo): void {
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl), (old) => applyTaskUpdate(old ?? [], task, info).entries);
}

const TICK_MS = 250;

/**
 * The one place where server pushes reach the query cache, plus the polling fallback that rule 3 of the
 * protocol asks for: notifications are optional, so a silent non-terminal task is asked about with tasks/get.
 */
export function useTaskSync(session: McpSession | null): void {
  const queryClient = useQueryClient();

  useEffect(
    () =>
      sessionEvents.on('taskPush', ({ serverUrl, generation, params, method, receivedAt }) => {
        const task = parseTask(params);
        if (!task) {
          console.warn(`Ignored ${method} without a valid task`, params);
          return;
        }
        writeTask(queryClient, serverUrl, task, { source: 'push', now: receivedAt, generation, pushMethod: method });
      }),
    [queryClient],
  );

  // A new session (first connect or a reconnect) re-reads what the server has: tools, and the task list,
  // which is merged into what is on screen, so tasks from the old session stay, marked as such.
  useEffect(() => {
    if (!session || session.generation <= 1) return;
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tools(session.serverUrl) }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tasks(session.serverUrl) }, { cancelRefetch: false });
  }, [session, queryClient]);

  useEffect(() => {
    if (!session?.capabilities.tasks) return;
    const serverUrl = session.serverUrl;
    const inFlight = new Set<string>();
    const notBefore = new Map<string, number>();
    const failures = new Map<string, number>();
    const controller = new AbortController();
    const timer = setInterval(() => {
      const entries = queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl)) ?? [];
      const now = Date.now();
      for (const taskId of tasksDueForPoll(entries, now, inFlight, notBefore)) {
        inFlight.add(taskId);
        getTask(session.client, taskId, controller.signal)
          .then((task) => {
            failures.delete(taskId);
            writeTask(queryClient, serverUrl, task, { source: 'poll', now: Date.now(), generation: session.generation });
          })
          .catch(() => {
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
