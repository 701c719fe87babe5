import { queryOptions } from '@tanstack/react-query';
import { mcpKeys } from './keys';
import { taskRegistry } from './registry-store';

/**
 * The tool and arguments a task was started with, as the task registry remembers them (only for tasks started
 * from this browser). Dropped from the query cache as soon as nothing shows them: the arguments may hold secrets,
 * and their one home is the registry.
 */
export function startArgumentsQueryOptions(serverUrl: string, taskId: string) {
  return queryOptions({
    queryKey: mcpKeys.startArguments(serverUrl, taskId),
    queryFn: () => taskRegistry.startArguments(serverUrl, taskId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
