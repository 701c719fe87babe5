import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { dropTask, restoreRememberedTasks } from './cache-writes';
import { forgetKept } from './kept-query';
import { mcpKeys } from './keys';
import { taskRegistry } from './registry-store';
import { selectionStore } from './selection-store';

/**
 * The tasks this browser remembers for a server, loaded once per page and put back in the list with their last
 * known state: before, and without, any tasks/list. Resolves to how many were remembered.
 */
export function registryQueryOptions(queryClient: QueryClient, serverUrl: string) {
  return queryOptions({
    queryKey: mcpKeys.registry(serverUrl),
    queryFn: async () => {
      const records = await taskRegistry.loadTasks(serverUrl);
      restoreRememberedTasks(queryClient, serverUrl, records);
      return records.length;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Forgets a task: no longer remembered, out of the list and the selection; with `withKeptResult`, its kept result is
 * deleted too (otherwise that result would put the task back in the list at the next reload). Rejects when the
 * registry could not delete it; the list is then left as it was.
 */
export async function forgetTask(
  queryClient: QueryClient,
  serverUrl: string,
  taskId: string,
  options: { withKeptResult: boolean },
): Promise<void> {
  await taskRegistry.forgetTask(serverUrl, taskId);
  if (options.withKeptResult) await forgetKept(queryClient, serverUrl, taskId);
  else queryClient.removeQueries({ queryKey: mcpKeys.result(serverUrl, taskId), exact: true });
  dropTask(queryClient, serverUrl, taskId);
  if (selectionStore.getState().selectedTaskId === taskId) selectionStore.getState().selectionCleared();
}
