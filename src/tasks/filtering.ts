import { TASK_STATUSES, type DisplayStatus } from './status';
import { timeOf } from './task';
import { compareNewestFirst, displayStatus, type TaskEntry } from './task-cache';
import type { SortKey } from './filter-store';

export const FILTER_STATUSES: readonly DisplayStatus[] = [...TASK_STATUSES, 'expired'];

export interface FilterInput {
  status: DisplayStatus | 'all';
  query: string;
  sort: SortKey;
  now: number;
  /** Tasks whose result holds the search term (result-search.ts). */
  resultMatches?: ReadonlySet<string>;
}

/** Counts per shown status, for the filter's labels. */
export function countByStatus(entries: readonly TaskEntry[], now: number): Record<DisplayStatus | 'all', number> {
  const counts = { all: entries.length } as Record<DisplayStatus | 'all', number>;
  for (const s of FILTER_STATUSES) counts[s] = 0;
  for (const e of entries) counts[displayStatus(e, now)]++;
  return counts;
}

function matchesQuery(entry: TaskEntry, needle: string, resultMatches: ReadonlySet<string> | undefined): boolean {
  if (!needle) return true;
  return (
    resultMatches?.has(entry.task.taskId) === true ||
    entry.task.taskId.toLowerCase().includes(needle) ||
    (entry.toolName ?? '').toLowerCase().includes(needle) ||
    (entry.task.statusMessage ?? '').toLowerCase().includes(needle)
  );
}

function compareUpdated(a: TaskEntry, b: TaskEntry): number {
  const ta = timeOf(a.task.lastUpdatedAt);
  const tb = timeOf(b.task.lastUpdatedAt);
  const va = Number.isNaN(ta) ? -Infinity : ta;
  const vb = Number.isNaN(tb) ? -Infinity : tb;
  return va !== vb ? vb - va : compareNewestFirst(a, b);
}

/** The rows to show: filtered by status and text, sorted newest first by created (the cache's order) or updated. */
export function visibleTasks(entries: readonly TaskEntry[], input: FilterInput): TaskEntry[] {
  const needle = input.query.trim().toLowerCase();
  // Nothing to filter or re-sort: the cache's own list (no copy of thousands of rows per frame).
  if (input.status === 'all' && !needle && input.sort !== 'updated') return entries as TaskEntry[];
  const rows = entries.filter(
    (e) => (input.status === 'all' || displayStatus(e, input.now) === input.status) && matchesQuery(e, needle, input.resultMatches),
  );
  return input.sort === 'updated' ? rows.sort(compareUpdated) : rows;
}
