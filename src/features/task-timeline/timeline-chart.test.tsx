// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selectionStore } from '../../tasks/selection-store';
import type { TaskStatus } from '../../tasks/status';
import type { TaskEntry, Transition } from '../../tasks/task-cache';
import { viewStore } from '../../tasks/view-store';
import { ViewSwitch } from '../task-list';
import { TimelineChart } from './TimelineChart';
import { giveBoxesASize } from '../../lib/jsdom-boxes';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

function entry(
  id: string,
  tool: string,
  status: TaskStatus,
  created: number,
  updated: number,
  history: Array<[number, Transition['status']]>,
): TaskEntry {
  return {
    task: { taskId: id, status, createdAt: iso(created), lastUpdatedAt: iso(updated), ttl: null },
    toolName: tool,
    origin: 'create',
    lastSource: 'push',
    receivedAt: T0 + updated,
    generation: 1,
    history: history.map(([at, s]) => ({ at: T0 + at, status: s, source: 'push' })),
  };
}

const ENTRIES = [
  entry('11111111-aaaa', 'countdown', 'working', 3000, 3000, [[3000, 'working']]),
  entry('22222222-bbbb', 'fail_after', 'failed', 1000, 2500, [
    [1000, 'working'],
    [2500, 'failed'],
  ]),
  entry('33333333-cccc', 'countdown', 'completed', 0, 2100, [
    [0, 'working'],
    [2100, 'completed'],
  ]),
];

// jsdom lays nothing out: the virtualized list needs a box to draw its rows in.
beforeAll(giveBoxesASize);
beforeEach(() => selectionStore.setState({ selectedTaskId: undefined }));
afterEach(cleanup);

function show(entries: readonly TaskEntry[], now = T0 + 5000, total = entries.length) {
  return render(<TimelineChart entries={entries} total={total} now={now} connected hasMore={false} onNearEnd={() => {}} />);
}

describe('timeline chart', () => {
  it('draws one labelled bar per task, with how it ended, and no second element named Tasks', () => {
    show(ENTRIES);
    const chart = screen.getByRole('figure', { name: 'Timeline chart' });
    const bars = within(chart).getAllByRole('button');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      '11111111 countdown: working 2.0 s, still working',
      '22222222 fail_after: working 1.5 s, failed',
      '33333333 countdown: working 2.1 s, completed',
    ]);
    expect(chart.querySelector('[data-task-id="22222222-bbbb"]')?.getAttribute('data-status')).toBe('failed');
    expect(chart.querySelector('[data-task-id="22222222-bbbb"] .tl-chart-end')?.textContent).toBe('✕');
    expect(bars[0]!.title).toContain('working now');
    expect(within(chart).queryByRole('table')).toBeNull();
    expect(within(chart).queryAllByLabelText(/tasks/i)).toEqual([]);
  });

  it('places bars on the time scale, and a live bar grows with the clock', () => {
    const { rerender } = show(ENTRIES);
    const barOf = (id: string) => {
      const style = screen.getByRole('figure').querySelector<HTMLElement>(`[data-task-id="${id}"] .tl-chart-bar`)!.style;
      return { left: parseFloat(style.left), width: parseFloat(style.width) };
    };
    // Domain 0..5 s: the completed task spans 0..2.1 s, the live one 3..5 s.
    expect(barOf('33333333-cccc')).toEqual({ left: 0, width: 42 });
    expect(barOf('11111111-aaaa')).toEqual({ left: 60, width: 40 });
    rerender(<TimelineChart entries={ENTRIES} total={3} now={T0 + 10_000} connected hasMore={false} onNearEnd={() => {}} />);
    expect(barOf('11111111-aaaa')).toEqual({ left: 30, width: 70 });
    expect(barOf('33333333-cccc')).toEqual({ left: 0, width: 21 });
    expect(screen.getByRole('button', { name: /11111111 countdown: working 7.0 s/ })).toBeTruthy();
  });

  it('selects a task on click like a table row (bars are native buttons, so Enter and Space click too), and marks it current', () => {
    show(ENTRIES);
    const bar = screen.getByRole('button', { name: /22222222 fail_after/ });
    expect(bar.tagName).toBe('BUTTON');
    fireEvent.click(bar);
    expect(selectionStore.getState().selectedTaskId).toBe('22222222-bbbb');
    expect(screen.getByRole('button', { name: /22222222 fail_after/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: /33333333 countdown/ }).getAttribute('aria-current')).toBeNull();
  });

  it('says when there are no tasks yet, and when none match the filters', () => {
    show([]);
    expect(screen.getByRole('figure', { name: 'Timeline chart' }).textContent).toContain('No tasks yet — run a tool');
    cleanup();
    show([], T0, 4);
    expect(screen.getByRole('figure', { name: 'Timeline chart' }).textContent).toContain('No task matches the filters.');
  });
});

describe('view switch', () => {
  it('is a radio group that picks the timeline and remembers it', () => {
    viewStore.setState({ view: 'table' });
    render(<ViewSwitch />);
    const group = screen.getByRole('radiogroup', { name: 'Task view' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Table' }).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Timeline' }));
    expect(viewStore.getState().view).toBe('timeline');
    expect(JSON.parse(localStorage.getItem('taskdeck.taskView') ?? '{}')).toEqual({ state: { view: 'timeline' }, version: 1 });
  });
});
