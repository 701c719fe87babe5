import type { QueryClient } from '@tanstack/react-query';
import { hashKey, queryOptions, skipToken } from '@tanstack/react-query';
import type { McpSession } from '../mcp/session';
import { listTasksPage } from './api';
import { mcpKeys } from './keys';
import { mergeListedPage } from './cache-writes';

/** Where tasks/list paging stands for a server: the cursor of the next page, if there is one. */
export interface ListPaging {
  nextCursor?: string;
  pagesLoaded: number;
  /** Entries of listed pages that were not valid tasks. */
  skipped: number;
  /** The session this pass over the pages belongs to: a cursor is only good for the session that got it. */
  generation: number;
  /** Task ids and cursors seen in this pass (from page 1 on): a server going round in circles is noticed. */
  seenIds: Set<string>;
  seenCursors: Set<string>;
  /** Pages in a row, in this pass, that brought no task new to it. */
  idlePages: number;
}

/** Background listing stops after this many pages in a row with nothing new (cursors that never end, or ignored). */
export const IDLE_PAGES_LIMIT = 3;

const pagingHashes = new Map<string, string>();
function pagingHash(serverUrl: string): string {
  let hash = pagingHashes.get(serverUrl);
  if (hash === undefined) {
    hash = hashKey(mcpKeys.tasksPaging(serverUrl));
    pagingHashes.set(serverUrl, hash);
  }
  return hash;
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
              generation: session.generation,
              seenIds: new Set(page.tasks.map((t) => t.taskId)),
              seenCursors: new Set(page.nextCursor !== undefined ? [page.nextCursor] : []),
              idlePages: 0,
            });
            // Written here, not only returned: a task the page ends is fetched once the list holds its end.
            return mergeListedPage(queryClient, serverUrl, page.tasks, session.generation);
          }
        : skipToken,
    // Fresh for good once listed; until then, data written by others (kept results, pushes, a started task) must
    // not pass for a listing, or a page whose kept results load before the session connects never lists at all.
    // Asked by every observer of the list at every write (each frame of a storm): the paging query is found by its
    // hash, hashed once per server, not by hashing its key at each call.
    staleTime: () => (queryClient.getQueryCache().get(pagingHash(serverUrl))?.state.data ? Infinity : 0),
    refetchOnWindowFocus: false,
    // Every write keeps unchanged entries as they were; a deep compare of thousands of tasks per frame buys nothing.
    structuralSharing: false,
  });
}

/**
 * Loads the next tasks/list page into the cache. Resolves with how many of its tasks were new to this pass over the
 * pages (0 for a page of tasks already listed, or of none), or undefined when there was no page to load: no next
 * cursor, or one from another session.
 */
export async function loadNextTaskPage(queryClient: QueryClient, session: McpSession): Promise<number | undefined> {
  const pagingKey = mcpKeys.tasksPaging(session.serverUrl);
  const paging = queryClient.getQueryData<ListPaging>(pagingKey);
  if (!paging?.nextCursor || paging.generation !== session.generation) return undefined;
  const page = await listTasksPage(session.client, paging.nextCursor);
  mergeListedPage(queryClient, session.serverUrl, page.tasks, session.generation);
  let fresh = 0;
  for (const t of page.tasks) {
    if (paging.seenIds.has(t.taskId)) continue;
    paging.seenIds.add(t.taskId);
    fresh++;
  }
  // Page 1 listed again meanwhile (Refresh, a reconnect): that pass goes on from its own cursor, not this one.
  if (queryClient.getQueryData<ListPaging>(pagingKey) !== paging) return fresh;
  // A cursor seen before in this pass would go round in circles: the list ends there.
  const next = page.nextCursor !== undefined && !paging.seenCursors.has(page.nextCursor) ? page.nextCursor : undefined;
  if (next !== undefined) paging.seenCursors.add(next);
  const { nextCursor: _done, ...rest } = paging;
  queryClient.setQueryData<ListPaging>(pagingKey, {
    ...rest,
    ...(next !== undefined && { nextCursor: next }),
    pagesLoaded: paging.pagesLoaded + 1,
    skipped: paging.skipped + page.skipped,
    idlePages: fresh === 0 ? paging.idlePages + 1 : 0,
  });
  return fresh;
}
