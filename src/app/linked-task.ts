import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { McpSession } from '../mcp/session';
import { getTask } from '../tasks/api';
import { selectionStore } from '../tasks/selection-store';
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
    void watchTask(queryClient, { serverUrl, generation, getTask: (id) => getTask(client, id) }, taskId);
  }, [session, queryClient]);
}
