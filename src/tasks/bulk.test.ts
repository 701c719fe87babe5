import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskClient } from '../mcp/task-client';
import { bulkPlan, cancelTicked, describeOutcome, runBounded, tickedEntries } from './bulk';
import { bulkSelection, checkedFor, rangeBetween } from './bulk-selection';
import { mcpKeys } from './keys';
import type { TaskStatus } from './status';
import type { TaskEntry } from './task-cache';

const url = 'http://127.0.0.1:1/mcp';
const other = 'http://127.0.0.1:2/mcp';

function task(taskId: string, status: TaskStatus) {
  return { taskId, status, createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:01Z', ttl: null };
}

function entry(taskId: string, status: TaskStatus): TaskEntry {
  return { task: task(taskId, status), origin: 'create', lastSource: 'create', receivedAt: 0, generation: 1, history: [] };
}

/** A promise with its resolve handed out, so a test decides when each request answers. */
function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const ticked = () => checkedFor(bulkSelection.getState(), url);

describe('ticking tasks for bulk actions', () => {
  beforeEach(() => bulkSelection.getState().checksCleared());
  const shown = ['a', 'b', 'c', 'd', 'e'];

  it('a range runs from the anchor to the task, either way, and only over the shown tasks', () => {
    expect(rangeBetween(shown, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(shown, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(shown, undefined, 'c')).toEqual(['c']);
    expect(rangeBetween(shown, 'hidden', 'c')).toEqual(['c']);
    expect(rangeBetween(shown, 'a', 'hidden')).toEqual(['hidden']);
  });

  it('shift-click ticks (and unticks) from the last task ticked, leaving the rest as they were', () => {
    const s = bulkSelection.getState();
    s.taskChecked(url, 'a', true);
    s.taskChecked(url, 'd', true, { shownIds: shown });
    expect([...ticked()].sort()).toEqual(['a', 'b', 'c', 'd']);
    // The anchor is now d: a shift-untick of b unticks b..d.
    s.taskChecked(url, 'b', false, { shownIds: shown });
    expect([...ticked()]).toEqual(['a']);
  });

  it('x flips one task; "select all shown" ticks and unticks the shown ones only; ticks belong to one server', () => {
    const s = bulkSelection.getState();
    s.taskToggled(url, 'z');
    s.shownChecked(url, ['a', 'b'], true);
    expect([...ticked()].sort()).toEqual(['a', 'b', 'z']);
    s.shownChecked(url, ['a', 'b'], false);
    expect([...ticked()]).toEqual(['z']);
    s.taskToggled(url, 'z');
    expect(ticked().size).toBe(0);
    s.taskToggled(url, 'a');
    // Ticking on another server starts afresh.
    s.taskToggled(other, 'q');
    expect(ticked().size).toBe(0);
    expect([...checkedFor(bulkSelection.getState(), other)]).toEqual(['q']);
    s.tasksUnchecked(other, ['q']);
    expect(checkedFor(bulkSelection.getState(), other).size).toBe(0);
  });

  it('plans each action over the ticked tasks the list holds, in list order', () => {
    const entries = [entry('w', 'working'), entry('i', 'input_required'), entry('c', 'completed'), entry('f', 'failed')];
    const chosen = tickedEntries(entries, new Set(['f', 'w', 'gone', 'i']));
    expect(chosen.map((e) => e.task.taskId)).toEqual(['w', 'i', 'f']);
    const plan = bulkPlan(chosen, 0);
    expect(plan.cancellable.map((e) => e.task.taskId)).toEqual(['w', 'i']);
    expect(plan.fetchable.map((e) => e.task.taskId)).toEqual(['f']);
  });
});

describe('bounded concurrency', () => {
  it('never runs more than the limit at once, runs every item, and goes on past failures', async () => {
    const gates = Array.from({ length: 7 }, deferred);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const done = runBounded([0, 1, 2, 3, 4, 5, 6], 3, async (i) => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await gates[i]?.promise;
      running--;
      if (i % 3 === 1) throw new Error(`item ${i} failed`);
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    // Each answer lets the next one start, in order.
    for (const gate of gates) {
      gate.resolve();
      await new Promise((r) => setTimeout(r, 0));
    }
    const errors = await done;
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(errors.map((e) => (e instanceof Error ? e.message : e))).toEqual([
      undefined,
      'item 1 failed',
      undefined,
      undefined,
      'item 4 failed',
      undefined,
      undefined,
    ]);
  });
});

describe('bulk cancel', () => {
  it('cancels the running ticked tasks a few at a time and reports each failure with its reason', async () => {
    const queryClient = new QueryClient();
    const entries = [
      ...Array.from({ length: 6 }, (_, i) => entry(`w${i}`, 'working')),
      entry('done', 'completed'),
      entry('late', 'working'),
    ];
    queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(url), entries);
    let inFlight = 0;
    let most = 0;
    const client: TaskClient = {
      request: async (request) => {
        const taskId = String(request.params?.taskId);
        if (request.method === 'tasks/get') return task(taskId, 'completed');
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        // The server saw it end before the cancel arrived.
        if (taskId === 'late') throw new McpError(-32602, 'Cannot cancel task in terminal status: completed');
        return { ...task(taskId, 'cancelled'), statusMessage: 'Cancelled by the client' };
      },
      listTools: () => Promise.resolve({ tools: [] }),
    };
    const outcome = await cancelTicked(queryClient, url, { client, generation: 1 }, entries);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
    expect(outcome.attempted).toBe(7);
    expect(outcome.done).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5']);
    expect(outcome.skipped).toEqual(['done']);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0]?.taskId).toBe('late');
    expect(outcome.failed[0]?.reason).toContain('Cannot cancel task in terminal status');
    const held = queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url)) ?? [];
    const statusOf = (id: string) => held.find((e) => e.task.taskId === id)?.task.status;
    expect(statusOf('w3')).toBe('cancelled');
    // The refused one shows what the server says it is, not the optimistic cancel.
    expect(statusOf('late')).toBe('completed');
    expect(describeOutcome('cancel', outcome)).toBe('Cancelled 6 of 7 tasks; 1 failed; 1 skipped (already ended).');
  });

  it('says so when no ticked task can be cancelled', () => {
    expect(describeOutcome('cancel', { attempted: 0, done: [], failed: [], skipped: ['a'] })).toBe(
      'No selected task is still running: nothing to cancel.',
    );
    expect(describeOutcome('refetch', { attempted: 2, done: ['a', 'b'], failed: [], skipped: ['c'] })).toBe(
      'Fetched the results of 2 of 2 tasks; 1 skipped (not ended yet).',
    );
  });
});
