import { useStore } from 'zustand';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { Region } from '../../components/Region';
import { useNow } from '../../components/use-now';
import { describeRequestError } from '../../mcp/errors';
import type { McpSession } from '../../mcp/session';
import { bulkSelection, checkedFor } from '../../tasks/bulk-selection';
import { filterStore } from '../../tasks/filter-store';
import { countByStatus, visibleTasks } from '../../tasks/filtering';
import { keptQueryOptions } from '../../tasks/kept-query';
import { liveStore } from '../../tasks/live-store';
import { tasksQueryOptions } from '../../tasks/queries';
import { registryQueryOptions } from '../../tasks/registry-query';
import type { TaskEntry } from '../../tasks/task-cache';
import { viewStore } from '../../tasks/view-store';
import { PagingFooter, TaskListEmpty } from './TaskListStates';
import { TaskFilters } from './TaskFilters';
import { TaskRows } from './TaskRows';
import { useTaskPaging } from './use-task-paging';
import { useResultSearch } from './use-result-search';
import { ViewSwitch } from './ViewSwitch';
import { WatchTaskForm } from './WatchTaskForm';
import { lazyNamed } from '../../components/lazy-named';

/** Loaded after the first paint: the chart when the timeline is shown, the bulk bar once it may be needed. */
const TimelineChart = lazyNamed(() => import('../task-timeline'), 'TimelineChart');
const BulkBar = lazyNamed(() => import('./BulkBar'), 'BulkBar');
/** What the bulk bar is given while nothing is ticked: it then shows no task, only the report of its last action. */
const NOTHING_TICKED: readonly TaskEntry[] = [];

export function TaskTable({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const queryClient = useQueryClient();
  const tasks = useQuery(tasksQueryOptions(queryClient, serverUrl, session));
  const status = useStore(filterStore, (s) => s.status);
  const query = useStore(filterStore, (s) => s.query);
  const sort = useStore(filterStore, (s) => s.sort);
  const paused = useStore(liveStore, (s) => s.paused);
  const now = useNow(1000);
  const entries = useMemo(() => tasks.data ?? [], [tasks.data]);
  const counts = useMemo(() => countByStatus(entries, now), [entries, now]);
  const resultMatches = useResultSearch(serverUrl, query);
  const rows = useMemo(
    () => visibleTasks(entries, { status, query, sort, now, resultMatches }),
    [entries, status, query, sort, now, resultMatches],
  );
  const paging = useTaskPaging(serverUrl, session, entries.length, paused);
  const { hasMore, loadMore } = paging;
  const kept = useQuery(keptQueryOptions(queryClient, serverUrl));
  const keptIds = useMemo(() => new Set(kept.data ?? []), [kept.data]);
  // Tasks started or watched here come back with their last known state, whether or not the server lists tasks.
  useQuery(registryQueryOptions(queryClient, serverUrl));
  const view = useStore(viewStore, (s) => s.view);
  // The bulk bar needs the list and the time only while tasks are ticked: otherwise it would be drawn again at every
  // write of the list (each frame of a storm) to show nothing.
  const anyTicked = useStore(bulkSelection, (s) => checkedFor(s, serverUrl).size > 0);

  const refresh = session?.capabilities.tasks?.list ? (
    <button
      type="button"
      className="button small"
      onClick={() => {
        paging.clearError();
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
      <WatchTaskForm serverUrl={serverUrl} session={session} />
      <TaskFilters counts={counts} partial={hasMore} />
      <Suspense fallback={null}>
        <BulkBar
          serverUrl={serverUrl}
          session={session}
          entries={anyTicked ? entries : NOTHING_TICKED}
          keptIds={keptIds}
          now={anyTicked ? now : 0}
        />
      </Suspense>
      {paused ? <p className="warning-text">Live updates paused: pushes are held and nothing is polled.</p> : null}
      {tasks.isError ? <p className="error-text">Could not list tasks: {describeRequestError(tasks.error, 'tasks/list')}</p> : null}
      {session?.capabilities.tasks && !session.capabilities.tasks.list ? (
        <p className="muted">
          This server does not list tasks: the tasks started or watched from this browser are shown (add one by its ID with Watch task).
        </p>
      ) : null}
      {kept.isError ? <p className="error-text">Kept results are unavailable: {kept.error.message}</p> : null}
      {view === 'timeline' ? (
        <Suspense fallback={<p className="muted">Loading the timeline…</p>}>
          <TimelineChart
            entries={rows}
            total={entries.length}
            now={now}
            connected={Boolean(session)}
            hasMore={hasMore}
            onNearEnd={loadMore}
          />
        </Suspense>
      ) : (
        <>
          <TaskRows
            serverUrl={serverUrl}
            entries={rows}
            total={entries.length}
            now={now}
            hasMore={hasMore}
            onNearEnd={loadMore}
            keptIds={keptIds}
          />
          <TaskListEmpty known={entries.length} shown={rows.length} fetching={tasks.isFetching} connected={Boolean(session)} />
        </>
      )}
      <PagingFooter paging={paging} known={entries.length} />
    </Region>
  );
}
