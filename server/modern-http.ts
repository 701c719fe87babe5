import type { IncomingMessage, ServerResponse } from 'node:http';
import { ElicitResultSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { messageOf } from '../src/lib/errors';
import { readMessageBody } from './mcp-http.js';
import { DEMO_SERVER_INFO, type DemoState } from './mcp-server.js';
import { completeResult, type DetailedTask } from './modern-tasks.js';
import { runInline } from './register-tools.js';
import { clampTtl, DEFAULT_TTL_MS } from './tasks.js';
import { DEMO_TOOLS, type DemoTool } from './tools.js';

/**
 * MCP 2026-07-28 over Streamable HTTP, with the tasks extension (SEP-2663), at its own path. No SDK: the 1.x SDK
 * speaks only the initialize-and-session generations. Every request stands alone: its `_meta` names the protocol
 * version and the client's capabilities, its headers mirror the method (and the tool or task it is about).
 * See /work/notes/2026-07-28-wire.md for the wire rules this follows.
 */

const MODERN_PROTOCOL_VERSION = '2026-07-28';
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const META_SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

const HEADER_MISMATCH = -32020;
const MISSING_CAPABILITY = -32021;
const UNSUPPORTED_VERSION = -32022;

/** Keep-alive comments on a listen stream, so idle proxies and clients don't drop it. */
const KEEP_ALIVE_MS = 15_000;

/** Which body field `Mcp-Name` mirrors, per method. */
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** Tools only the 2026 endpoint has: one that answers at once even to a tasks client, one that fails with a JSON-RPC error. */
const MODERN_TOOLS: readonly DemoTool[] = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Answers at once with the text it was given, never as a task: a tasks client must handle plain results too.',
    inputSchema: { text: z.string().max(2000).default('hello').describe('What to echo') },
    work: (args) => () => Promise.resolve({ status: 'completed', result: { content: [{ type: 'text', text: String(args.text) }] } }),
  },
  {
    name: 'error_after',
    title: 'Error after',
    description: 'Works for `seconds`, then fails with a JSON-RPC error: the task ends `failed` with the error inlined.',
    inputSchema: {
      seconds: z.number().min(0).max(3600).default(1).describe('How long to work before failing, in seconds'),
      message: z.string().max(500).default('the upstream API rate limit was exceeded').describe('The error message'),
    },
    work: (args) => async (control) => {
      await control.report('Calling the upstream API');
      await control.sleep(Number(args.seconds) * 1000);
      throw Object.assign(new Error(String(args.message)), { code: -32603 });
    },
  },
];
const IMMEDIATE = new Set(['echo']);
/** Tools that cannot answer inline: an hour's work, and a question asked mid-task (this server does no MRTR). */
const TASK_REQUIRED = new Set(['long_job', 'ask']);
/** Tools that ask the user, so need the elicitation capability. */
const ELICITS = new Set(['ask']);

const TOOLS: readonly DemoTool[] = [...DEMO_TOOLS, ...MODERN_TOOLS];

/** For `npm run bench` (`--bench`): timed status changes (latency), and a small result stamped with its send time. */
const BENCH_TOOLS: readonly DemoTool[] = [
  {
    name: 'bench_latency',
    title: 'Bench latency',
    description: 'Bench: `count` status pushes, one every `interval_ms`, each stamped with its send time',
    inputSchema: {
      count: z.number().int().min(1).max(10_000).default(200),
      interval_ms: z.number().int().min(1).max(10_000).default(40),
    },
    work: (args) => async (control) => {
      for (let i = 1; i <= Number(args.count); i++) {
        await control.sleep(Number(args.interval_ms));
        await control.report(`seq=${i} sent=${Date.now()}`);
      }
      return { status: 'completed', result: { content: [{ type: 'text', text: 'latency run done' }] } };
    },
  },
  {
    name: 'bench_result',
    title: 'Bench result',
    description: 'Bench: works `work_ms`, then completes with a small result stamped with the time its terminal push is sent',
    inputSchema: {
      work_ms: z.number().int().min(0).max(60_000).default(150),
      run: z.number().int().min(0).default(0),
    },
    work: (args) => async (control) => {
      await control.sleep(Number(args.work_ms));
      const text = `bench result run=${Number(args.run)} sent=${Date.now()}`;
      return { status: 'completed', result: { content: [{ type: 'text', text }] } };
    },
  },
];
const BENCH_ALL: readonly DemoTool[] = [...TOOLS, ...BENCH_TOOLS];

