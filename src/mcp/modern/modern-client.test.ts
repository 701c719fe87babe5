import { McpError, RELATED_TASK_META_KEY, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../../server/app';
import { ProtocolLog } from '../protocol-log';
import { ModernClient, type ModernClientOptions } from './modern-client';
import { speaksModern } from './modern-session';

/**
 * ModernClient against the real demo server's 2026-07-28 endpoint over loopback: the requests the page makes of every
 * generation, answered the way the older generations answer them.
 */

type Json = Record<string, unknown>;
type Events = ModernClientOptions['events'];
type ElicitationRequest = Parameters<Events['elicitation']>[0];

const anything = z.unknown();

let server: RunningServer;
/** Every violation any client of this file reported: the demo server is well behaved, so none is expected. */
const violations: { detail: string; taskId: string | undefined }[] = [];
const open: ModernClient[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server.close();
});

/** The task pushes a client received, and a way to wait for one that matches. */
class Pushes {
  readonly seen: { params: Json; method: string }[] = [];
  private readonly waiters = new Set<() => void>();

  readonly record: Events['taskPush'] = (params, method) => {
    this.seen.push({ params: params as Json, method });
    for (const waiter of [...this.waiters]) waiter();
  };

  /** Resolves with the first push (already seen or still to come) that matches. */
  until(match: (params: Json) => boolean): Promise<Json> {
    return new Promise((resolve) => {
      const check = () => {
        const found = this.seen.find((p) => match(p.params));
        if (!found) return false;
        this.waiters.delete(waiter);
        resolve(found.params);
        return true;
      };
      const waiter = () => void check();
      if (!check()) this.waiters.add(waiter);
    });
  }
}

interface Made {
  client: ModernClient;
  pushes: Pushes;
  elicitation: ReturnType<typeof vi.fn<Events['elicitation']>>;
}

function makeClient(
  options: { log?: ProtocolLog; answer?: (request: ElicitationRequest) => Promise<ElicitResult> } = {},
  url = server.modernUrl,
): Made {
  const pushes = new Pushes();
  const elicitation = vi.fn<Events['elicitation']>(
    options.answer ?? ((request) => Promise.reject(new Error(`no input expected, asked: ${request.message}`))),
  );
  const client = new ModernClient({
    url: new URL(url),
    log: options.log,
    events: {
      taskPush: pushes.record,
      elicitation,
      violation: (detail, taskId) => violations.push({ detail, taskId }),
    },
  });
  open.push(client);
  return { client, pushes, elicitation };
}

async function callTool(client: ModernClient, name: string, args: Json): Promise<Json> {
  const created = (await client.request({ method: 'tools/call', params: { name, arguments: args, task: {} } }, anything)) as Json;
  expect(created).toHaveProperty('task');
  return created.task as Json;
}

const request = (client: ModernClient, method: string, params: Json) => client.request({ method, params }, anything);

