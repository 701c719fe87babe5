import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRevealSelected } from '../../components/use-reveal';
import { memo, useCallback, useEffect, useMemo, useState, useRef, type KeyboardEvent } from 'react';
import { Region } from '../../components/Region';
import { StatusBadge } from '../../components/StatusBadge';
import { describeMoment, formatMoment } from '../../components/time';
import { useDisplayPrefs } from '../../components/display-prefs';
import { useNow } from '../../components/use-now';
import { useConnectionStore } from '../../components/use-connection';
import { describeRequestError } from '../../mcp/errors';
import { keptQueryOptions } from '../../tasks/kept-query';
import type { McpSession } from '../../mcp/session';
import { useFilterStore } from '../../tasks/filter-store';
import { countByStatus, visibleTasks } from '../../tasks/filtering';
import { mcpKeys } from '../../tasks/keys';
import { useLiveStore } from '../../tasks/live-store';
import { IDLE_PAGES_LIMIT, loadNextTaskPage, tasksQueryOptions, type ListPaging } from '../../tasks/queries';
import { useSelectionStore } from '../../tasks/selection-store';
import { displayStatus, isFromEarlierSession, type TaskEntry } from '../../tasks/task-cache';
import type { DisplayStatus } from '../../tasks/status';
import { useViewStore } from '../../tasks/view-store';
import { TimelineChart } from '../task-timeline';
import { TaskFilters } from './TaskFilters';
import { ViewSwitch } from './ViewSwitch';

/** Fixed row height, so the virtualizer can place rows without measuring them. */
const ROW_HEIGHT = 33;
/** Tasks listed in the background before paging waits for a scroll or a click (a server may hold millions). */
export const AUTO_LIST_LIMIT = 20_000;

