import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { McpSession } from '../mcp/session';
import { listTasksPage } from './api';
import { mcpKeys } from './keys';
import { mergeListedTasks, type TaskEntry } from './task-cache';

/** Where tasks/list paging stands for a server: the cursor of the next page, if there is one. */
export interface ListPaging {
  nextCursor?: string;
  pagesLoaded: number;
  /** Entries of listed pages that were not valid tasks. */
  skipped: number;
}

/**
 * The server's tasks. With `tasks.list` the first page is fetched (and re-fetched by Refresh) and merged into what
 * the page already knows (tasks it started, tasks learned from pushes); later pages load on demand. Without it,
 * only those are shown and nothing is sent.
 */
export function tasksQueryOptions(queryClient: QueryClient, serverUrl: string, session: McpSession | null) {
  const key = mcpKeys.tasks(serverUrl);
  const canList = Boolean(session?.capabilities.tasks?.list);
  return queryOptions({
    queryKey: key,
    queryFn:
      session && canList
        ? async () => {
            const page = await listTasksPage(session.client);
            const previous = queryClient.getQueryData<ListPaging>(mcpKeys.tasksPaging(serverUrl));
            queryClient.setQueryData<ListPaging>(mcpKeys.tasksPaging(serverUrl), {
              ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
              pagesLoaded: 1,
              skipped: page.skipped + (previous?.skipped ?? 0),
            });
            return mergeListedTasks(queryClient.getQueryData<TaskEntry[]>(key) ?? [], page.tasks, Date.now(), session.generation);
          }
        : skipToken,
    // Fresh for good once listed; until then, data written by others (kept results, pushes, a started task) must
    // not pass for a listing, or a page whose kept results load before the session connects never lists at all.
    staleTime: () => (queryClient.getQueryData<ListPaging>(mcpKeys.tasksPaging(serverUrl)) ? Infinity : 0),
    refetchOnWindowFocus: false,
    // Every write keeps unchanged entries as they were; a deep compare of thousands of tasks per frame buys nothing.
    structuralSharing: false,
  });
}

/** Loads the next tasks/list page into the cache. Resolves false when there was none. */
export async function loadNextTaskPage(queryClient: QueryClient, session: McpSession): Promise<boolean> {
  const pagingKey = mcpKeys.tasksPaging(session.serverUrl);
  const paging = queryClient.getQueryData<ListPaging>(pagingKey);
  if (!paging?.nextCursor) return false;
  const page = await listTasksPage(session.client, paging.nextCursor);
  // A server that hands back the same cursor would page forever: stop there.
  const next = page.nextCursor !== undefined && page.nextCursor !== paging.nextCursor ? page.nextCursor : undefined;
  queryClient.setQueryData<ListPaging>(pagingKey, {
    ...(next !== undefined && { nextCursor: next }),
    pagesLoaded: paging.pagesLoaded + 1,
    skipped: paging.skipped + page.skipped,
  });
  queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(session.serverUrl), (old) => mergeListedTasks(old ?? [], page.tasks, Date.now(), session.generation));
  return true;
}
