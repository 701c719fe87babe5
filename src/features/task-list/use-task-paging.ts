import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { describeRequestError } from '../../mcp/errors';
import type { McpSession } from '../../mcp/session';
import { mcpKeys } from '../../tasks/keys';
import { IDLE_PAGES_LIMIT, loadNextTaskPage, type ListPaging } from '../../tasks/queries';

/** Tasks listed in the background before paging waits for a scroll or a click (a server may hold millions). */
const AUTO_LIST_LIMIT = 20_000;

export interface TaskPaging {
  /** The server has more pages for this session. */
  hasMore: boolean;
  /** Pages are being listed in the background. */
  autoList: boolean;
  loadingPage: boolean;
  pageError: string | undefined;
  loadMore: () => void;
  clearError: () => void;
}

/**
 * tasks/list past the first page. The rest of the list comes page after page in the background (up to
 * AUTO_LIST_LIMIT tasks), so counts, filters and search cover every task; an error, a pause or pages with nothing
 * new to this pass (queries.ts) stop it ("Load more tasks" goes on by hand, Refresh starts a new pass).
 */
export function useTaskPaging(serverUrl: string, session: McpSession | null, known: number, paused: boolean): TaskPaging {
  const queryClient = useQueryClient();
  const paging = useQuery<ListPaging>({ queryKey: mcpKeys.tasksPaging(serverUrl), queryFn: skipToken });
  const [pageError, setPageError] = useState<string | undefined>();
  const [loadingPage, setLoadingPage] = useState(false);
  // A new session (or another server) starts paging afresh, without the last one's error.
  const sessionKey = `${serverUrl}#${session?.generation ?? 'none'}`;
  const [pagingFor, setPagingFor] = useState(sessionKey);
  if (pagingFor !== sessionKey) {
    setPagingFor(sessionKey);
    setPageError(undefined);
  }
  // A cursor is only good for the session that got it (after a reconnect, page 1 is listed again first).
  const hasMore = Boolean(session && paging.data?.nextCursor && paging.data.generation === session.generation);
  const loading = useRef(false);
  const loadMore = useCallback(() => {
    if (!session || loading.current) return;
    loading.current = true;
    setLoadingPage(true);
    setPageError(undefined);
    loadNextTaskPage(queryClient, session)
      .catch((error: unknown) => setPageError(describeRequestError(error, 'tasks/list')))
      .finally(() => {
        loading.current = false;
        setLoadingPage(false);
      });
  }, [queryClient, session]);
  const idle = (paging.data?.idlePages ?? 0) >= IDLE_PAGES_LIMIT;
  const autoList = hasMore && !paused && !idle && pageError === undefined && known < AUTO_LIST_LIMIT;
  useEffect(() => {
    if (autoList && !loadingPage) loadMore();
  }, [autoList, loadingPage, loadMore]);
  const clearError = useCallback(() => setPageError(undefined), []);
  // The same object while nothing in it changes: the footer that shows it is not drawn again at every list write.
  return useMemo(
    () => ({ hasMore, autoList, loadingPage, pageError, loadMore, clearError }),
    [hasMore, autoList, loadingPage, pageError, loadMore, clearError],
  );
}
