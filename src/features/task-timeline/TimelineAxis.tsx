import { memo } from 'react';
import type { Tick } from './timeline-layout';

/** The time axis: round ticks since the earliest task started, and a "now" mark while tasks run. */
export const TimelineAxis = memo(function TimelineAxis({ ticks, start, live }: { ticks: readonly Tick[]; start: number; live: boolean }) {
  return (
    <div className="tl-chart-axis" aria-hidden="true">
      <span className="tl-chart-origin">since {new Date(start).toLocaleTimeString()}</span>
      <span className="tl-chart-track">
        {ticks.map((t) => (
          <span key={t.at} className="tl-chart-tick" style={{ left: `${t.x * 100}%` }}>
            {t.label}
          </span>
        ))}
        {live ? <span className="tl-chart-now">now</span> : null}
      </span>
    </div>
  );
});

/** Faint vertical lines under the bars, one per tick. */
export const TimelineGrid = memo(function TimelineGrid({ ticks }: { ticks: readonly Tick[] }) {
  return (
    <div className="tl-chart-grid" aria-hidden="true">
      <span className="tl-chart-track">
        {ticks.map((t) => (
          <span key={t.at} className="tl-chart-gridline" style={{ left: `${t.x * 100}%` }} />
        ))}
      </span>
    </div>
  );
});
