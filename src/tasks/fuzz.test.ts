/** Property-based fuzzing of the task cache and the dialect adapter: 10,000 random or mutated inputs per target. */
import fc from 'fast-check';
import { resultLike, taskLike } from './fuzz-arbitraries';
import { describe, expect, it } from 'vitest';
import { EMPTY_BEHAVIOUR, observe } from './behaviour';
import { parseTaskResult, resultObservation } from './result';
import { isTerminal } from './status';
import { parseTask } from './task';
import { applyTaskUpdate, applyTaskUpdates, displayStatus, findTask, markExpired, mergeListedTasks, type TaskEntry } from './task-cache';

const RUNS = 10_000;

describe('fuzz: notification → cache update', () => {
  it(`never throws and keeps its invariants over ${RUNS} random update sequences`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(taskLike, fc.constantFrom('push', 'poll', 'list', 'create', 'cancel'), fc.boolean()), { maxLength: 8 }),
        (updates) => {
          let entries: TaskEntry[] = [];
          const terminalSeen = new Map<string, string>();
          let now = 0;
          for (const [raw, source, expire] of updates) {
            now += 1000;
            const task = parseTask(raw);
            if (!task) continue;
            entries = applyTaskUpdate(entries, task, { source, now, generation: 1 }).entries;
            if (expire) entries = markExpired(entries, task.taskId, 'fuzz', now);
            entries = mergeListedTasks(entries, [task], now, 1);
            for (const e of entries) displayStatus(e, now);
            // A terminal status, once held, never changes.
            const held = terminalSeen.get(task.taskId);
            const after = entries.find((e) => e.task.taskId === task.taskId)!;
            if (held) expect(after.task.status).toBe(held);
            else if (isTerminal(after.task.status)) terminalSeen.set(task.taskId, after.task.status);
          }
          expect(new Set(entries.map((e) => e.task.taskId)).size).toBe(entries.length);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('fuzz: dialect adapter', () => {
  it(`classifies ${RUNS} random results without throwing, and the behaviour detector takes every observation`, () => {
    fc.assert(
      fc.property(resultLike, (raw) => {
        const parsed = parseTaskResult(raw);
        expect(['call-tool', 'read-resource', 'elicit', 'create-message', 'no-result', 'invalid']).toContain(parsed.kind);
        const observation = resultObservation('t', { taskId: 't', raw, parsed, fetchedAt: 0, size: 0 });
        observe(EMPTY_BEHAVIOUR, observation);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('fuzz: a batch of pushes', () => {
  it('applyTaskUpdates gives the same list and outcomes as applyTaskUpdate one by one', () => {
    fc.assert(
      fc.property(
        fc.array(taskLike, { maxLength: 6 }),
        fc.array(fc.tuple(taskLike, fc.constantFrom('push', 'poll', 'create')), { maxLength: 12 }),
        (seed, batch) => {
          let start: TaskEntry[] = [];
          for (const raw of seed) {
            const task = parseTask(raw);
            if (task) start = applyTaskUpdate(start, task, { source: 'list', now: 1, generation: 1 }).entries;
          }
          const updates = batch.flatMap(([raw, source], i) => {
            const task = parseTask(raw);
            return task ? [{ task, info: { source, now: 10 + i, generation: 1 } }] : [];
          });
          let oneByOne = start;
          const expected = updates.map(({ task, info }) => {
            const known = oneByOne.some((e) => e.task.taskId === task.taskId);
            const outcome = applyTaskUpdate(oneByOne, task, info);
            oneByOne = outcome.entries;
            return { known, rejected: outcome.rejected, previous: outcome.previous };
          });
          const batched = applyTaskUpdates(start, updates);
          expect(batched.entries).toEqual(oneByOne);
          expect(batched.outcomes.map((o) => ({ known: o.known, rejected: o.rejected, previous: o.previous }))).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('fuzz: finding a task in lists that share a position index', () => {
  it('finds every task of every list, old and new, after lists made from one another and a branch from an old one', () => {
    // A list made by adding tasks takes over its parent's index (positions counted from the end): a lookup in the
    // parent, in its child and in a sibling made from the same parent must each still find the right entry.
    const batchOf = (raws: unknown[], now: number) =>
      raws.flatMap((raw) => {
        const task = parseTask(raw);
        return task ? [{ task, info: { source: 'push' as const, now, generation: 1 } }] : [];
      });
    fc.assert(
      fc.property(
        fc.array(taskLike, { maxLength: 8 }),
        fc.array(fc.array(taskLike, { maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.array(taskLike, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (seed, steps, branch, order) => {
          const lists: TaskEntry[][] = [applyTaskUpdates([], batchOf(seed, 1)).entries];
          steps.forEach((raws, i) => lists.push(applyTaskUpdates(lists[lists.length - 1] ?? [], batchOf(raws, 2 + i)).entries));
          lists.push(applyTaskUpdates(lists[0] ?? [], batchOf(branch, 100)).entries);
          const ids = [...new Set(lists.flatMap((list) => list.map((e) => e.task.taskId)))];
          // Looked up in an order the property picks, so an older list is sometimes asked after a newer one.
          const asks = order.length ? order.map((n) => n % lists.length) : lists.map((_, i) => i);
          for (const at of [...asks, ...lists.map((_, i) => i)]) {
            const list = lists[at] ?? [];
            for (const id of ids) expect(findTask(list, id)).toBe(list.find((e) => e.task.taskId === id));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
