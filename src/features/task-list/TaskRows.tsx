import { useStore } from 'zustand';
import { memo, useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useDisplayPrefs } from '../../components/display-prefs';
import { describeMoment, formatMoment } from '../../lib/time';
import { useConnectionStore } from '../connection';
import { selectionStore } from '../../tasks/selection-store';
import { bulkSelection, checkedFor } from '../../tasks/bulk-selection';
import type { DisplayStatus } from '../../tasks/status';
import { displayStatus, isFromEarlierSession, type TaskEntry } from '../../tasks/task-cache';
import { StatusBadge, useTaskRows } from '../task-status';
import { RowCheckbox, SelectShownCheckbox, shownTicks } from './RowChecks';
import { ResultMatchMark } from './ResultMatchMark';

/** Fixed row height, so the virtualizer can place rows without measuring them. */
const ROW_HEIGHT = 33;

export interface TaskRowsProps {
  serverUrl: string;
  entries: readonly TaskEntry[];
  total: number;
  now: number;
  hasMore: boolean;
  onNearEnd: () => void;
  keptIds: ReadonlySet<string>;
}

export function TaskRows({ serverUrl, entries, total, now, hasMore, onNearEnd, keptIds }: TaskRowsProps) {
  const selected = useStore(selectionStore, (s) => s.selectedTaskId);
  const taskSelected = useStore(selectionStore, (s) => s.taskSelected);
  const generation = useConnectionStore((s) => s.generation);
  const timeStyle = useDisplayPrefs((s) => s.timeFormat);
  const checked = useStore(bulkSelection, (s) => checkedFor(s, serverUrl));
  // The rows' tick handler stays the same across list updates (rows re-render only for what they show); a
  // shift-click reads the shown order when it happens.
  const shownRef = useRef(entries);
  useLayoutEffect(() => {
    shownRef.current = entries;
  }, [entries]);
  const onCheck = useCallback(
    (taskId: string, value: boolean, range: boolean) =>
      bulkSelection
        .getState()
        .taskChecked(serverUrl, taskId, value, range ? { shownIds: shownRef.current.map((e) => e.task.taskId) } : undefined),
    [serverUrl],
  );
  const onCheckShown = useCallback(
    (value: boolean) =>
      bulkSelection.getState().shownChecked(
        serverUrl,
        shownRef.current.map((e) => e.task.taskId),
        value,
      ),
    [serverUrl],
  );
  // Only the rows in view (plus a margin) are in the DOM; a keyboard move scrolls its task into view and focuses it.
  const { scroller, virtualizer } = useTaskRows(entries, {
    rowHeight: ROW_HEIGHT,
    hasMore,
    onNearEnd,
    focusSelector: (id) => `tr[data-task-id="${id}"]`,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const lastItem = items[items.length - 1];
  const padBottom = lastItem ? virtualizer.getTotalSize() - lastItem.end : 0;
  // Rows are keyed by position, so a row element shows whichever task is at its place. When tasks insert above the
  // task that holds focus (its row or its tick), focus follows the task to the row that now shows it. (Keying the
  // focused row by its task instead re-created it on the next render after it took focus, and focus was lost.)
  const body = useRef<HTMLTableSectionElement>(null);
  const focusedTask = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = focusedTask.current;
    const rows = body.current;
    const active = document.activeElement;
    if (id === null || !rows || !(active instanceof HTMLElement) || !rows.contains(active)) return;
    const row = active.closest('tr');
    if (!row || row.getAttribute('data-task-id') === id) return;
    const target = [...rows.querySelectorAll<HTMLElement>('tr[data-task-id]')].find((tr) => tr.getAttribute('data-task-id') === id);
    if (!target) return;
    const tick = active === row ? null : target.querySelector<HTMLElement>('input[type="checkbox"]');
    (tick ?? target).focus({ preventScroll: true });
  });
  return (
    <div className="table-scroll" ref={scroller}>
      <table aria-label="Tasks" aria-rowcount={entries.length} data-total={total} className="tasks-table">
        <thead>
          <tr>
            <th scope="col" className="check">
              <SelectShownCheckbox state={shownTicks(entries, checked)} empty={entries.length === 0} onChange={onCheckShown} />
            </th>
            <th scope="col">Status</th>
            <th scope="col">Task ID</th>
            <th scope="col">Tool</th>
            <th scope="col">Message</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody
          ref={body}
          onFocus={(event) => {
            focusedTask.current = event.target.closest('tr')?.getAttribute('data-task-id') ?? null;
          }}
          onBlur={(event) => {
            if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) focusedTask.current = null;
          }}
        >
          {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const entry = entries[item.index];
            if (!entry) return null;
            const id = entry.task.taskId;
            return (
              <TaskRow
                // Keyed by position, so that new tasks inserting at the top (a burst of thousands) update the rows in
                // view in place rather than unmounting and re-creating every one of them each frame.
                key={item.index}
                index={item.index}
                entry={entry}
                status={displayStatus(entry, now)}
                updated={formatMoment(entry.task.lastUpdatedAt, now, timeStyle)}
                selected={id === selected}
                checked={checked.has(id)}
                onCheck={onCheck}
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
  checked: boolean;
  onCheck: (taskId: string, checked: boolean, range: boolean) => void;
  kept: boolean;
  earlier: boolean;
  onSelect: (taskId: string) => void;
}

/** One row; re-renders only when what it shows changed. */
const TaskRow = memo(function TaskRow({
  index,
  entry,
  status,
  updated,
  selected,
  checked,
  onCheck,
  kept,
  earlier,
  onSelect,
}: TaskRowProps) {
  const { task } = entry;
  const onKey = (event: KeyboardEvent) => {
    // Keys on the row's checkbox are the checkbox's (Space ticks it).
    if (event.target !== event.currentTarget) return;
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
      <td className="check">
        <RowCheckbox taskId={task.taskId} checked={checked} onCheck={onCheck} />
      </td>
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
        <ResultMatchMark taskId={task.taskId} />
        {earlier ? (
          <span className="tag" title="Known from an earlier connection; the current session has not confirmed it">
            earlier session
          </span>
        ) : null}
      </td>
      <td className="mono">{entry.toolName ?? '—'}</td>
      <td className="message" title={task.statusMessage?.slice(0, 2000)}>
        {task.statusMessage === undefined
          ? ''
          : task.statusMessage.length > 300
            ? `${task.statusMessage.slice(0, 300)}…`
            : task.statusMessage}
      </td>
      <td title={describeMoment(task.lastUpdatedAt)}>
        {updated} <span className="source-tag">{entry.lastSource}</span>
      </td>
    </tr>
  );
});
