/**
 * A client for an MCP 2026-07-28 server with the tasks extension. There is no session: every request is its own POST
 * with its framing in `_meta` and the headers the transport asks for. It offers the page the same requests it makes
 * of the older generations, answered the way they answer them:
 * - `tools/call` with a task: the server decides; a task comes back as `resultType: "task"`; an answer given at once
 *   becomes a task that is already completed, known only to this page.
 * - `tasks/get` and `tasks/cancel`: the task in the shape the page keeps (`ttl`, `pollInterval`).
 * - `tasks/result`: the result (or the error) the terminal `tasks/get` carried inline; for a task not terminal yet it
 *   waits until it is, like a 2025-11-25 server does.
 * - status pushes: `notifications/tasks` on a `subscriptions/listen` stream for every task not terminal yet that this
 *   client has seen, opened again with the new set as tasks come and go, and after it drops.
 * - input requests: read from `inputRequests` of `input_required` tasks, handed to the page once per key, and
 *   answered with `tasks/update`.
 * Every message in and out goes to the protocol log; every broken rule is reported as a violation.
 */
import { McpError, RELATED_TASK_META_KEY, type ElicitResult, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodType } from 'zod';
import { messageOf } from '../errors';
import { OFFLOAD_THRESHOLD, offloadResponse, peekOffloaded } from '../offload';
import { OFFLOADED_META_KEY } from '../offload-parser';
import type { ProtocolLog } from '../protocol-log';
import type { RequestSettings, TaskClient } from '../task-client';
import { officialSchemaProblem } from './official-schemas';
import {
  isTerminalStatus,
  legacyTask,
  META_SUBSCRIPTION,
  readModernTask,
  requestHeaders,
  requestMeta,
  resultTypeOf,
  taskViolations,
  type ModernTask,
} from './wire';

interface ModernEvents {
  taskPush: (params: unknown, method: 'notifications/tasks') => void;
  elicitation: (
    request: { key: string; message: string; requestedSchema: unknown; taskId: string },
    signal: AbortSignal,
  ) => Promise<ElicitResult>;
  /** A rule of the protocol the server broke. */
  violation: (detail: string, taskId?: string) => void;
}

export interface ModernClientOptions {
  url: URL;
  headers?: Record<string, string> | undefined;
  log?: ProtocolLog | undefined;
  events: ModernEvents;
  /** The fetch its requests go through (the local bridge's, for a server without CORS); the page's own by default. */
  fetch?: typeof fetch | undefined;
}

/** An HTTP answer without a JSON-RPC message in it; `code` is the HTTP status, as the SDK's transport errors have it. */
class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Tasks whose latest state is kept (for results, input requests and pushes): the most recently seen. */
const KNOWN_LIMIT = 2_000;
/** Task ids one listen stream asks for at most; past that, polling alone keeps the rest current. */
const LISTEN_LIMIT = 1_000;
/** Changes to the set of watched tasks within this long are sent as one new listen request. */
const RELISTEN_DELAY_MS = 100;
const INLINE_PREFIX = 'inline-';
/** One server-sent event may hold at most this much text: a stream that never ends its event is cut off. */
const MAX_EVENT_CHARS = 256 * 2 ** 20;

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An error body as the protocol log shows it: its JSON, or (a proxy's HTML page, plain text) the start of its text. */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { jsonrpc: '2.0', method: '(not JSON)', params: { text: text.slice(0, 2_000) } };
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Reads server-sent events from a response body, one JSON message per `data` block; ends with the stream. Linear in
 * the bytes: line ends are made `\n` piece by piece, and each piece is searched for an event's end only once.
 */
async function* sseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let searched = 0;
  let carriage = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      let piece = decoder.decode(value, { stream: true });
      if (carriage && piece.startsWith('\n')) piece = piece.slice(1);
      carriage = piece.endsWith('\r');
      buffer += piece.replace(/\r\n?/g, '\n');
      if (buffer.length > MAX_EVENT_CHARS) throw new Error(`an event of the stream is over ${MAX_EVENT_CHARS / 2 ** 20} M characters`);
      let end: number;
      while ((end = buffer.indexOf('\n\n', Math.max(0, searched - 1))) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        searched = 0;
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
          .join('\n');
        if (!data) continue;
        try {
          yield JSON.parse(data) as unknown;
        } catch {
          yield { invalid: data.slice(0, 200) };
        }
      }
      searched = buffer.length;
    }
  } finally {
    reader.releaseLock();
  }
}

