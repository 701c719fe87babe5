import { memo } from 'react';
import { STATUS_ICONS, STATUS_LABELS, type DisplayStatus } from '../../tasks/status';
import type { TaskEntry } from '../../tasks/task-cache';
import { formatSpan } from '../../lib/time';
import { shortId } from '../../tasks/task';
import { barLabel, barLayout, scale, segmentText, type Domain } from './timeline-layout';

interface TimelineRowProps {
  entry: TaskEntry;
  status: DisplayStatus;
  /** The shared clock; the parent passes 0 for settled tasks, whose bars do not change with time. */
  now: number;
  domain: Domain;
  selected: boolean;
  onSelect: (taskId: string) => void;
}

const pct = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/** One task as a bar over time: a focusable button; re-renders only when its task, the scale or (if live) the clock moved. */
export const TimelineRow = memo(function TimelineRow({ entry, status, now, domain, selected, onSelect }: TimelineRowProps) {
  const { task } = entry;
  const bar = barLayout(entry, now, status);
  const x0 = scale(domain, bar.start);
  const x1 = scale(domain, bar.end);
  const total = bar.end - bar.start;
  const last = bar.ends[bar.ends.length - 1];
  const tooltip = [
    task.taskId,
    entry.toolName,
    ...bar.segments.map(segmentText),
    bar.live ? `${STATUS_LABELS[task.status]} now` : bar.ends.map((s) => STATUS_LABELS[s]).join(', then '),
    `started ${new Date(bar.start).toLocaleTimeString()}`,
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <button
      type="button"
      className="tl-chart-row-button"
      aria-label={barLabel(entry, bar)}
      aria-current={selected || undefined}
      title={tooltip}
      onClick={() => onSelect(task.taskId)}
    >
      <span className="tl-chart-label">
        <span className="mono tl-chart-id">{shortId(task.taskId)}</span>
        <span className="tl-chart-tool">{entry.toolName ?? ''}</span>
        <span className="tl-chart-span">{formatSpan(total)}</span>
      </span>
      <span className="tl-chart-track">
        <span className={`tl-chart-bar${bar.live ? ' live' : ''}`} style={{ left: pct(x0), width: pct(x1 - x0) }}>
          <span className="tl-chart-fill">
            {bar.segments.map((s, i) => (
              <span
                key={i}
                className={`tl-chart-seg tl-chart-seg-${s.kind}`}
                data-status={s.kind === 'unobserved' ? undefined : s.kind}
                style={{ flexGrow: s.to - s.from }}
              />
            ))}
          </span>
          {last ? (
            <span className="tl-chart-end" data-status={last} aria-hidden="true">
              {STATUS_ICONS[last]}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
});
