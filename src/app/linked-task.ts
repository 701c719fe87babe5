import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { McpSession } from '../mcp/session';
import { getTask } from '../tasks/api';
import { mcpKeys } from '../tasks/keys';
import { registryQueryOptions } from '../tasks/registry-query';
import { selectionStore } from '../tasks/selection-store';
import { findTask, type TaskEntry } from '../tasks/task-cache';
import { watchTask } from '../tasks/watch-task';
import { takeLinkedTask } from './url-state';

/**
 * The `task` deep-link parameter names a task the page may never have seen (no tasks/list, or a task another client
 * started): once its server is connected, the task is asked for by id and added like Watch task does, instead of
 * waiting for it to turn up. An unknown id says so where Watch task reports.
 */
export function useLinkedTask(session: McpSession | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!session?.capabilities.tasks) return;
    const taskId = takeLinkedTask(session.serverUrl);
    // The user has picked another task meanwhile: the link has served its purpose.
    if (taskId === undefined || selectionStore.getState().selectedTaskId !== taskId) return;
    const { serverUrl, generation, client } = session;
    void (async () => {
      // A task this browser remembers is listed from the registry, and polled from there: nothing to ask for.
      await queryClient.fetchQuery(registryQueryOptions(queryClient, serverUrl)).catch(() => undefined);
      if (findTask(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl)), taskId)) return;
      await watchTask(queryClient, { serverUrl, generation, getTask: (id) => getTask(client, id) }, taskId);
    })();
  }, [session, queryClient]);
}