export function TaskTable({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const queryClient = useQueryClient();
  const tasks = useQuery(tasksQueryOptions(queryClient, serverUrl, session));
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
  const status = useFilterStore((s) => s.status);
  const query = useFilterStore((s) => s.query);
  const sort = useFilterStore((s) => s.sort);
  const paused = useLiveStore((s) => s.paused);
  const now = useNow(1000);
  const entries = useMemo(() => tasks.data ?? [], [tasks.data]);
  const counts = useMemo(() => countByStatus(entries, now), [entries, now]);
  const rows = useMemo(() => visibleTasks(entries, { status, query, sort, now }), [entries, status, query, sort, now]);
  // A cursor is only good for the session that got it (after a reconnect, page 1 is listed again first).
  const hasMore = Boolean(session && paging.data?.nextCursor && paging.data.generation === session.generation);
  const kept = useQuery(keptQueryOptions(queryClient, serverUrl));
  const keptIds = useMemo(() => new Set(kept.data ?? []), [kept.data]);
  const view = useViewStore((s) => s.view);

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
  // The rest of the list comes page after page in the background (up to AUTO_LIST_LIMIT tasks), so counts,
  // filters and search cover every task; an error, a pause or pages with nothing new to this pass (queries.ts)
  // stop it ("Load more tasks" goes on by hand, Refresh starts a new pass).
  const idle = (paging.data?.idlePages ?? 0) >= IDLE_PAGES_LIMIT;
  const autoList = hasMore && !paused && !idle && pageError === undefined && entries.length < AUTO_LIST_LIMIT;
  useEffect(() => {
    if (autoList && !loadingPage) loadMore();
  }, [autoList, loadingPage, loadMore]);
  const refresh = session?.capabilities.tasks?.list ? (
    <button
      type="button"
      className="button small"
      onClick={() => {
        setPageError(undefined);
        void tasks.refetch();
      }}
      disabled={tasks.isFetching}
    >
      {tasks.isFetching ? 'Refreshing…' : 'Refresh'}
    </button>
  ) : null;
  const actions = (
    <>
      <ViewSwitch />
      {refresh}
    </>
  );

  return (
    <Region title="Task list" actions={actions} className="task-list">
      <TaskFilters counts={counts} partial={hasMore} />
      {paused ? <p className="warning-text">Live updates paused: pushes are held and nothing is polled.</p> : null}
      {tasks.isError ? <p className="error-text">Could not list tasks: {describeRequestError(tasks.error, 'tasks/list')}</p> : null}
      {session?.capabilities.tasks && !session.capabilities.tasks.list ? (
        <p className="muted">This server does not list tasks: only tasks started from this page are shown.</p>
      ) : null}
      {kept.isError ? <p className="error-text">Kept results are unavailable: {kept.error.message}</p> : null}
      {view === 'timeline' ? (
        <TimelineChart entries={rows} total={entries.length} now={now} connected={Boolean(session)} hasMore={hasMore} onNearEnd={loadMore} />
      ) : (
        <TaskRows entries={rows} total={entries.length} now={now} hasMore={hasMore} onNearEnd={loadMore} keptIds={keptIds} />
      )}
      {view === 'timeline' ? null : entries.length === 0 ? (
        tasks.isFetching ? (
          <div className="empty loading" role="status" aria-label="Loading tasks">
            <span className="skeleton-row" aria-hidden="true" />
            <span className="skeleton-row" aria-hidden="true" />
            <span className="skeleton-row" aria-hidden="true" />
            Asking the server for its tasks…
          </div>
        ) : (
          <div className="empty empty-state">
            <strong>{session ? 'No tasks yet' : 'Not connected'}</strong>
            <span>
              {session
                ? 'Run a tool as a task (Run tool, or press r) and it appears here, live.'
                : 'Enter an MCP server URL above and press Connect. The demo server that `npm start` runs is at http://127.0.0.1:3210/mcp.'}
            </span>
          </div>
        )
      ) : rows.length === 0 ? (
        <p className="empty">No task matches the filters.</p>
      ) : null}
      {hasMore || pageError ? (
        <div className="form-actions">
          {autoList ? (
            <span className="muted small" role="status">
              Listing the server’s tasks… {entries.length.toLocaleString()} so far
            </span>
          ) : hasMore ? (
            <button type="button" className="button small" onClick={loadMore} disabled={loadingPage}>
              {loadingPage ? 'Loading…' : 'Load more tasks'}
            </button>
          ) : null}
          {pageError ? <span className="error-text">{pageError}</span> : null}
        </div>
      ) : null}
    </Region>
  );
}

interface TaskRowsProps {
  entries: readonly TaskEntry[];
  total: number;
  now: number;
  hasMore: boolean;
  onNearEnd: () => void;
  keptIds: ReadonlySet<string>;
}

function TaskRows({ entries, total, now, hasMore, onNearEnd, keptIds }: TaskRowsProps) {
  const selected = useSelectionStore((s) => s.selectedTaskId);
  const taskSelected = useSelectionStore((s) => s.taskSelected);
  const generation = useConnectionStore((s) => s.generation);
  const timeStyle = useDisplayPrefs((s) => s.timeFormat);
  const scroller = useRef<HTMLDivElement>(null);
  // Only the rows in view (plus a margin) are in the DOM, however many tasks there are.
  const virtualizer = useVirtualizer({ count: entries.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;
  // Scrolling near the end of what is loaded asks for the next page.
  useEffect(() => {
    if (hasMore && last >= entries.length - 20) onNearEnd();
  }, [hasMore, last, entries.length, onNearEnd]);
  // A keyboard move scrolls its task into view and focuses it.
  useRevealSelected(entries, virtualizer, scroller, (id) => `tr[data-task-id="${id}"]`);
  const padTop = items[0]?.start ?? 0;
  const lastItem = items[items.length - 1];
  const padBottom = lastItem ? virtualizer.getTotalSize() - lastItem.end : 0;
  return (
    <div className="table-scroll" ref={scroller}>
      <table aria-label="Tasks" aria-rowcount={entries.length} data-total={total} className="tasks-table">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Task ID</th>
            <th scope="col">Tool</th>
            <th scope="col">Message</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const entry = entries[item.index];
            if (!entry) return null;
            const id = entry.task.taskId;
            return (
              <TaskRow
                key={id}
                index={item.index}
                entry={entry}
                status={displayStatus(entry, now)}
                updated={formatMoment(entry.task.lastUpdatedAt, now, timeStyle)}
                selected={id === selected}
                kept={keptIds.has(id)}
                earlier={isFromEarlierSession(entry, generation)}
                onSelect={taskSelected}
              />
            );
          })}
          {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}

interface TaskRowProps {
  index: number;
  entry: TaskEntry;
  status: DisplayStatus;
  updated: string;
  selected: boolean;
  kept: boolean;
  earlier: boolean;
  onSelect: (taskId: string) => void;
}

/** One row; re-renders only when what it shows changed. */
const TaskRow = memo(function TaskRow({ index, entry, status, updated, selected, kept, earlier, onSelect }: TaskRowProps) {
  const { task } = entry;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(task.taskId);
    }
  };
  return (
    <tr
      data-task-id={task.taskId}
      data-status={status}
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      onClick={() => onSelect(task.taskId)}
      onKeyDown={onKey}
    >
      <td>
        <StatusBadge status={status} />
      </td>
      <td className="mono task-id">
        {task.taskId}
        {kept ? (
          <span className="tag kept" title="Its result is kept in this browser">
            kept
          </span>
        ) : null}
        {earlier ? (
          <span className="tag" title="Known from an earlier connection; the current session has not confirmed it">
            earlier session
          </span>
        ) : null}
      </td>
      <td className="mono">{entry.toolName ?? '—'}</td>
      <td className="message" title={task.statusMessage?.slice(0, 2000)}>{task.statusMessage === undefined ? '' : task.statusMessage.length > 300 ? `${task.statusMessage.slice(0, 300)}…` : task.statusMessage}</td>
      <td title={describeMoment(task.lastUpdatedAt)}>
        {updated} <span className="source-tag">{entry.lastSource}</span>
      </td>
    </tr>
  );
});
