import { memo } from 'react';
import { StatusBadge } from '../task-status';
import { LongMessage } from '../../components/LongMessage';
import { formatDuration } from '../../lib/time';
import type { Transition } from '../../tasks/task-cache';

const SOURCE: Record<Transition['source'], string> = {
  create: 'created',
  watch: 'watched',
  push: 'push',
  poll: 'poll',
  list: 'list',
  cancel: 'cancel',
  expiry: 'expiry',
  kept: 'kept copy',
  registry: 'remembered',
};

/** A compact bar of the task's statuses over time: one segment per observed status, proportional to its duration. */
function StatusStrip({ history, now }: { history: readonly Transition[]; now: number }) {
  const start = history[0]?.at ?? now;
  const total = Math.max(1, now - start);
  const segments: Array<{ status: Transition['status']; from: number; to: number }> = [];
  history.forEach((t, i) => {
    // Pushes are stamped on arrival and applied a frame later, so neighbours can be a few ms out of order.
    const to = Math.max(t.at, history[i + 1]?.at ?? now);
    const last = segments[segments.length - 1];
    if (last && last.status === t.status) last.to = to;
    else segments.push({ status: t.status, from: t.at, to });
  });
  return (
    <div
      className="status-strip"
      role="img"
      aria-label={`Status over time: ${segments.map((s) => `${s.status} ${formatDuration(s.to - s.from)}`).join(', ')}`}
    >
      {segments.map((s, i) => (
        <span
          key={i}
          className="strip-segment"
          data-status={s.status}
          style={{ flexGrow: Math.max(0.02, (s.to - s.from) / total) }}
          title={`${s.status}: ${formatDuration(s.to - s.from)}`}
        />
      ))}
    </div>
  );
}

/** A transition's message is cut shorter than the task's own: the timeline lists many. */
const TIMELINE_SHOWN = 300;

/**
 * The task's statuses over time: the strip, which grows with the clock, and the list of transitions, which does not
 * (each is placed from the first): the list is drawn again only for another history, not at every tick of the clock.
 */
export function TaskTimeline({ history, now }: { history: readonly Transition[]; now: number }) {
  return (
    <div className="timeline">
      <h3>Timeline</h3>
      <StatusStrip history={history} now={now} />
      <TransitionList history={history} />
    </div>
  );
}

const TransitionList = memo(function TransitionList({ history }: { history: readonly Transition[] }) {
  const start = history[0]?.at ?? 0;
  return (
    <ol className="timeline-list" aria-label="Transitions">
      {history.map((t, i) => (
        <TransitionItem key={i} transition={t} start={start} />
      ))}
    </ol>
  );
});

/** One transition; a history that grows by one draws only the new one (its entries are kept as they were). */
const TransitionItem = memo(function TransitionItem({ transition: t, start }: { transition: Transition; start: number }) {
  return (
    <li>
      <span className="mono muted" title={new Date(t.at).toLocaleString()}>
        +{formatDuration(Math.max(0, t.at - start))}
      </span>
      <StatusBadge status={t.status} />
      <span className="timeline-message">
        {t.statusMessage === undefined ? '' : <LongMessage text={t.statusMessage} limit={TIMELINE_SHOWN} />}
      </span>
      <span className="muted source">{SOURCE[t.source]}</span>
    </li>
  );
});
