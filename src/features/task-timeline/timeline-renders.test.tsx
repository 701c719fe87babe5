// @vitest-environment jsdom
// First: React looks for the hook the counter stands in for when react-dom loads.
import { rendersOf, resetRenders } from '../../lib/render-counter';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaskEntry } from '../../tasks/task-cache';
import { TimelineChart } from './TimelineChart';
import { giveBoxesASize } from '../../lib/jsdom-boxes';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

/** A task that ended `n` seconds in, with a message. */
function ended(n: number, message: string): TaskEntry {
  return {
    task: { taskId: `task-${n}`, status: 'completed', statusMessage: message, createdAt: iso(0), lastUpdatedAt: iso(n * 1000), ttl: null },
    origin: 'push',
    lastSource: 'push',
    receivedAt: T0 + n * 1000,
    generation: 1,
    history: [
      { at: T0, status: 'working', source: 'push' },
      { at: T0 + n * 1000, status: 'completed', source: 'push' },
    ],
  };
}

// jsdom lays nothing out: the virtualized list needs a box to draw its rows in.
beforeAll(giveBoxesASize);
afterEach(cleanup);

const show = (entries: readonly TaskEntry[]) => (
  <TimelineChart entries={entries} total={entries.length} now={T0 + 60_000} connected hasMore={false} onNearEnd={() => {}} />
);

describe('the timeline chart under pushes', () => {
  it('draws again only the bar whose task changed while the time span stays the same', () => {
    const entries = Array.from({ length: 6 }, (_, i) => ended(i + 5, 'first'));
    const { rerender } = render(show(entries));
    const chart = screen.getByRole('figure', { name: 'Timeline chart' });
    expect(within(chart).getAllByRole('button')).toHaveLength(6);

    // A write of the list (a new array) in which one task changed, inside the span the chart already shows.
    resetRenders();
    const next = entries.slice();
    next[2] = ended(7, 'second');
    rerender(show(next));
    expect(rendersOf('TimelineChart', 'TimelineRow', 'TimelineAxis', 'TimelineGrid', 'TimelineLegend')).toEqual({
      TimelineChart: 1,
      TimelineRow: 1,
      TimelineAxis: 0,
      TimelineGrid: 0,
      TimelineLegend: 0,
    });

    // A task that ends later than any before widens the span: every bar is drawn against it.
    resetRenders();
    const wider = next.slice();
    wider[0] = ended(50, 'last');
    rerender(show(wider));
    expect(rendersOf('TimelineRow', 'TimelineAxis')).toEqual({ TimelineRow: 6, TimelineAxis: 1 });
  });
});