type Json = Record<string, unknown>;
type Id = string | number;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function toolListing(t: DemoTool): Json {
  const schema = (shape: z.ZodRawShape) => {
    const json = z.toJSONSchema(z.object(shape), { io: 'input' }) as Json;
    delete json.$schema;
    return json;
  };
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: schema(t.inputSchema),
    ...(t.outputSchema && { outputSchema: schema(t.outputSchema) }),
  };
}

/** A header value, Base64 sentinel decoded (`=?base64?…?=`). */
function headerValue(req: IncomingMessage, name: string): string | undefined {
  const raw = req.headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  const encoded = /^=\?base64\?(.*)\?=$/.exec(value);
  return encoded ? Buffer.from(encoded[1]!, 'base64').toString('utf8') : value;
}

function missingCapability(required: Json): RpcError {
  return new RpcError(MISSING_CAPABILITY, 'Missing required client capability', 400, { requiredCapabilities: required });
}

interface RequestContext {
  id: Id;
  params: Json;
  capabilities: Json;
  declaresTasks: boolean;
}

/** The 2026-07-28 endpoint: stateless requests over one DemoState's task registry. */
export class ModernEndpoint {
  private readonly listens = new Set<{ res: ServerResponse; id: Id; close(): void }>();

  constructor(private readonly state: DemoState) {}

  private get tools(): readonly DemoTool[] {
    return this.state.features.bench ? BENCH_ALL : TOOLS;
  }

  get listenCount(): number {
    return this.listens.size;
  }

  /** `read`: the POST body, when the caller has read it already (the dual-era /mcp). */
  async handle(req: IncomingMessage, res: ServerResponse, read?: { body: unknown }): Promise<void> {
    if (req.method !== 'POST') {
      // No GET stream and no session to DELETE in this revision.
      res.writeHead(405, { Allow: 'POST', 'Content-Type': 'text/plain' }).end('MCP 2026-07-28: POST one JSON-RPC message per request');
      return;
    }
    read ??= await readMessageBody(req, res, this.state);
    if (!read) return;
    const message = read.body;
    if (!isObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') {
      this.reply(res, null, new RpcError(-32600, 'Invalid Request: POST a single JSON-RPC request', 400));
      return;
    }
    if (message.id === undefined) {
      res.writeHead(202).end(); // a notification: accepted, nothing to do (none are defined for clients on HTTP)
      return;
    }
    const id = message.id;
    if (typeof id !== 'string' && typeof id !== 'number') {
      this.reply(res, null, new RpcError(-32600, 'Invalid Request: id must be a string or a number', 400));
      return;
    }
    try {
      const context = this.validate(req, message.method, id, message.params);
      if (message.method === 'subscriptions/listen') {
        this.listen(req, res, context);
        return;
      }
      this.reply(res, id, await this.dispatch(message.method, context));
    } catch (error) {
      if (error instanceof RpcError) this.reply(res, id, error);
      else this.reply(res, id, new RpcError(-32603, `Internal error: ${messageOf(error)}`));
    }
  }

  /** Ends every listen stream gracefully: the response to the listen request, then the close. */
  closeAll(): void {
    for (const listen of [...this.listens]) {
      listen.res.write(
        sse({ jsonrpc: '2.0', id: listen.id, result: { resultType: 'complete', _meta: { [META_SUBSCRIPTION]: listen.id } } }),
      );
      listen.res.end();
      listen.close();
    }
  }

