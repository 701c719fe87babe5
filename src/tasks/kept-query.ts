import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { mcpKeys } from './keys';
import { parseTaskResult, summariseResult, TextBackedResult, type FetchedResult } from './result';
import { forgetAllResults, forgetResult, keptResults, keptUsage } from './result-store';
import { restoreKeptTasks } from './cache-writes';

/**
 * The results kept for a server. Loading them also puts them back on screen: each result into its result query, and
 * its task into the list (as from an earlier session) when the server no longer lists it.
 */
export function keptQueryOptions(queryClient: QueryClient, serverUrl: string) {
  return queryOptions({
    queryKey: mcpKeys.kept(serverUrl),
    queryFn: async () => {
      const records = await keptResults(serverUrl);
      // The tasks first, in one write against the list as it stands now (the list's rules keep whatever it holds
      // that is newer): the texts below are read over several tasks of the event loop, and a tasks/list page that
      // lands meanwhile must not be overwritten. Only when there are records: an empty write is no news.
      if (records.length) restoreKeptTasks(queryClient, serverUrl, records);
      const kept: string[] = [];
      for (const r of records) {
        const key = mcpKeys.result(serverUrl, r.taskId);
        if (queryClient.getQueryData(key)) {
          kept.push(r.taskId);
          continue;
        }
        let text = r.text;
        if (r.textBlob) {
          // One Blob read per await: several large kept results are each a task of their own, not one long one. A
          // Blob the browser can no longer read costs that one result, not the others.
          try {
            text = await r.textBlob.text();
          } catch {
            continue;
          }
        }
        const result: FetchedResult =
          text !== undefined
            ? new TextBackedResult(r.taskId, text, r.summary ?? summariseResult(parseTaskResult(JSON.parse(text))), r.fetchedAt, r.size, {
                fromStore: true,
              })
            : { taskId: r.taskId, raw: r.raw, parsed: parseTaskResult(r.raw), fetchedAt: r.fetchedAt, size: r.size, fromStore: true };
        // Not if a fetch filled it while the text was read.
        if (!queryClient.getQueryData(key)) queryClient.setQueryData(key, result);
        kept.push(r.taskId);
      }
      return kept;
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
