/**
 * The dashboard's protocol code (connect, tasks API, result parsing, behaviour detection) against real demo servers
 * over loopback: one speaking the spec dialect through the SDK, one speaking the seed dialect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { connectToServer, type McpSession, type TaskPushMethod } from '../mcp/session';
import { fetchTaskResult, getTask, listTasksPage, startToolTask } from './api';
import { dialectOf, EMPTY_BEHAVIOUR, observe, type BehaviourState } from './behaviour';
import { resultObservation } from './result';
import type { Task } from './task';
import { parseTask } from './task';

interface Harness {
  session: McpSession;
  pushes: Array<{ method: TaskPushMethod; task: Task }>;
  elicited: Array<{ taskId?: string; message: string }>;
}

async function open(server: RunningServer, answer: 'accept' | 'decline' = 'accept'): Promise<Harness> {
  const pushes: Harness['pushes'] = [];
  const elicited: Harness['elicited'] = [];
  const session = await connectToServer({
    url: server.mcpUrl,
    transport: 'streamable-http',
    generation: 1,
    events: {
      taskPush: (params, method) => {
        const task = parseTask(params);
        if (task) pushes.push({ method, task });
      },
      elicitation: (request) => {
        elicited.push({ message: request.message, ...(request.taskId !== undefined && { taskId: request.taskId }) });
        return Promise.resolve(
          answer === 'accept'
            ? { action: 'accept', content: { name: 'Weekly', format: 'pdf', copies: 2, urgent: true } }
            : { action: 'decline' },
        );
      },
      lost: () => {},
    },
  });
  return { session, pushes, elicited };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let spec: RunningServer;
let seed: RunningServer;
const base = { port: 0, host: '127.0.0.1', app: 'none' as const, root: process.cwd(), allowOrigins: [] };

beforeAll(async () => {
  spec = await startServer(base);
  seed = await startServer({ ...base, features: { dialect: 'seed' } });
});
afterAll(async () => {
  await spec.close();
  await seed.close();
});

describe('seed dialect', () => {
  it('pushes notifications/tasks/updated, refuses tasks/result before terminal, and wraps results', async () => {
    const { session, pushes } = await open(seed);
    let behaviour: BehaviourState = EMPTY_BEHAVIOUR;
    // Long enough that the task is still working when tasks/result is asked, however busy the machine.
    const task = await startToolTask(session.client, 'countdown', { seconds: 2, steps: 2 });
    await expect(fetchTaskResult(session.client, task.taskId)).rejects.toMatchObject({ code: -32602 });
    behaviour = observe(behaviour, { type: 'result-early', outcome: 'refused', taskId: task.taskId });
    await until(() => pushes.some((p) => p.task.status === 'completed'));
    expect(new Set(pushes.map((p) => p.method))).toEqual(new Set(['notifications/tasks/updated']));
    for (const p of pushes) behaviour = observe(behaviour, { type: 'push', method: p.method });
    const result = await fetchTaskResult(session.client, task.taskId);
    expect(result.parsed).toMatchObject({ kind: 'call-tool', envelope: 'seed' });
    behaviour = observe(behaviour, resultObservation(task.taskId, result));
    expect(dialectOf(behaviour)).toBe('seed');
    expect(behaviour.warnings).toEqual([]);
    await session.close();
  });

  it('answers a failed task with result: null, shown as "no result"', async () => {
    const { session, pushes } = await open(seed);
    const task = await startToolTask(session.client, 'fail_after', { seconds: 0 });
    await until(() => pushes.some((p) => p.task.taskId === task.taskId && p.task.status === 'failed'));
    expect((await fetchTaskResult(session.client, task.taskId)).parsed).toEqual({ kind: 'no-result', envelope: 'seed', status: 'failed' });
    await session.close();
  });

  it('says "Task has expired" for unknown tasks, and pages tasks/list with a cursor', async () => {
    const { session } = await open(seed);
    await expect(getTask(session.client, 'nope')).rejects.toThrow(/Task has expired/);
    for (let i = 0; i < 12; i++) await startToolTask(session.client, 'countdown', { seconds: 30, steps: 1 });
    const first = await listTasksPage(session.client);
    expect(first.tasks).toHaveLength(10);
    expect(first.nextCursor).toBeDefined();
    const second = await listTasksPage(session.client, first.nextCursor);
    expect(second.tasks.length).toBeGreaterThanOrEqual(2);
    expect(new Set([...first.tasks, ...second.tasks].map((t) => t.taskId)).size).toBe(first.tasks.length + second.tasks.length);
    await session.close();
  });
});

describe('spec dialect', () => {
  it('delivers an input request over tasks/result while input_required, with related-task metadata', async () => {
    const { session, pushes, elicited } = await open(spec);
    const task = await startToolTask(session.client, 'ask', {});
    await until(() => pushes.some((p) => p.task.taskId === task.taskId && p.task.status === 'input_required'));
    // tasks/result blocks until terminal, receiving the elicitation on the way.
    const result = await fetchTaskResult(session.client, task.taskId, { timeoutMs: 20_000 });
    expect(elicited).toEqual([{ taskId: task.taskId, message: 'How should the report be delivered?' }]);
    expect(result.parsed).toMatchObject({ kind: 'call-tool', envelope: 'spec', relatedTaskId: task.taskId });
    expect(JSON.stringify(result.raw)).toContain('Weekly');
    expect((await getTask(session.client, task.taskId)).status).toBe('completed');
    await session.close();
  });

  it('keeps a short_ttl task only for its TTL, then answers -32602', async () => {
    const { session, pushes } = await open(spec);
    const task = await startToolTask(session.client, 'short_ttl', { seconds: 0, ttl_seconds: 1 });
    expect(task.ttl).toBe(1000);
    await until(() => pushes.some((p) => p.task.taskId === task.taskId && p.task.status === 'completed'));
    await new Promise((r) => setTimeout(r, 1300));
    await expect(getTask(session.client, task.taskId)).rejects.toMatchObject({ code: -32602 });
    await session.close();
  });
});