  /** The request-level rules: `_meta`, the protocol version, and the headers that mirror the body. */
  private validate(req: IncomingMessage, method: string, id: Id, rawParams: unknown): RequestContext {
    if (method === 'initialize') {
      // A client of the initialize generations: name what this endpoint speaks and where the older one is.
      const requested = isObject(rawParams) && typeof rawParams.protocolVersion === 'string' ? rawParams.protocolVersion : 'unknown';
      throw new RpcError(
        UNSUPPORTED_VERSION,
        `This endpoint speaks MCP ${MODERN_PROTOCOL_VERSION} only (no initialize); the 2025-11-25 endpoint is /mcp`,
        400,
        { supported: [MODERN_PROTOCOL_VERSION], requested },
      );
    }
    if (rawParams !== undefined && !isObject(rawParams)) throw new RpcError(-32602, 'Invalid params: params must be an object', 400);
    const params = rawParams ?? {};
    const meta = isObject(params._meta) ? params._meta : {};
    const version = meta[META_VERSION];
    const capabilities = meta[META_CAPABILITIES];
    if (typeof version !== 'string' || !isObject(capabilities)) {
      throw new RpcError(-32602, `Invalid params: _meta must carry ${META_VERSION} and ${META_CAPABILITIES}`, 400);
    }
    const versionHeader = headerValue(req, 'mcp-protocol-version');
    if (versionHeader === undefined) throw new RpcError(HEADER_MISMATCH, 'Header mismatch: MCP-Protocol-Version header is required', 400);
    if (versionHeader !== version) {
      throw new RpcError(HEADER_MISMATCH, `Header mismatch: MCP-Protocol-Version ${versionHeader} does not match _meta ${version}`, 400);
    }
    if (version !== MODERN_PROTOCOL_VERSION) {
      throw new RpcError(UNSUPPORTED_VERSION, 'Unsupported protocol version', 400, {
        supported: [MODERN_PROTOCOL_VERSION],
        requested: version,
      });
    }
    const methodHeader = headerValue(req, 'mcp-method');
    if (methodHeader !== method) {
      throw new RpcError(
        HEADER_MISMATCH,
        methodHeader === undefined
          ? 'Header mismatch: Mcp-Method header is required'
          : `Header mismatch: Mcp-Method ${methodHeader} does not match body method ${method}`,
        400,
      );
    }
    const nameField = NAME_SOURCE[method];
    if (nameField !== undefined) {
      const nameHeader = headerValue(req, 'mcp-name');
      const bodyValue = params[nameField];
      if (nameHeader === undefined) throw new RpcError(HEADER_MISMATCH, `Header mismatch: Mcp-Name header is required for ${method}`, 400);
      if (nameHeader !== bodyValue) {
        throw new RpcError(HEADER_MISMATCH, `Header mismatch: Mcp-Name ${nameHeader} does not match params.${nameField}`, 400);
      }
    }
    const extensions = isObject(capabilities.extensions) ? capabilities.extensions : {};
    return { id, params, capabilities, declaresTasks: isObject(extensions[TASKS_EXTENSION]) };
  }

  private get tasksOn(): boolean {
    return this.state.features.tasks;
  }

