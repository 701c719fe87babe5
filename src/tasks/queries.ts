import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { McpSession } from '../mcp/session';
import { listAllTasks } from './api';
import { mcpKeys } from './keys';
import { mergeListedTasks, type TaskEntry } from './task-cache';

/**
 * The server's tasks. With `tasks.list` the list is fetched and merged into what the page already knows
 * (tasks it started, tasks learned from pushes); without it, only those are shown and nothing is sent.
 */
export function tasksQueryOptions(queryClient: QueryClient, serverUrl: string, session: McpSession | null) {
  const key = mcpKeys.tasks(serverUrl);
  const canList = Boolean(session?.capabilities.tasks?.list);
  return queryOptions({
    queryKey: key,
    queryFn:
      session && canList
        ? async () => {
            const listed = await listAllTasks(session.client);
            return mergeListedTasks(queryClient.getQueryData<TaskEntry[]>(key) ?? [], listed, Date.now(), session.generation);
          }
        : skipToken,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
