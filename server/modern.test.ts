import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createApplicationInputHandler,
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  type RawClientDispatch,
  type TaskView,
} from '@modelcontextprotocol/ext-tasks/client';
import {
  CallToolResultV2Schema,
  CancelTaskRequestV2Schema,
  CancelTaskResultV2Schema,
  CreateTaskResultV2Schema,
  ErrorV2Schema,
  GetTaskRequestV2Schema,
  GetTaskResultV2Schema,
  hasTaskServerCapabilityV2,
  readAcceptedTaskIdsV2,
  TaskStatusNotificationV2Schema,
  TaskSubscriptionAcknowledgedNotificationsV2Schema,
  ToolV2Schema,
  UpdateTaskRequestV2Schema,
  UpdateTaskResultV2Schema,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app.js';

type Json = Record<string, unknown>;

const VERSION = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
const TASKS_CAPS = { extensions: { [TASKS]: {} }, elicitation: { form: {} } };
const NAME_FIELD: Record<string, string> = {
  'tools/call': 'name',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

let server: RunningServer;
let nextId = 1;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
});
afterAll(async () => {
  await server.close();
});

/** Parses with a zod schema from ext-tasks, failing the test with the issues when it does not match. */
function valid<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: unknown } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Not valid: ${JSON.stringify(value).slice(0, 400)}\n${String(parsed.error)}`);
  return parsed.data;
}

/** The schema each method's result must match. */
const RESULT_SCHEMAS: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
  'tasks/get': GetTaskResultV2Schema,
  'tasks/update': UpdateTaskResultV2Schema,
  'tasks/cancel': CancelTaskResultV2Schema,
};

/** Validates every message the server answers with against the ext-tasks v2 schemas. */
function validateAnswer(method: string, body: Json): void {
  if (body.error !== undefined) {
    valid(ErrorV2Schema, body.error);
    return;
  }
  const result = body.result as Json;
  if (method === 'tools/call' && result.resultType === 'task') valid(CreateTaskResultV2Schema, result);
  else if (method === 'tools/call') valid(CallToolResultV2Schema, result);
  else if (method === 'tools/list') for (const tool of result.tools as unknown[]) valid(ToolV2Schema, tool);
  else if (method === 'server/discover') expect(hasTaskServerCapabilityV2(result.capabilities)).toBe(true);
  else if (RESULT_SCHEMAS[method]) valid(RESULT_SCHEMAS[method] as never, result);
  else throw new Error(`no schema for ${method}`);
}

interface PostOptions {
  capabilities?: Json;
  headers?: Record<string, string | undefined>;
  url?: string;
}

function meta(capabilities: Json): Json {
  return {
    'io.modelcontextprotocol/protocolVersion': VERSION,
    'io.modelcontextprotocol/clientInfo': { name: 'modern-test', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

function request(method: string, params: Json, options: PostOptions = {}): { headers: Record<string, string>; body: Json } {
  const field = NAME_FIELD[method];
  const name = field ? params[field] : undefined;
  const headers: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': VERSION,
    'Mcp-Method': method,
    ...(typeof name === 'string' && { 'Mcp-Name': name }),
    ...options.headers,
  };
  const body = { jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: meta(options.capabilities ?? TASKS_CAPS) } };
  const defined = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  return { headers: defined, body };
}

/** POSTs one request the way a 2026 client does; validates the answer. */
async function post(method: string, params: Json = {}, options: PostOptions = {}): Promise<{ status: number; body: Json }> {
  const { headers, body } = request(method, params, options);
  if (method === 'tasks/get') valid(GetTaskRequestV2Schema, { ...body, params: { taskId: params.taskId } });
  if (method === 'tasks/cancel') valid(CancelTaskRequestV2Schema, { ...body, params: { taskId: params.taskId } });
  if (method === 'tasks/update')
    valid(UpdateTaskRequestV2Schema, { ...body, params: { taskId: params.taskId, inputResponses: params.inputResponses } });
  const response = await fetch(options.url ?? server.modernUrl, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json()) as Json;
  expect(answer.id).toBe(body.id);
  validateAnswer(method, answer);
  return { status: response.status, body: answer };
}

async function result(method: string, params: Json = {}, options: PostOptions = {}): Promise<Json> {
  const { status, body } = await post(method, params, options);
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  expect(status).toBe(200);
  return body.result as Json;
}

async function startTask(name: string, args: Json = {}): Promise<Json> {
  const created = await result('tools/call', { name, arguments: args });
  expect(created.resultType).toBe('task');
  return created;
}

async function until<T>(get: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in time: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const getTask = (taskId: unknown) => result('tasks/get', { taskId });
const untilStatus = (taskId: unknown, status: string) =>
  until(
    () => getTask(taskId),
    (t) => t.status === status,
  );

/** Opens subscriptions/listen and collects the SSE messages it carries. */
async function listen(taskIds: string[], options: PostOptions = {}) {
  const { headers, body } = request('subscriptions/listen', { notifications: { taskIds } }, options);
  const abort = new AbortController();
  const response = await fetch(server.modernUrl, { method: 'POST', headers, body: JSON.stringify(body), signal: abort.signal });
  const messages: Json[] = [];
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    void (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = event
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) messages.push(JSON.parse(data) as Json);
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return { id: body.id, response, messages, close: () => abort.abort() };
}

describe('MCP 2026-07-28 endpoint: discovery and plain requests', () => {
  it('is served at /mcp-2026 beside /mcp, and server/discover advertises the tasks extension', async () => {
    expect(server.modernUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp-2026$/);
    const discovered = await result('server/discover');
    expect(discovered).toMatchObject({
      resultType: 'complete',
      supportedVersions: [VERSION],
      capabilities: { tools: {}, extensions: { [TASKS]: {} } },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'taskdeck-demo' } },
    });
  });

  it('is also served on /mcp, per request: a request naming 2026-07-28 is modern, initialize still opens a 2025-11-25 session', async () => {
    const url = server.mcpUrl;
    expect(await result('server/discover', {}, { url })).toMatchObject({ supportedVersions: [VERSION] });
    const created = await result('tools/call', { name: 'countdown', arguments: { seconds: 0.1, steps: 1 } }, { url });
    expect(created.resultType).toBe('task');
    expect(await result('tasks/get', { taskId: created.taskId }, { url })).toMatchObject({ taskId: created.taskId });
    // A modern request with a bad header is answered by the modern rules, not as a missing session.
    const missing = await post('tasks/get', { taskId: created.taskId }, { url, headers: { 'Mcp-Name': undefined } });
    expect(missing).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
    const legacy = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } },
      }),
    });
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('mcp-session-id')).toBeTruthy();
    await legacy.body?.cancel();
  });

  it('lists the same demo tools, without taskSupport, as a cacheable result', async () => {
    const listed = await result('tools/list');
    expect(listed).toMatchObject({ resultType: 'complete', ttlMs: expect.any(Number) as unknown, cacheScope: 'public' });
    const tools = listed.tools as Json[];
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['countdown', 'fail_after', 'ask', 'long_job', 'short_ttl', 'render_chart']),
    );
    expect(tools.every((t) => t.execution === undefined)).toBe(true);
  });

  it('answers a client that did not declare the extension inline, and -32021 for a tool that needs a task', async () => {
    const plain = await result('tools/call', { name: 'countdown', arguments: { seconds: 0.1, steps: 1 } }, { capabilities: {} });
    expect(plain.resultType).toBe('complete');
    expect(plain.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Countdown finished/) as unknown }]);
    const refused = await post('tools/call', { name: 'long_job', arguments: {} }, { capabilities: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: -32021,
      message: 'Missing required client capability',
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
    const noElicitation = await post('tools/call', { name: 'ask', arguments: {} }, { capabilities: { extensions: { [TASKS]: {} } } });
    expect(noElicitation.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
  });

  it('answers echo at once even to a tasks client (a client must handle both result shapes)', async () => {
    expect(await result('tools/call', { name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'hi' }],
    });
  });
});

describe('MCP 2026-07-28 endpoint: task lifecycle', () => {
  it('countdown: tools/call answers resultType task, tasks/get shows progress, then the result inlined', async () => {
    // Long enough that tasks/get still sees it working, however busy the machine.
    const created = await startTask('countdown', { seconds: 1.5, steps: 2 });
    expect(created).toMatchObject({ status: 'working', ttlMs: 600_000, pollIntervalMs: 1000 });
    expect(Date.parse(created.createdAt as string)).not.toBeNaN();
    const working = await getTask(created.taskId);
    expect(working).toMatchObject({ resultType: 'complete', taskId: created.taskId, status: 'working' });
    const done = await untilStatus(created.taskId, 'completed');
    expect(done.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: expect.stringMatching(/^Countdown finished: 2 steps/) as unknown }],
    });
  });

  it('fail_after: an isError tool result completes the task (failed is only for JSON-RPC errors)', async () => {
    const created = await startTask('fail_after', { seconds: 0.05, reason: 'nope' });
    const done = await untilStatus(created.taskId, 'completed');
    expect(done.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('nope') as unknown }] });
  });

  it('error_after: a JSON-RPC error fails the task with the error inlined', async () => {
    const created = await startTask('error_after', { seconds: 0.05, message: 'rate limited' });
    const failed = await untilStatus(created.taskId, 'failed');
    expect(failed.error).toEqual({ code: -32603, message: 'rate limited' });
    expect(failed.statusMessage).toBe('Tool execution failed: rate limited');
  });

  it('ask: input_required carries the elicitation, tasks/update answers it, the task completes with the answer', async () => {
    const created = await startTask('ask', { question: 'Which format?' });
    const waiting = await untilStatus(created.taskId, 'input_required');
    const requests = waiting.inputRequests as Record<string, Json>;
    expect(Object.keys(requests)).toEqual(['ask-1']);
    expect(requests['ask-1']).toMatchObject({ method: 'elicitation/create', params: { mode: 'form', message: 'Which format?' } });
    // A key that is not outstanding is ignored; the task still waits.
    expect(
      await result('tasks/update', { taskId: created.taskId, inputResponses: { nope: { action: 'accept', content: {} } } }),
    ).toMatchObject({
      resultType: 'complete',
    });
    expect((await getTask(created.taskId)).status).toBe('input_required');
    const ack = await result('tasks/update', {
      taskId: created.taskId,
      inputResponses: { 'ask-1': { action: 'accept', content: { name: 'Q3', format: 'pdf' } } },
    });
    expect(ack).toEqual({ resultType: 'complete', _meta: expect.any(Object) as unknown });
    const done = await untilStatus(created.taskId, 'completed');
    expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'You answered: {"name":"Q3","format":"pdf"}' }] });
  });

  it('long_job: tasks/cancel acknowledges, then the task is cancelled; cancelling again still acknowledges', async () => {
    const created = await startTask('long_job', { interval: 0.1 });
    expect(await result('tasks/cancel', { taskId: created.taskId })).toMatchObject({ resultType: 'complete' });
    const cancelled = await untilStatus(created.taskId, 'cancelled');
    expect(cancelled.result).toBeUndefined();
    await result('tasks/cancel', { taskId: created.taskId });
    expect((await getTask(created.taskId)).status).toBe('cancelled');
  });

  it('short_ttl: the task is purged after its ttlMs, then -32602 "Task has expired"', async () => {
    const created = await startTask('short_ttl', { seconds: 0, ttl_seconds: 1 });
    expect(created.ttlMs).toBe(1000);
    await untilStatus(created.taskId, 'completed');
    const gone = await until(
      () => post('tasks/get', { taskId: created.taskId }),
      (r) => r.body.error !== undefined,
    );
    expect(gone.body.error).toEqual({ code: -32602, message: 'Failed to retrieve task: Task has expired' });
    const unknown = await post('tasks/get', { taskId: 'no-such-task' });
    expect(unknown.body.error).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found' });
    expect((await post('tasks/cancel', { taskId: 'no-such-task' })).body.error).toMatchObject({ code: -32602 });
    expect((await post('tasks/update', { taskId: 'no-such-task', inputResponses: {} })).body.error).toMatchObject({ code: -32602 });
  });
});

describe('MCP 2026-07-28 endpoint: subscriptions/listen', () => {
  it('pushes notifications/tasks for the subscribed ids only, each a full task, tagged with the subscription id', async () => {
    const watched = await startTask('countdown', { seconds: 0.6, steps: 3 });
    const other = await startTask('countdown', { seconds: 0.2, steps: 1 });
    const stream = await listen([watched.taskId as string, 'never-created']);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
      await until(
        () => Promise.resolve(stream.messages),
        (m) => m.some((n) => (n.params as Json).status === 'completed'),
      );
      const [ack, ...pushes] = stream.messages;
      expect(ack).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
      const ackParams = ack!.params as Json;
      valid(TaskSubscriptionAcknowledgedNotificationsV2Schema, ackParams.notifications);
      expect(readAcceptedTaskIdsV2(ackParams)).toEqual([watched.taskId]);
      expect(ackParams._meta).toEqual({ 'io.modelcontextprotocol/subscriptionId': stream.id });
      for (const push of pushes) {
        valid(TaskStatusNotificationV2Schema, push);
        expect(push.params).toMatchObject({ taskId: watched.taskId, _meta: { 'io.modelcontextprotocol/subscriptionId': stream.id } });
      }
      expect(pushes.some((p) => (p.params as Json).taskId === other.taskId)).toBe(false);
      const last = pushes.at(-1)!.params as Json;
      expect(last).toMatchObject({ status: 'completed', result: { resultType: 'complete' } });
    } finally {
      stream.close();
    }
  });

  it('pushes input_required with its inputRequests, and refuses taskIds from a client without the extension', async () => {
    const created = await startTask('ask');
    const stream = await listen([created.taskId as string]);
    try {
      const push = await until(
        () => Promise.resolve(stream.messages),
        (m) => m.some((n) => (n.params as Json).status === 'input_required'),
      );
      const waiting = push.find((n) => (n.params as Json).status === 'input_required')!;
      valid(TaskStatusNotificationV2Schema, waiting);
      expect((waiting.params as Json).inputRequests).toHaveProperty('ask-1');
    } finally {
      stream.close();
      await result('tasks/cancel', { taskId: created.taskId });
    }
    const refused = await listen([created.taskId as string], { capabilities: {} });
    expect(refused.response.status).toBe(400);
    const body = (await refused.response.json()) as Json;
    valid(ErrorV2Schema, body.error);
    expect(body.error).toMatchObject({ code: -32021 });
  });

  it('ends a listen stream gracefully when the server stops: the listen response, then the close', async () => {
    const own = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
    const { headers, body } = request('subscriptions/listen', { notifications: { taskIds: [] } });
    const response = await fetch(own.modernUrl, { method: 'POST', headers, body: JSON.stringify(body) });
    const reading = response.text();
    await new Promise((r) => setTimeout(r, 100));
    await own.close();
    const messages = (await reading)
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as Json);
    expect(messages).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': body.id }, notifications: { taskIds: [] } },
      },
      { jsonrpc: '2.0', id: body.id, result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': body.id } } },
    ]);
  });
});

describe('MCP 2026-07-28 endpoint: request rules', () => {
  it('rejects a task request without Mcp-Name, or with one that does not match, with 400 HeaderMismatch', async () => {
    const created = await startTask('countdown', { seconds: 0.1, steps: 1 });
    for (const method of ['tasks/get', 'tasks/cancel'] as const) {
      const missing = await post(method, { taskId: created.taskId }, { headers: { 'Mcp-Name': undefined } });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toEqual({ code: -32020, message: `Header mismatch: Mcp-Name header is required for ${method}` });
    }
    const other = await post('tasks/get', { taskId: created.taskId }, { headers: { 'Mcp-Name': 'another-task' } });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: -32020 });
    const update = await post('tasks/update', { taskId: created.taskId, inputResponses: {} }, { headers: { 'Mcp-Name': undefined } });
    expect(update.body.error).toMatchObject({ code: -32020 });
    const call = await post('tools/call', { name: 'echo', arguments: {} }, { headers: { 'Mcp-Name': undefined } });
    expect(call.body.error).toMatchObject({ code: -32020 });
    // The Base64 sentinel form of the same value is accepted.
    const encoded = `=?base64?${Buffer.from(created.taskId as string).toString('base64')}?=`;
    expect((await post('tasks/get', { taskId: created.taskId }, { headers: { 'Mcp-Name': encoded } })).status).toBe(200);
  });

  it('checks the protocol version header and _meta, refuses tasks/* without the extension, and knows no tasks/result', async () => {
    const created = await startTask('countdown', { seconds: 0.1, steps: 1 });
    const noVersion = await post('tasks/get', { taskId: created.taskId }, { headers: { 'MCP-Protocol-Version': undefined } });
    expect(noVersion).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
    const noMethod = await post('tasks/get', { taskId: created.taskId }, { headers: { 'Mcp-Method': undefined } });
    expect(noMethod).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
    const undeclared = await post('tasks/get', { taskId: created.taskId }, { capabilities: {} });
    expect(undeclared).toMatchObject({ status: 400, body: { error: { code: -32021 } } });
    const removed = await post('tasks/result', { taskId: created.taskId });
    expect(removed).toMatchObject({ status: 404, body: { error: { code: -32601 } } });

    const old = await fetch(server.modernUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-11-25',
        'Mcp-Method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...meta({}), 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } },
      }),
    });
    expect(old.status).toBe(400);
    expect(await old.json()).toMatchObject({ error: { code: -32022, data: { supported: [VERSION], requested: '2025-11-25' } } });
    const noMeta = await fetch(server.modernUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'MCP-Protocol-Version': VERSION, 'Mcp-Method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(noMeta.status).toBe(400);
    expect(await noMeta.json()).toMatchObject({ error: { code: -32602 } });
    expect((await fetch(server.modernUrl)).status).toBe(405);
  });

  it('lets the dashboard’s origin send Mcp-Name and Mcp-Method (CORS preflight)', async () => {
    const own = `http://localhost:${new URL(server.modernUrl).port}`;
    const preflight = await fetch(server.modernUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: own,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'mcp-name, mcp-method, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['mcp-name', 'mcp-method', 'mcp-protocol-version']) expect(allowed).toContain(header);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(own);
  });
});

