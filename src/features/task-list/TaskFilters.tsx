import { memo } from 'react';
import { useStore } from 'zustand';
import { STATUS_LABELS, type DisplayStatus } from '../../tasks/status';
import { filterStore, type SortKey } from '../../tasks/filter-store';
import { FILTER_STATUSES } from '../../tasks/filtering';
import { liveStore } from '../../tasks/live-store';

type Counts = Record<DisplayStatus | 'all', number>;

/** The same numbers: the counts are made anew at every write of the list, and mostly come out the same. */
function sameCounts(a: Counts, b: Counts): boolean {
  return a.all === b.all && FILTER_STATUSES.every((s) => a[s] === b[s]);
}

/**
 * `partial`: the server has tasks not listed yet, so each count is "at least" (shown as "12+"). Drawn again only for
 * other numbers (or its stores): a storm of pushes that change messages, not statuses, leaves it alone.
 */
export const TaskFilters = memo(
  function TaskFilters({ counts, partial = false }: { counts: Counts; partial?: boolean }) {
    const more = partial ? '+' : '';
    const status = useStore(filterStore, (s) => s.status);
    const query = useStore(filterStore, (s) => s.query);
    const sort = useStore(filterStore, (s) => s.sort);
    const statusFiltered = useStore(filterStore, (s) => s.statusFiltered);
    const queryEdited = useStore(filterStore, (s) => s.queryEdited);
    const sortChosen = useStore(filterStore, (s) => s.sortChosen);
    const paused = useStore(liveStore, (s) => s.paused);
    const pause = useStore(liveStore, (s) => s.liveUpdatesPaused);
    const resume = useStore(liveStore, (s) => s.liveUpdatesResumed);
    return (
      <div className="task-filters">
        <label className="field">
          <span>Status</span>
          <select value={status} onChange={(e) => statusFiltered(e.target.value as DisplayStatus | 'all')}>
            <option value="all">
              All ({counts.all}
              {more})
            </option>
            {FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]} ({counts[s]}
                {more})
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>Search tasks</span>
          <input
            type="search"
            data-shortcut-target="search"
            aria-keyshortcuts="/"
            value={query}
            placeholder="task id, tool, message or result"
            onChange={(e) => queryEdited(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Sort by</span>
          <select value={sort} onChange={(e) => sortChosen(e.target.value as SortKey)}>
            <option value="created">Created</option>
            <option value="updated">Last update</option>
          </select>
        </label>
        <button type="button" className="button small" aria-pressed={paused} onClick={paused ? resume : pause}>
          {paused ? 'Resume live updates' : 'Pause live updates'}
        </button>
      </div>
    );
  },
  (a, b) => a.partial === b.partial && sameCounts(a.counts, b.counts),
);
