import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { mcpKeys } from './keys';
import { forgetAllResults, forgetResult, keptResults, keptUsage } from './result-store';
import { restoreKeptTasks } from './cache-writes';

/**
 * The tasks whose result is kept for a server. Loading them also puts their tasks back in the list (as from an
 * earlier session) when the server no longer lists them. The results themselves stay in the store until one is
 * shown or searched (held-results.ts): a thousand kept results are not all read into memory at start.
 */
export function keptQueryOptions(queryClient: QueryClient, serverUrl: string) {
  return queryOptions({
    queryKey: mcpKeys.kept(serverUrl),
    queryFn: async () => {
      const records = await keptResults(serverUrl);
      // One write against the list as it stands now (the list's rules keep whatever it holds that is newer). Only
      // when there are records: an empty write is no news.
      if (records.length) restoreKeptTasks(queryClient, serverUrl, records);
      return records.map((r) => r.taskId);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** What this browser keeps, for every server: the count and size the quota is measured against. */
export function keptUsageQueryOptions() {
  return queryOptions({ queryKey: mcpKeys.keptUsage(), queryFn: keptUsage, staleTime: Infinity, retry: false });
}

export async function forgetKept(queryClient: QueryClient, serverUrl: string, taskId: string): Promise<void> {
  await forgetResult(serverUrl, taskId);
  queryClient.setQueryData<string[]>(mcpKeys.kept(serverUrl), (old) => (old ?? []).filter((id) => id !== taskId));
  queryClient.removeQueries({ queryKey: mcpKeys.result(serverUrl, taskId), exact: true });
  void queryClient.invalidateQueries({ queryKey: mcpKeys.keptUsage() });
}

export async function forgetAllKept(queryClient: QueryClient): Promise<void> {
  await forgetAllResults();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'mcp' && (q.queryKey[2] === 'kept' || q.queryKey[2] === 'result') });
  void queryClient.invalidateQueries({ queryKey: mcpKeys.keptUsage() });
}