describe('the official ext-tasks requester drives the 2026 endpoint', () => {
  it('runs, watches status, answers input_required through tasks/update, cancels, and gets results', async () => {
    const url = server.modernUrl;
    const clientInfo = { name: 'ext-tasks-test', version: '1.0.0' };
    const clientCapabilities = { elicitation: { form: {} } };
    const client = new Client(clientInfo, { capabilities: clientCapabilities, versionNegotiation: { mode: { pin: VERSION } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getServerCapabilities()?.extensions?.[TASKS]).toEqual({});

    const sent: Json[] = [];
    // The host's raw path for task wire shapes (the SDK client's codecs do not know resultType "task").
    const rawDispatch: RawClientDispatch = async (message, options) => {
      const { method, params } = message as { method: string; params: Json };
      sent.push(message as Json);
      const name = options?.context?.headers?.['Mcp-Name'] ?? (method === 'tools/call' ? String(params.name) : undefined);
      const id = nextId++;
      const response = await fetch(url, {
        method: 'POST',
        ...(options?.signal && { signal: options.signal }),
        headers: {
          ...options?.context?.headers,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': VERSION,
          'Mcp-Method': method,
          ...(name !== undefined && { 'Mcp-Name': name }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      const body = (await response.json()) as Json;
      validateAnswer(method, body);
      return body.error ? { kind: 'error', error: valid(ErrorV2Schema, body.error) } : { kind: 'result', result: body.result as never };
    };
    const asked: Json[] = [];
    const session = createTaskSessionFromClient(client, {
      endpointId: 'taskdeck-demo-2026',
      rawDispatch,
      v2RequestFraming: { protocolVersion: VERSION, clientInfo, clientCapabilities },
      onInputRequest: createApplicationInputHandler({
        elicitation: (request) => {
          asked.push(request.params);
          return { action: 'accept', content: { name: 'Ext report', format: 'md' } };
        },
        sampling: () => Promise.reject(new Error('no sampling here')),
        roots: () => ({ roots: [] }),
      }),
    });
    try {
      // Run, watching status through the execution's updates.
      const countdown = await session.callTool('countdown', { seconds: 0.4, steps: 2 });
      expect(countdown.kind).toBe('task');
      const seen: TaskView[] = [];
      for await (const event of countdown.updates()) {
        if (event.type === 'task') seen.push(event.task);
        else {
          const result = resultFromTaskOutcome(event.outcome) as Json;
          expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Countdown finished: 2 steps/) as unknown }]);
          break;
        }
      }
      expect(seen.some((t) => t.status === 'working' && t.suggestedPollIntervalMs === 1000 && t.retentionMs === 600_000)).toBe(true);

      // input_required answered through tasks/update by the application handler.
      const ask = await session.callTool('ask', { question: 'Name the report' });
      const { outcome } = await ask.settle();
      expect(asked).toEqual([expect.objectContaining({ message: 'Name the report' })]);
      expect(resultFromTaskOutcome(outcome)).toMatchObject({
        content: [{ type: 'text', text: 'You answered: {"name":"Ext report","format":"md"}' }],
      });
      expect(sent.some((m) => m.method === 'tasks/update')).toBe(true);

      // Status of a running task by id, then cancel.
      const job = await session.callTool('long_job', { interval: 0.1 });
      if (job.kind !== 'task') throw new Error('long_job should run as a task');
      const snapshot = await session.task(job.handle.taskId).snapshot();
      expect(snapshot.status).toBe('working');
      await job.cancel();
      const cancelled = await untilStatus(job.handle.taskId, 'cancelled');
      expect(cancelled.status).toBe('cancelled');

      // A plain result still comes through the same call.
      const echo = await session.callTool('echo', { text: 'plain' });
      expect(echo.kind).toBe('immediate');
      expect(resultFromTaskOutcome((await echo.settle()).outcome)).toMatchObject({ content: [{ type: 'text', text: 'plain' }] });

      // Every task request carried the tasks extension in its _meta.
      for (const m of sent) {
        expect(((m.params as Json)._meta as Json)['io.modelcontextprotocol/clientCapabilities']).toMatchObject({
          extensions: { [TASKS]: {} },
        });
      }
    } finally {
      await session.close();
      await client.close();
    }
  });
});