  private dispatch(method: string, context: RequestContext): Promise<Json> | Json {
    switch (method) {
      case 'server/discover':
        return this.discover();
      case 'tools/list':
        return { resultType: 'complete', tools: this.tools.map(toolListing), ttlMs: 0, cacheScope: 'public' };
      case 'tools/call':
        return this.callTool(context);
    }
    if (this.tasksOn && (method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel')) {
      if (!context.declaresTasks) throw missingCapability({ extensions: { [TASKS_EXTENSION]: {} } });
      const taskId = context.params.taskId;
      if (typeof taskId !== 'string') throw new RpcError(-32602, 'Invalid params: taskId must be a string');
      if (method === 'tasks/get') return this.getTask(taskId);
      if (method === 'tasks/cancel') {
        if (!this.state.modernTasks.cancel(taskId)) throw this.taskNotFound(taskId, 'cancel');
        return { resultType: 'complete' };
      }
      return this.updateTask(taskId, context.params.inputResponses);
    }
    // tasks/result and tasks/list are gone in this revision; ping, initialize's notifications and the like too.
    throw new RpcError(-32601, `Method not found: ${method}`, 404);
  }

  private discover(): Json {
    return {
      resultType: 'complete',
      supportedVersions: [MODERN_PROTOCOL_VERSION],
      capabilities: { tools: {}, ...(this.tasksOn && { extensions: { [TASKS_EXTENSION]: {} } }) },
      instructions: this.tasksOn
        ? 'Taskdeck demo server (MCP 2026-07-28): declare io.modelcontextprotocol/tasks and every tool but echo runs as a task.'
        : 'Taskdeck demo server (MCP 2026-07-28) without the tasks extension: tools answer when their work is done.',
      ttlMs: 0,
      cacheScope: 'public',
    };
  }

  private async callTool(context: RequestContext): Promise<Json> {
    const { params } = context;
    const tool = this.tools.find((t) => t.name === params.name);
    if (!tool) throw new RpcError(-32602, `Unknown tool: ${String(params.name)}`);
    const parsed = z.object(tool.inputSchema).safeParse(params.arguments ?? {});
    if (!parsed.success) {
      // Input validation errors are tool execution errors (SEP-1303): the caller can correct and retry.
      return completeResult({ isError: true, content: [{ type: 'text', text: `Invalid arguments: ${z.prettifyError(parsed.error)}` }] });
    }
    const args = parsed.data;
    const asTask = this.tasksOn && context.declaresTasks && !IMMEDIATE.has(tool.name);
    const required: Json = {};
    if (ELICITS.has(tool.name) && !isObject(context.capabilities.elicitation)) required.elicitation = { form: {} };
    if (TASK_REQUIRED.has(tool.name) && !asTask) {
      if (!this.tasksOn) {
        return completeResult({
          isError: true,
          content: [{ type: 'text', text: `${tool.name} needs tasks, which this server has turned off.` }],
        });
      }
      required.extensions = { [TASKS_EXTENSION]: {} };
    }
    if (Object.keys(required).length > 0) throw missingCapability(required);
    if (!asTask) {
      try {
        return completeResult(await runInline(tool.work(args)));
      } catch (error) {
        throw new RpcError(-32603, messageOf(error));
      }
    }
    const registry = this.state.modernTasks;
    const task = registry.create(clampTtl(tool.ttlMs?.(args) ?? DEFAULT_TTL_MS));
    // Durably created before we answer: a tasks/get for this id resolves from now on.
    registry.run(task.taskId, tool.work(args));
    return { resultType: 'task', ...task, _meta: { [META_SERVER_INFO]: serverInfo() } };
  }

  private getTask(taskId: string): Json {
    const found = this.state.modernTasks.lookup(taskId);
    if (typeof found === 'string') throw this.taskNotFound(taskId, 'retrieve');
    return { resultType: 'complete', ...found };
  }

  private updateTask(taskId: string, raw: unknown): Json {
    if (!isObject(raw)) throw new RpcError(-32602, 'Invalid params: inputResponses must be an object');
    const responses: Record<string, ElicitResult> = {};
    for (const [key, value] of Object.entries(raw)) {
      const answer = ElicitResultSchema.safeParse(value);
      if (!answer.success) throw new RpcError(-32602, `Invalid params: inputResponses.${key} is not an elicitation result`);
      responses[key] = answer.data;
    }
    if (!this.state.modernTasks.answer(taskId, responses)) throw this.taskNotFound(taskId, 'update');
    return { resultType: 'complete' };
  }

  private taskNotFound(taskId: string, verb: string): RpcError {
    const why = this.state.modernTasks.lookup(taskId) === 'expired' ? 'Task has expired' : 'Task not found';
    return new RpcError(-32602, `Failed to ${verb} task: ${why}`);
  }

  /** subscriptions/listen: an SSE response that stays open, with `notifications/tasks` for the accepted task ids. */
  private listen(req: IncomingMessage, res: ServerResponse, context: RequestContext): void {
    const filter = context.params.notifications;
    if (!isObject(filter)) throw new RpcError(-32602, 'Invalid params: notifications must be an object');
    const asked = filter.taskIds;
    if (asked !== undefined && (!Array.isArray(asked) || !asked.every((t) => typeof t === 'string'))) {
      throw new RpcError(-32602, 'Invalid params: notifications.taskIds must be an array of strings');
    }
    if (asked !== undefined && (!this.tasksOn || !context.declaresTasks)) {
      if (!this.tasksOn) throw new RpcError(-32602, 'Invalid params: this server has no tasks');
      throw missingCapability({ extensions: { [TASKS_EXTENSION]: {} } });
    }
    const registry = this.state.modernTasks;
    // Ids this server does not know (never created, or expired) are left out of the acknowledgement.
    const accepted = [...new Set(asked ?? [])].filter((taskId) => registry.get(taskId) !== undefined);
    const subscriptionId = context.id;
    const meta = { [META_SUBSCRIPTION]: subscriptionId };
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
    // Only the task ids are supported; list-change and resource filters are omitted from the acknowledgement.
    res.write(
      sse({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: meta, notifications: asked === undefined ? {} : { taskIds: accepted } },
      }),
    );
    const push = (task: DetailedTask) => {
      if (accepted.includes(task.taskId))
        res.write(sse({ jsonrpc: '2.0', method: 'notifications/tasks', params: { _meta: meta, ...task } }));
    };
    // The state each accepted task is in now, so a (re)subscribing client is current without a poll.
    for (const taskId of accepted) {
      const task = registry.get(taskId);
      if (task) push(task);
    }
    const unsubscribe = registry.onChange(push);
    const keepAlive = setInterval(() => res.write(':\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    const entry = {
      res,
      id: subscriptionId,
      close: () => {
        clearInterval(keepAlive);
        unsubscribe();
        this.listens.delete(entry);
      },
    };
    this.listens.add(entry);
    // Closing the stream is how a client cancels the subscription.
    req.on('close', entry.close);
    res.on('close', entry.close);
  }

  private reply(res: ServerResponse, id: Id | null, outcome: Json | RpcError): void {
    let status = 200;
    let message: Json;
    if (outcome instanceof RpcError) {
      status = outcome.httpStatus;
      message = {
        jsonrpc: '2.0',
        id,
        error: { code: outcome.code, message: outcome.message, ...(outcome.data !== undefined && { data: outcome.data }) },
      };
    } else {
      const meta = isObject(outcome._meta) ? outcome._meta : {};
      message = { jsonrpc: '2.0', id, result: { ...outcome, _meta: { ...meta, [META_SERVER_INFO]: serverInfo() } } };
    }
    // Sized, as most servers answer: a client can tell a small answer from a large one before reading it.
    const body = JSON.stringify(message);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  }
}

/**
 * Whether a POST without a session is a 2026-07-28 request: it names a modern protocol version in its header or in
 * its `_meta`. The initialize generations never do before their session exists, so /mcp can serve both eras.
 */
export function isModernRequest(req: IncomingMessage, body: unknown): boolean {
  if (req.headers['mcp-session-id'] !== undefined) return false;
  const header = headerValue(req, 'mcp-protocol-version');
  if (header !== undefined && header >= MODERN_PROTOCOL_VERSION) return true;
  const params = isObject(body) ? body.params : undefined;
  return isObject(params) && isObject(params._meta) && params._meta[META_VERSION] !== undefined;
}

function serverInfo(): Json {
  return { name: DEMO_SERVER_INFO.name, version: DEMO_SERVER_INFO.version };
}

function sse(message: Json): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