export class ModernClient implements TaskClient {
  private nextId = 1;
  private readonly known = new Map<string, ModernTask>();
  /** Called when a task changes; by tasks waiting for it to end. */
  private readonly changed = new Map<string, Set<() => void>>();
  /** Per task, the keys of its input requests already handed to the page (dropped once the task ends). */
  private readonly handed = new Map<string, Set<string>>();
  /** Per task, aborts the input requests handed to the page once the task no longer waits for them. */
  private readonly inputAborts = new Map<string, AbortController>();
  private readonly watched = new Set<string>();
  private listen: { ids: ReadonlySet<string>; controller: AbortController } | undefined;
  /** Every listen stream still open, oldest first: a new one's acknowledgement closes those before it. */
  private readonly streams: AbortController[] = [];
  private relistenTimer: ReturnType<typeof setTimeout> | undefined;
  private listenFailures = 0;
  private closed = false;
  private readonly closing = new AbortController();

  constructor(private readonly options: ModernClientOptions) {}

  /** One JSON-RPC request as a POST; its result, or an McpError with the server's error. */
  async post(method: string, params: Record<string, unknown>, settings: RequestSettings = {}): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const message = { jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...record(params._meta), ...requestMeta() } } };
    this.options.log?.record('out', message);
    const signals = [this.closing.signal, ...(settings.signal ? [settings.signal] : [])];
    if (settings.timeout !== undefined) signals.push(AbortSignal.timeout(settings.timeout));
    const sent = await (this.options.fetch ?? fetch)(this.options.url, {
      method: 'POST',
      headers: { ...this.options.headers, ...requestHeaders(method, params) },
      body: JSON.stringify(message),
      signal: AbortSignal.any(signals),
    });
    // A terminal tasks/get carries the result: a large one is parsed in the response worker, like tasks/result's.
    // A small answer (every poll of a running task) says so in its length and is read here, without the round trip.
    const length = Number(sent.headers.get('content-length') ?? Number.NaN);
    const response = method === 'tasks/get' && !(length < OFFLOAD_THRESHOLD) ? offloadResponse(sent, id, true) : sent;
    const type = response.headers.get('content-type') ?? '';
    let answer: unknown;
    if (type.includes('text/event-stream') && response.body) {
      for await (const item of sseMessages(response.body)) {
        this.options.log?.record('in', item);
        if (record(item).id === id) {
          answer = item;
          break;
        }
      }
    } else if (type.includes('application/json')) {
      answer = await response.json().catch(() => undefined);
      if (answer !== undefined) this.options.log?.record('in', answer);
    }
    const reply = record(answer);
    const error = record(reply.error);
    if (typeof error.code === 'number') {
      const text = typeof error.message === 'string' ? error.message : '(no message)';
      if (error.code === -32020) {
        // Taskdeck sends every header the transport asks for, with the values in the body.
        this.options.events.violation(`${method} refused with -32020 (header mismatch) although its headers match the body: ${text}`);
      }
      throw new McpError(error.code, text, error.data);
    }
    if (!response.ok || !('result' in reply)) {
      const text = answer === undefined ? await response.text().catch(() => '') : JSON.stringify(answer);
      throw new HttpError(response.status, `HTTP ${response.status} ${response.statusText}${text ? `: ${text.slice(0, 300)}` : ''}`);
    }
    return record(reply.result);
  }

  /** `server/discover`: versions, capabilities, who the server is. */
  discover(signal?: AbortSignal): Promise<Record<string, unknown>> {
    return this.post('server/discover', {}, signal ? { signal } : {});
  }

  async listTools(params?: { cursor?: string }): Promise<ListToolsResult> {
    const result = await this.post('tools/list', params?.cursor ? { cursor: params.cursor } : {});
    const tools = Array.isArray(result.tools) ? result.tools : [];
    // No taskSupport in this generation: the server decides per call, so every tool may become a task.
    const shaped = tools.map((tool) => {
      const t = record(tool);
      return { ...t, execution: { ...record(t.execution), taskSupport: 'optional' } };
    });
    return { tools: shaped, ...(typeof result.nextCursor === 'string' && { nextCursor: result.nextCursor }) } as ListToolsResult;
  }

  async request(
    request: { method: string; params?: Record<string, unknown> },
    _schema: ZodType,
    settings?: RequestSettings,
  ): Promise<unknown> {
    const params = request.params ?? {};
    const taskId = typeof params.taskId === 'string' ? params.taskId : '';
    switch (request.method) {
      case 'tasks/get':
        return legacyTask(await this.getTask(taskId, settings));
      case 'tasks/cancel': {
        if (taskId.startsWith(INLINE_PREFIX)) return legacyTask(this.localTask(taskId));
        await this.post('tasks/cancel', { taskId }, settings);
        // The answer is an empty acknowledgement: the task's state comes from tasks/get.
        return legacyTask(await this.getTask(taskId, settings));
      }
      case 'tools/call':
        return this.callTool(params, settings);
      case 'tasks/result':
        return this.result(taskId, settings);
      case 'tasks/list':
        throw new McpError(-32601, 'tasks/list does not exist in MCP 2026-07-28: the page keeps its own list of tasks');
      default:
        return this.post(request.method, params, settings);
    }
  }

  private localTask(taskId: string): ModernTask {
    const task = this.known.get(taskId);
    if (!task) throw new McpError(-32602, `Task not found: ${taskId}`);
    return task;
  }

  private async getTask(taskId: string, settings?: RequestSettings): Promise<ModernTask> {
    if (taskId.startsWith(INLINE_PREFIX)) return this.localTask(taskId);
    const result = await this.post('tasks/get', { taskId }, settings);
    const type = resultTypeOf(result);
    if (type === undefined) this.options.events.violation('tasks/get answered without resultType', taskId);
    const { resultType: _type, _meta: _m, ...fields } = result;
    const task = readModernTask(fields);
    if (!task) throw new McpError(-32603, 'tasks/get did not return a valid task (taskId and a known status are required)');
    if (task.taskId !== taskId) this.options.events.violation(`tasks/get for ${taskId} answered about ${task.taskId}`, taskId);
    this.observe(task, 'tasks/get');
    return task;
  }

  private async callTool(params: Record<string, unknown>, settings?: RequestSettings): Promise<unknown> {
    const { task: _task, ...rest } = params;
    const result = await this.post('tools/call', rest, settings);
    const type = resultTypeOf(result) ?? 'complete';
    if (type === 'task') {
      const { resultType: _type, _meta: _m, ...fields } = result;
      const task = readModernTask(fields);
      if (!task) throw new McpError(-32603, 'tools/call answered resultType "task" without a valid task');
      this.observe(task, 'tools/call');
      return { task: legacyTask(task) };
    }
    if (type === 'input_required') {
      throw new Error(
        'The server asked for input before it would create the task (a multi round-trip request); Taskdeck answers input only once a task exists.',
      );
    }
    if (type !== 'complete') throw new McpError(-32603, `tools/call answered an unknown resultType "${type}"`);
    if (result.resultType === undefined) this.options.events.violation('tools/call answered without resultType');
    // Answered at once: a task that is already over, kept here, so the page shows it like any other.
    const now = new Date().toISOString();
    const task: ModernTask = {
      taskId: `${INLINE_PREFIX}${crypto.randomUUID()}`,
      status: 'completed',
      statusMessage: 'The server answered at once, without a task',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: null,
      result,
    };
    this.remember(task);
    return { task: legacyTask(task) };
  }

  /** The result of a terminal task, as tasks/result gives it in 2025-11-25; waits while the task is not terminal. */
  private async result(taskId: string, settings?: RequestSettings): Promise<unknown> {
    let task = this.known.get(taskId);
    if (!task || !isTerminalStatus(task.status)) task = await this.untilTerminal(taskId, settings);
    // A large result parsed in the worker is handed over once: read the task again for another copy.
    const standIn = record(record(task.result)._meta)[OFFLOADED_META_KEY] !== undefined;
    if (standIn && !peekOffloaded(task.result)) task = await this.getTask(taskId, settings);
    if (task.status === 'failed') {
      const error = record(task.error);
      throw new McpError(
        typeof error.code === 'number' ? error.code : -32603,
        typeof error.message === 'string' ? error.message : (task.statusMessage ?? 'The task failed without an error'),
        error.data,
      );
    }
    if (task.status === 'cancelled') throw new Error('The task was cancelled: it has no result.');
    const result = record(task.result);
    return { ...result, _meta: { ...record(result._meta), [RELATED_TASK_META_KEY]: { taskId } } };
  }

  private async untilTerminal(taskId: string, settings?: RequestSettings): Promise<ModernTask> {
    const signals = [this.closing.signal, ...(settings?.signal ? [settings.signal] : [])];
    if (settings?.timeout !== undefined) signals.push(AbortSignal.timeout(settings.timeout));
    const signal = AbortSignal.any(signals);
    for (;;) {
      const task = await this.getTask(taskId, { signal });
      if (isTerminalStatus(task.status)) return task;
      // Until the next poll is due, or a push says the task changed.
      const wake = new AbortController();
      const listeners = this.changed.get(taskId) ?? new Set();
      const onChange = () => wake.abort();
      listeners.add(onChange);
      this.changed.set(taskId, listeners);
      await delay(Math.max(250, task.pollIntervalMs ?? 1000), AbortSignal.any([signal, wake.signal]));
      listeners.delete(onChange);
      if (listeners.size === 0) this.changed.delete(taskId);
      const latest = this.known.get(taskId);
      if (latest && isTerminalStatus(latest.status)) return latest;
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The wait for the task ended.');
    }
  }

  private remember(task: ModernTask): void {
    this.known.delete(task.taskId);
    this.known.set(task.taskId, task);
    if (this.known.size > KNOWN_LIMIT) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
  }

  /** A task's state from any source: kept, checked against the rules, watched or let go, its input requests handed on. */
  private observe(task: ModernTask, where: string, subscribe = true): void {
    const broken = taskViolations(task, where);
    // The official schema judges the shape; a task already found at fault by the rules above is not reported twice.
    const shape = broken.length === 0 ? officialSchemaProblem(task, where) : undefined;
    if (shape !== undefined) broken.push(shape);
    for (const detail of broken) this.options.events.violation(detail, task.taskId);
    this.remember(task);
    for (const listener of this.changed.get(task.taskId) ?? []) listener();
    if (isTerminalStatus(task.status)) {
      this.unwatch(task.taskId);
      this.handed.delete(task.taskId);
    } else if (subscribe) this.watch(task.taskId);
    if (task.status === 'input_required') this.handOnInput(task);
    else {
      this.inputAborts.get(task.taskId)?.abort();
      this.inputAborts.delete(task.taskId);
    }
  }

  private handOnInput(task: ModernTask): void {
    const requests = record(task.inputRequests);
    let handed = this.handed.get(task.taskId);
    if (!handed) {
      handed = new Set();
      this.handed.set(task.taskId, handed);
    }
    for (const [key, value] of Object.entries(requests)) {
      if (handed.has(key)) continue;
      handed.add(key);
      const request = record(value);
      const params = record(request.params);
      if (request.method !== 'elicitation/create') {
        this.options.events.violation(
          `input request ${key} is ${String(request.method)}: Taskdeck answers only elicitation/create`,
          task.taskId,
        );
        continue;
      }
      let abort = this.inputAborts.get(task.taskId);
      if (!abort) {
        abort = new AbortController();
        this.inputAborts.set(task.taskId, abort);
      }
      this.options.events
        .elicitation(
          {
            key: `${task.taskId}:${key}`,
            message: typeof params.message === 'string' ? params.message : '(the server sent no message)',
            requestedSchema: params.requestedSchema,
            taskId: task.taskId,
          },
          abort.signal,
        )
        .then((answer) => this.post('tasks/update', { taskId: task.taskId, inputResponses: { [key]: answer } }))
        .then(() => this.getTask(task.taskId))
        .catch(() => {
          // Aborted (the task moved on) or refused: the page shows the task's state from its next poll.
        });
    }
  }

  private watch(taskId: string): void {
    if (this.watched.has(taskId) || this.closed) return;
    this.watched.add(taskId);
    this.scheduleListen();
  }

  private unwatch(taskId: string): void {
    if (this.watched.delete(taskId)) this.scheduleListen();
  }

  /** The first stream opens at once (a new task pushes from its start); later changes are gathered a moment. */
  private scheduleListen(delayMs = this.listen ? RELISTEN_DELAY_MS : 0): void {
    if (this.relistenTimer !== undefined || this.closed) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = undefined;
      void this.relisten();
    }, delayMs);
  }

  /** Opens a listen stream for the watched tasks; once it is acknowledged, the one before it is closed. */
  private async relisten(): Promise<void> {
    const ids = new Set([...this.watched].slice(-LISTEN_LIMIT));
    const previous = this.listen;
    if (ids.size === 0) {
      for (const stream of this.streams.splice(0)) stream.abort();
      this.listen = undefined;
      return;
    }
    if (previous && previous.ids.size === ids.size && [...ids].every((id) => previous.ids.has(id))) return;
    const controller = new AbortController();
    this.streams.push(controller);
    const current = { ids, controller };
    this.listen = current;
    const id = this.nextId++;
    const message = {
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: { _meta: requestMeta(), notifications: { taskIds: [...ids] } },
    };
    this.options.log?.record('out', message);
    let graceful = false;
    try {
      const opened = await (this.options.fetch ?? fetch)(this.options.url, {
        method: 'POST',
        headers: { ...this.options.headers, ...requestHeaders('subscriptions/listen', undefined) },
        body: JSON.stringify(message),
        signal: AbortSignal.any([controller.signal, this.closing.signal]),
      });
      // A push of a terminal task carries its result: a large one is parsed in the response worker.
      const response = offloadResponse(opened, undefined, true);
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
        const text = await response.text().catch(() => '');
        if (text) this.options.log?.record('in', parsedOrText(text));
        throw new Error(`subscriptions/listen answered HTTP ${response.status}`);
      }
      for await (const item of sseMessages(response.body)) {
        this.options.log?.record('in', item);
        const msg = record(item);
        const params = record(msg.params);
        if (msg.id === id) {
          graceful = true;
          break;
        }
        if (msg.method === 'notifications/subscriptions/acknowledged') {
          this.listenFailures = 0;
          const at = this.streams.indexOf(controller);
          for (const older of this.streams.splice(0, Math.max(0, at))) older.abort();
          continue;
        }
        if (msg.method !== 'notifications/tasks') continue;
        if (record(params._meta)[META_SUBSCRIPTION] !== id) {
          this.options.events.violation('notifications/tasks without the subscriptionId of its listen request');
        }
        const { _meta: _m, ...fields } = params;
        const task = readModernTask(fields);
        if (!task) {
          this.options.events.taskPush(params, 'notifications/tasks');
          continue;
        }
        const subscribed = ids.has(task.taskId);
        if (!subscribed) this.options.events.violation('notifications/tasks for a task never subscribed to', task.taskId);
        // A task pushed unasked is not subscribed to in turn: a server cannot grow the listen request that way.
        this.observe(task, 'notifications/tasks', subscribed);
        this.options.events.taskPush(legacyTask(task), 'notifications/tasks');
      }
    } catch (error) {
      if (controller.signal.aborted || this.closed) return;
      this.options.log?.record('in', { jsonrpc: '2.0', method: '(listen stream ended)', params: { reason: messageOf(error) } });
    } finally {
      const at = this.streams.indexOf(controller);
      if (at !== -1) this.streams.splice(at, 1);
    }
    if (this.listen !== current || this.closed) return;
    // Ended by the server (gracefully or not): listen again, sooner after a clean end, later after failures.
    this.listen = undefined;
    this.listenFailures = graceful ? 0 : this.listenFailures + 1;
    this.scheduleListen(Math.min(10_000, 500 * 2 ** this.listenFailures));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.relistenTimer);
    this.closing.abort(new Error('The connection was closed.'));
    for (const abort of this.inputAborts.values()) abort.abort();
    this.inputAborts.clear();
  }
}
