import type { TaskClient as Client } from '../mcp/task-client';
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { rpcCodeOf } from '../mcp/errors';
import { fetchTaskResult } from './api';
import { expireForgotten, storeFetchedResult } from './cache-writes';
import { reportObservation, reportRpcError } from './behaviour-store';
import { mcpKeys } from './keys';
import { resultObservation } from './result';

/** Shared by every result query (a day's thousand results held a thousand copies of each closure). */
const retryResult = (count: number, error: unknown) => count < 3 && rpcCodeOf(error) === undefined;
const resultRetryDelay = (attempt: number) => Math.min(8000, 500 * 2 ** attempt);

/**
 * A task's result. Never fetched on its own: the query is disabled and only `fetchQuery` (the Fetch result
 * button, allowed once the task is terminal) fills it. tasks/result is idempotent, so transport failures retry;
 * a -32602 for a task we knew means the server forgot it: the task is marked expired.
 */
export function resultQueryOptions(queryClient: QueryClient, serverUrl: string, taskId: string, client: Client | undefined) {
  return queryOptions({
    queryKey: mcpKeys.result(serverUrl, taskId),
    queryFn: client
      ? async () => {
          try {
            const result = await fetchTaskResult(client, taskId);
            reportObservation(serverUrl, resultObservation(taskId, result));
            // Kept before it is shown: a reload right after it appears loses nothing.
            return await storeFetchedResult(queryClient, serverUrl, result);
          } catch (error) {
            if (reportRpcError(serverUrl, 'tasks/result', error) === -32602) expireForgotten(queryClient, serverUrl, taskId, error);
            throw error;
          }
        }
      : skipToken,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: retryResult,
    retryDelay: resultRetryDelay,
  });
}
