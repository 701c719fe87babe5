import { describe, expect, it } from 'vitest';
import { dialectOf, EMPTY_BEHAVIOUR, observe, type Observation } from './behaviour';

const run = (...observations: Observation[]) => observations.reduce((s, o) => observe(s, o, 0), EMPTY_BEHAVIOUR);

describe('server behaviour detector', () => {
  it('tells the spec dialect from the seed dialect', () => {
    expect(dialectOf(EMPTY_BEHAVIOUR)).toBe('unknown');
    expect(dialectOf(run({ type: 'push', method: 'notifications/tasks/status' }))).toBe('spec');
    expect(dialectOf(run({ type: 'push', method: 'notifications/tasks/updated' }))).toBe('seed');
    expect(dialectOf(run({ type: 'result-early', outcome: 'refused', taskId: 't' }))).toBe('seed');
    expect(dialectOf(run({ type: 'result', envelope: 'seed', taskId: 't', relatedTaskMeta: false }))).toBe('seed');
    expect(dialectOf(run({ type: 'result-early', outcome: 'blocked', taskId: 't' }))).toBe('spec');
    expect(
      dialectOf(run({ type: 'push', method: 'notifications/tasks/status' }, { type: 'push', method: 'notifications/tasks/updated' })),
    ).toBe('mixed');
  });

  it('counts a frame of pushes given as one observation with a count', () => {
    const s = run(
      { type: 'push', method: 'notifications/tasks/status', count: 17 },
      { type: 'push', method: 'notifications/tasks/status' },
      { type: 'push', method: 'notifications/tasks/updated', count: 2 },
    );
    expect(s.pushMethods).toEqual({ 'notifications/tasks/status': 18, 'notifications/tasks/updated': 2 });
  });

  it('warns once per task and kind, counting repeats', () => {
    const s = run(
      { type: 'rejected-update', reason: 'terminal-changed', taskId: 'a', held: 'completed', offered: 'working', source: 'push' },
      { type: 'rejected-update', reason: 'terminal-changed', taskId: 'a', held: 'completed', offered: 'working', source: 'poll' },
      { type: 'rejected-update', reason: 'stale', taskId: 'b', held: 't2', offered: 't1', source: 'push' },
    );
    expect(s.warnings.map((w) => [w.kind, w.taskId, w.count])).toEqual([
      ['terminal-changed', 'a', 2],
      ['status-backwards', 'b', 1],
    ]);
  });

  it('flags a result before terminal, pushes for unknown tasks and missing related-task metadata', () => {
    const s = run(
      { type: 'result-before-terminal', taskId: 'a', status: 'working' },
      { type: 'push', method: 'notifications/tasks/status', taskId: 'x', unknownTask: true },
      { type: 'result', envelope: 'spec', taskId: 'c', relatedTaskMeta: false },
      { type: 'elicitation' },
      { type: 'elicitation', relatedTaskId: 'c' },
    );
    expect(s.warnings.map((w) => w.kind)).toEqual([
      'result-before-terminal',
      'unknown-task-push',
      'missing-related-task-meta',
      'missing-related-task-meta',
    ]);
    expect(s.elicitations).toBe(2);
  });

  it('counts error codes per method and ignores nothing silently', () => {
    const s = run({ type: 'error', method: 'tasks/get', code: -32602 }, { type: 'error', method: 'tasks/get', code: -32602 });
    expect(s.errorCodes).toEqual({ 'tasks/get -32602': 2 });
  });
});

describe('MCP 2026-07-28 in Server behaviour', () => {
  it('names the generation from the session, whatever traffic resembles the older ones', () => {
    let state = observe(EMPTY_BEHAVIOUR, { type: 'result-early', outcome: 'blocked', taskId: 't' });
    expect(dialectOf(state)).toBe('spec');
    state = observe(state, { type: 'modern' });
    expect(dialectOf(state)).toBe('modern');
    expect(observe(state, { type: 'modern' })).toBe(state);
  });

  it('lists each broken rule as a warning, counted per task and rule', () => {
    let state = observe(EMPTY_BEHAVIOUR, { type: 'violation', detail: 'tasks/get answered without resultType', taskId: 'a' });
    state = observe(state, { type: 'violation', detail: 'tasks/get answered without resultType', taskId: 'a' });
    state = observe(state, { type: 'violation', detail: 'notifications/tasks for a task never subscribed to', taskId: 'b' });
    expect(state.warnings.map((w) => [w.kind, w.taskId, w.count])).toEqual([
      ['rule-2026', 'a', 2],
      ['rule-2026', 'b', 1],
    ]);
  });
});
