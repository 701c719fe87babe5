// @vitest-environment jsdom
// First: React looks for the hook the counter stands in for when react-dom loads.
import { rendersOf, resetRenders } from '../../lib/render-counter';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Transition } from '../../tasks/task-cache';
import { TaskTimeline } from './TaskTimeline';

afterEach(cleanup);

const T0 = Date.UTC(2026, 0, 1);
const history: Transition[] = Array.from({ length: 30 }, (_, i) => ({
  at: T0 + i * 1000,
  status: 'working',
  statusMessage: `step ${i}`,
  source: 'push',
}));

describe('the timeline of the selected task', () => {
  it('draws its transitions again only for another history, and only the new one when it grows', () => {
    const { rerender } = render(<TaskTimeline history={history} now={T0 + 30_000} />);
    const list = screen.getByRole('list', { name: 'Transitions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);

    // A tick of the clock: the strip grows, the list stays as drawn.
    resetRenders();
    rerender(<TaskTimeline history={history} now={T0 + 90_000} />);
    // (LongMessage: each transition's message, whatever draws the list.)
    expect(rendersOf('StatusStrip', 'TransitionItem', 'LongMessage')).toEqual({ StatusStrip: 1, TransitionItem: 0, LongMessage: 0 });
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Status over time: working 1 min 30 s');

    // A push adds a transition: the list draws that one only.
    resetRenders();
    const grown: Transition[] = [...history, { at: T0 + 95_000, status: 'completed', statusMessage: 'done', source: 'push' }];
    rerender(<TaskTimeline history={grown} now={T0 + 95_000} />);
    expect(rendersOf('TransitionItem', 'LongMessage')).toEqual({ TransitionItem: 1, LongMessage: 1 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(31);
    expect(items[30]?.textContent).toContain('+1 min 35 s');
    expect(items[30]?.textContent).toContain('done');
  });
});
