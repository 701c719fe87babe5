import { useStore } from 'zustand';
import { memo, useCallback, useMemo, type KeyboardEvent } from 'react';
import { selectionStore } from '../../tasks/selection-store';
import { STATUS_ICONS, STATUS_LABELS } from '../../tasks/status';
import { displayStatus, type TaskEntry } from '../../tasks/task-cache';
import { TimelineAxis, TimelineGrid } from './TimelineAxis';
import { TimelineRow } from './TimelineRow';
import { timeDomain, timeTicks } from './timeline-layout';
import { useWidth } from './use-width';
import { useTaskRows } from '../task-status';

/** Fixed row height, so the virtualizer places rows without measuring them. */
const ROW_HEIGHT = 30;
/** The label column and the room kept right of the track for end glyphs (see .tl-chart-row-button in task-timeline.css). */
const LABEL_WIDTH = 210;
const END_ROOM = 36;

export interface TimelineChartProps {
  /** The tasks to draw, already filtered and sorted like the table's rows. */
  entries: readonly TaskEntry[];
  /** How many tasks are known before filtering, to tell "no tasks yet" from "none match". */
  total: number;
  now: number;
  connected: boolean;
  hasMore: boolean;
  onNearEnd: () => void;
}

/** Every task as a bar over time, coloured (and patterned, and labelled) by status. Only rows in view are drawn. */
export function TimelineChart({ entries, total, now, connected, hasMore, onNearEnd }: TimelineChartProps) {
  const selected = useStore(selectionStore, (s) => s.selectedTaskId);
  const taskSelected = useStore(selectionStore, (s) => s.taskSelected);
  const [figure, width] = useWidth<HTMLElement>(LABEL_WIDTH + END_ROOM + 600);
  const statuses = useMemo(() => entries.map((e) => displayStatus(e, now)), [entries, now]);
  // The same object while its ends are the same: every row is drawn against it, and a write of the list (each frame of
  // a storm) mostly leaves the ends where they were; a new object each time drew every row in view again.
  const span = useMemo(() => timeDomain(entries, now), [entries, now]);
  const domain = useMemo(() => ({ start: span.start, end: span.end }), [span.start, span.end]);
  const live = statuses.some((s) => s === 'working' || s === 'input_required');
  // While tasks run, the right end is "now": a tick crowding that label would be unreadable.
  const ticks = useMemo(() => {
    const all = timeTicks(domain, Math.max(100, width - LABEL_WIDTH - END_ROOM));
    return live ? all.filter((t) => t.x < 0.9) : all;
  }, [domain, width, live]);
  // Only the rows in view (plus a margin) are in the DOM; a keyboard move scrolls its task into view and focuses it.
  const { scroller, virtualizer } = useTaskRows(entries, {
    rowHeight: ROW_HEIGHT,
    hasMore,
    onNearEnd,
    focusSelector: (id) => `li[data-task-id="${id}"] button`,
  });
  const items = virtualizer.getVirtualItems();

  // Up and Down move between bars, scrolling rows into the DOM as needed.
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLOListElement>) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const from = Number((event.target as HTMLElement).closest('li')?.dataset.index);
      if (Number.isNaN(from)) return;
      const to = Math.min(entries.length - 1, Math.max(0, from + (event.key === 'ArrowDown' ? 1 : -1)));
      event.preventDefault();
      virtualizer.scrollToIndex(to);
      requestAnimationFrame(() => scroller.current?.querySelector<HTMLButtonElement>(`li[data-index="${to}"] button`)?.focus());
    },
    [entries.length, virtualizer, scroller],
  );

  return (
    <figure className="tl-chart" aria-label="Timeline chart" ref={figure}>
      {entries.length === 0 ? (
        <TimelineEmpty
          text={
            total > 0
              ? 'No task matches the filters.'
              : connected
                ? 'No tasks yet — run a tool as a task and watch it run here.'
                : 'Not connected — connect to a server to see its tasks over time.'
          }
        />
      ) : (
        <div className="tl-chart-scroll" ref={scroller}>
          <TimelineAxis ticks={ticks} start={domain.start} live={live} />
          <div className="tl-chart-body" style={{ height: virtualizer.getTotalSize() }}>
            <TimelineGrid ticks={ticks} />
            <ol className="tl-chart-rows" onKeyDown={onKeyDown}>
              {items.map((item) => {
                const entry = entries[item.index];
                const status = statuses[item.index];
                if (!entry || !status) return null;
                const rowLive = status === 'working' || status === 'input_required';
                return (
                  <li
                    key={entry.task.taskId}
                    data-index={item.index}
                    data-task-id={entry.task.taskId}
                    data-status={status}
                    aria-posinset={item.index + 1}
                    aria-setsize={entries.length}
                    className={`tl-chart-row${entry.task.taskId === selected ? ' selected' : ''}`}
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <TimelineRow
                      entry={entry}
                      status={status}
                      now={rowLive ? now : 0}
                      domain={domain}
                      selected={entry.task.taskId === selected}
                      onSelect={taskSelected}
                    />
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
      )}
      <TimelineLegend />
    </figure>
  );
}

function TimelineEmpty({ text }: { text: string }) {
  return (
    <div className="tl-chart-empty">
      <div className="tl-chart-empty-art" aria-hidden="true">
        <span style={{ left: '6%', width: '38%' }} />
        <span style={{ left: '22%', width: '52%' }} />
        <span style={{ left: '48%', width: '30%' }} />
      </div>
      <p>{text}</p>
    </div>
  );
}

const TimelineLegend = memo(function TimelineLegend() {
  return (
    <figcaption className="tl-chart-legend">
      <span>
        <i className="tl-chart-swatch tl-chart-seg" data-status="working" aria-hidden="true" /> {STATUS_LABELS.working}
      </span>
      <span>
        <i className="tl-chart-swatch tl-chart-seg tl-chart-seg-input_required" data-status="input_required" aria-hidden="true" />{' '}
        {STATUS_LABELS.input_required}
      </span>
      <span>
        <i className="tl-chart-swatch tl-chart-seg tl-chart-seg-unobserved" aria-hidden="true" /> not observed
      </span>
      {(['completed', 'failed', 'cancelled', 'expired'] as const).map((s) => (
        <span key={s}>
          <i className="tl-chart-end" data-status={s} aria-hidden="true">
            {STATUS_ICONS[s]}
          </i>{' '}
          {STATUS_LABELS[s]}
        </span>
      ))}
    </figcaption>
  );
});
