import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchTaskResult } from '../../tasks/api';
import { mcpKeys } from '../../tasks/keys';

/**
 * A task's result. Never fetched on its own: the query is disabled and only `fetchQuery` (the Fetch result
 * button, allowed once the task is terminal) fills it. tasks/result is idempotent, so transport failures retry.
 */
export function resultQueryOptions(serverUrl: string, taskId: string, client: Client | undefined) {
  return queryOptions({
    queryKey: mcpKeys.result(serverUrl, taskId),
    queryFn: client ? () => fetchTaskResult(client, taskId) : skipToken,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: (count, error) => count < 3 && !('code' in error && typeof error.code === 'number' && error.code < 0),
  });
}