/** The rejection of a promise that must reject. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('ModernClient against the demo server (MCP 2026-07-28)', () => {
  it('discovers the server, which speaks 2026-07-28 with the tasks extension', async () => {
    const { client } = makeClient();
    const discovered = await client.discover();
    expect(speaksModern(discovered)).toBe(true);
    expect(discovered).toMatchObject({
      supportedVersions: ['2026-07-28'],
      capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    });
    expect(speaksModern({ supportedVersions: ['2025-11-25'] })).toBe(false);
    expect(speaksModern({})).toBe(false);
  });

  it('lists the tools, each marked taskSupport optional (the server decides per call)', async () => {
    const { client } = makeClient();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['countdown', 'ask', 'long_job', 'echo', 'error_after']));
    for (const tool of tools) expect(tool.execution?.taskSupport).toBe('optional');
  });

  it('countdown: tools/call gives a task, pushes follow it to its end, tasks/result gives the inlined result', async () => {
    const { client, pushes } = makeClient();
    const task = await callTool(client, 'countdown', { seconds: 0.6, steps: 3 });
    expect(task).toMatchObject({ status: 'working', ttl: 600_000, pollInterval: 1000 });
    expect(task).not.toHaveProperty('ttlMs');
    expect(task).not.toHaveProperty('pollIntervalMs');
    const taskId = task.taskId as string;
    expect(pushes.seen).toEqual([]);

    const terminal = await pushes.until((p) => p.taskId === taskId && p.status === 'completed');
    expect(terminal).toMatchObject({ taskId, status: 'completed', ttl: 600_000, pollInterval: 1000 });
    expect(pushes.seen.length).toBeGreaterThan(0);
    for (const push of pushes.seen) {
      expect(push.method).toBe('notifications/tasks');
      expect(push.params.taskId).toBe(taskId);
    }

    const result = (await request(client, 'tasks/result', { taskId })) as Json;
    expect(result).toMatchObject({
      content: [{ type: 'text', text: expect.stringMatching(/^Countdown finished: 3 steps/) as unknown }],
      _meta: { [RELATED_TASK_META_KEY]: { taskId } },
    });
    expect(await request(client, 'tasks/get', { taskId })).toMatchObject({ taskId, status: 'completed', ttl: 600_000 });
  });

  it('watches a task that comes along while a stream is open: the new stream carries both to their ends', async () => {
    const { client, pushes } = makeClient();
    const first = (await callTool(client, 'countdown', { seconds: 0.8, steps: 4 })).taskId as string;
    await pushes.until((p) => p.taskId === first);
    const second = (await callTool(client, 'countdown', { seconds: 0.2, steps: 1 })).taskId as string;
    await pushes.until((p) => p.taskId === second && p.status === 'completed');
    await pushes.until((p) => p.taskId === first && p.status === 'completed');
    expect(new Set(pushes.seen.map((p) => p.params.taskId))).toEqual(new Set([first, second]));
  });

  it('tasks/result waits while the task is not terminal', async () => {
    const { client } = makeClient();
    const { taskId } = await callTool(client, 'countdown', { seconds: 0.3, steps: 1 });
    const result = (await request(client, 'tasks/result', { taskId })) as Json;
    expect(result).toMatchObject({
      content: [{ type: 'text', text: expect.stringMatching(/^Countdown finished: 1 step/) as unknown }],
      _meta: { [RELATED_TASK_META_KEY]: { taskId } },
    });
  });

  it('ask: the input request is handed on once, its answer goes back with tasks/update, the task completes with it', async () => {
    let release: (answer: ElicitResult) => void = () => undefined;
    const answered = new Promise<ElicitResult>((resolve) => (release = resolve));
    const { client, elicitation, pushes } = makeClient({ answer: () => answered });
    const { taskId } = await callTool(client, 'ask', { question: 'Which format?' });
    const finished = request(client, 'tasks/result', { taskId });
    // While the answer is pending the client sees input_required again and again (its push, tasks/get): asked once.
    await pushes.until((p) => p.taskId === taskId && p.status === 'input_required');
    expect(await request(client, 'tasks/get', { taskId })).toMatchObject({ taskId, status: 'input_required' });
    expect(elicitation).toHaveBeenCalledTimes(1);
    const [asked, signal] = elicitation.mock.calls[0] ?? [];
    expect(asked).toEqual({
      key: `${taskId as string}:ask-1`,
      message: 'Which format?',
      requestedSchema: expect.objectContaining({ type: 'object', required: ['name', 'format'] }) as unknown,
      taskId,
    });
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);

    release({ action: 'accept', content: { name: 'Q3', format: 'pdf' } });
    const result = (await finished) as Json;
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'You answered: {"name":"Q3","format":"pdf"}' }],
      _meta: { [RELATED_TASK_META_KEY]: { taskId } },
    });
    expect(elicitation).toHaveBeenCalledTimes(1);
    expect(await request(client, 'tasks/get', { taskId })).toMatchObject({ status: 'completed' });
  });

  it('ask cancelled while the question is open: the question shown on the page is aborted', async () => {
    const { client, elicitation } = makeClient({
      answer: (_request) => new Promise<ElicitResult>(() => undefined),
    });
    const { taskId } = await callTool(client, 'ask', {});
    await vi.waitFor(() => expect(elicitation).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const signal = elicitation.mock.calls[0]?.[1];
    expect(signal?.aborted).toBe(false);
    expect(await request(client, 'tasks/cancel', { taskId })).toMatchObject({ taskId, status: 'cancelled' });
    expect(signal?.aborted).toBe(true);
  });

  it('error_after: tasks/result rejects with an McpError carrying the inlined error', async () => {
    const { client } = makeClient();
    const { taskId } = await callTool(client, 'error_after', { seconds: 0.05, message: 'rate limited' });
    const error = await rejection(request(client, 'tasks/result', { taskId }));
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32603 });
    // The inlined error's own message, not the status message ("Tool execution failed: …").
    expect((error as McpError).message).toBe('MCP error -32603: rate limited');
    expect(await request(client, 'tasks/get', { taskId })).toMatchObject({ taskId, status: 'failed' });
  });

  it('long_job: tasks/cancel answers the cancelled task, which then has no result', async () => {
    const { client } = makeClient();
    const { taskId } = await callTool(client, 'long_job', { interval: 0.1 });
    const cancelled = await request(client, 'tasks/cancel', { taskId });
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled', ttl: 600_000 });
    await expect(request(client, 'tasks/result', { taskId })).rejects.toThrow(/cancelled/);
  });

  it('echo: an answer given at once becomes a local completed task whose result is that answer', async () => {
    const log = new ProtocolLog();
    const { client } = makeClient({ log });
    const task = await callTool(client, 'echo', { text: 'hello there' });
    expect(task).toMatchObject({ status: 'completed', ttl: null });
    expect(String(task.taskId)).toMatch(/^inline-/);
    const taskId = task.taskId as string;
    expect(await request(client, 'tasks/get', { taskId })).toEqual(task);
    const result = (await request(client, 'tasks/result', { taskId })) as Json;
    expect(result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'hello there' }],
      _meta: { [RELATED_TASK_META_KEY]: { taskId } },
    });
    // Known only to this page: nothing about it was asked of the server.
    const methods = log
      .getSnapshot()
      .entries.filter((e) => e.direction === 'out')
      .map((e) => e.method);
    expect(methods).toEqual(['tools/call']);
    // Cancelling a task that is over already changes nothing.
    expect(await request(client, 'tasks/cancel', { taskId })).toEqual(task);
  });

  it('an unknown task id: tasks/get and tasks/cancel reject with -32602, as does an unknown local task', async () => {
    const { client } = makeClient();
    for (const method of ['tasks/get', 'tasks/cancel']) {
      const error = await rejection(request(client, method, { taskId: 'no-such-task' }));
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({ code: -32602 });
    }
    await expect(request(client, 'tasks/get', { taskId: 'inline-nothing' })).rejects.toMatchObject({ code: -32602 });
  });

  it('names a tool that is not plain ASCII in Mcp-Name so that the server reads it back (unknown tool, not a header mismatch)', async () => {
    const { client } = makeClient();
    const error = await rejection(request(client, 'tools/call', { name: ' outil à tâches', arguments: {} }));
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as McpError).message).toContain('Unknown tool');
  });

  it('tasks/get of a well-behaved server reports no violation', async () => {
    const before = violations.length;
    const { client } = makeClient();
    const { taskId } = await callTool(client, 'countdown', { seconds: 5, steps: 5 });
    const got = await request(client, 'tasks/get', { taskId });
    expect(got).toMatchObject({ taskId, status: 'working', ttl: 600_000, pollInterval: 1000 });
    expect(violations.slice(before)).toEqual([]);
    await request(client, 'tasks/cancel', { taskId });
  });

  it('writes every request and answer to the protocol log, by method', async () => {
    const log = new ProtocolLog();
    const { client, pushes } = makeClient({ log });
    await client.discover();
    const { taskId } = await callTool(client, 'countdown', { seconds: 0.2, steps: 1 });
    await request(client, 'tasks/get', { taskId });
    await expect(request(client, 'tasks/get', { taskId: 'no-such-task' })).rejects.toBeInstanceOf(McpError);
    await pushes.until((p) => p.taskId === taskId && p.status === 'completed');

    const entries = log.getSnapshot().entries.map((e) => [e.direction, e.kind, e.method]);
    // The listen stream opens on its own time, so its messages are checked apart from the requests' order.
    const requests = entries.filter(([, kind, method]) => kind !== 'notification' && method !== 'subscriptions/listen');
    expect(requests).toEqual([
      ['out', 'request', 'server/discover'],
      ['in', 'response', 'server/discover'],
      ['out', 'request', 'tools/call'],
      ['in', 'response', 'tools/call'],
      ['out', 'request', 'tasks/get'],
      ['in', 'response', 'tasks/get'],
      ['out', 'request', 'tasks/get'],
      ['in', 'error', 'tasks/get'],
    ]);
    // The listen stream: its request, its acknowledgement, the pushes it carried.
    expect(entries).toContainEqual(['out', 'request', 'subscriptions/listen']);
    expect(entries).toContainEqual(['in', 'notification', 'notifications/subscriptions/acknowledged']);
    const logged = log.getSnapshot().entries.filter((e) => e.method === 'notifications/tasks');
    expect(logged.map((e) => e.direction)).toContain('in');
    expect(logged.some((e) => (e.message as { params: Json }).params.status === 'completed')).toBe(true);
    // Each answer is paired with its request: a latency, and the id it went out with.
    const call = log.getSnapshot().entries.find((e) => e.direction === 'in' && e.method === 'tools/call');
    expect(call?.latencyMs).toEqual(expect.any(Number));
    expect((call?.message as Json | undefined)?.result).toMatchObject({ resultType: 'task', taskId });
  });

  it('close() ends the listen stream: the server drops the subscription and no more pushes arrive', async () => {
    // Server-side subscriptions opened from here on, and whether they are still live.
    const registry = server.state.modernTasks;
    const original = registry.onChange.bind(registry);
    const live = new Set<unknown>();
    vi.spyOn(registry, 'onChange').mockImplementation((listener) => {
      live.add(listener);
      const off = original(listener);
      return () => {
        live.delete(listener);
        return off();
      };
    });

    const { client, pushes } = makeClient();
    const { taskId } = await callTool(client, 'long_job', { interval: 0.1 });
    // Two progress pushes: the stream is open and carrying the reports.
    await pushes.until((p) => p.taskId === taskId && pushes.seen.length >= 2);
    expect(live.size).toBe(1);

    client.close();
    await vi.waitFor(() => expect(live.size).toBe(0), { timeout: 10_000 });
    const delivered = pushes.seen.length;

    // The job keeps reporting: another client sees more changes (and then the cancellation) that the closed one does not.
    const other = makeClient();
    await request(other.client, 'tasks/get', { taskId });
    await other.pushes.until((p) => p.taskId === taskId && other.pushes.seen.length >= 3);
    expect(await request(other.client, 'tasks/cancel', { taskId })).toMatchObject({ status: 'cancelled' });
    await other.pushes.until((p) => p.taskId === taskId && p.status === 'cancelled');
    expect(pushes.seen.length).toBe(delivered);
    expect(pushes.seen.some((p) => p.params.status === 'cancelled')).toBe(false);
  });

  it('reported no violation of the protocol in this whole file', () => {
    expect(violations).toEqual([]);
  });
});
