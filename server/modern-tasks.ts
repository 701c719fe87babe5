import { randomUUID } from 'node:crypto';
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../src/lib/errors';
import { POLL_INTERVAL_MS, runTask, type ElicitSchema, type TaskStatusSink, type TaskWork } from './tasks.js';

/**
 * Tasks as the MCP 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) sees them: no sessions
 * (a task id is the only handle), results and errors inlined in the task once it is terminal, input requests
 * inlined while it is `input_required` and answered with `tasks/update`, and a push to every listener on each change.
 */

export type ModernStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export interface ModernTask {
  taskId: string;
  status: ModernStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

interface ElicitInputRequest {
  method: 'elicitation/create';
  params: { mode: 'form'; message: string; requestedSchema: ElicitSchema };
}

/** A task as `tasks/get` and `notifications/tasks` carry it: with the payload its status calls for. */
export type DetailedTask = ModernTask & {
  inputRequests?: Record<string, ElicitInputRequest>;
  result?: Record<string, unknown>;
  error?: JsonRpcErrorObject;
};

interface PendingInput {
  request: ElicitInputRequest;
  resolve(answer: ElicitResult): void;
  reject(error: Error): void;
}

interface Entry {
  task: ModernTask;
  result?: Record<string, unknown>;
  error?: JsonRpcErrorObject;
  inputs: Map<string, PendingInput>;
  inputCount: number;
  expiry?: NodeJS.Timeout;
}

const TERMINAL: ReadonlySet<ModernStatus> = new Set(['completed', 'failed', 'cancelled']);
/** How many expired ids are remembered, to say "expired" rather than "not found". */
const MAX_TOMBSTONES = 10_000;

const isTerminal = (status: ModernStatus) => TERMINAL.has(status);

/** The 2026 shape of a CallToolResult: every result carries `resultType`. */
export function completeResult(result: CallToolResult): Record<string, unknown> {
  return { ...result, resultType: 'complete' };
}

export class ModernTaskRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly expired = new Set<string>();
  private readonly listeners = new Set<(task: DetailedTask) => void>();

  /** Creates a task in `working`; it is purged `ttlMs` after creation. */
  create(ttlMs: number): ModernTask {
    const now = new Date().toISOString();
    const task: ModernTask = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: POLL_INTERVAL_MS,
    };
    const entry: Entry = { task, inputs: new Map(), inputCount: 0 };
    entry.expiry = setTimeout(() => this.expire(task.taskId), ttlMs);
    entry.expiry.unref();
    this.entries.set(task.taskId, entry);
    return { ...task };
  }

  /** Whether an unknown id was a task that expired (and was purged), or was never one. */
  lookup(taskId: string): DetailedTask | 'expired' | 'unknown' {
    const entry = this.entries.get(taskId);
    if (entry) return this.detail(entry);
    return this.expired.has(taskId) ? 'expired' : 'unknown';
  }

  get(taskId: string): DetailedTask | undefined {
    const entry = this.entries.get(taskId);
    return entry && this.detail(entry);
  }

  onChange(listener: (task: DetailedTask) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs a demo tool's work as this task. A thrown error fails the task with a JSON-RPC error. */
  run(taskId: string, work: TaskWork): void {
    const guarded: TaskWork = async (control) => {
      try {
        return await work(control);
      } catch (error) {
        const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603;
        this.fail(taskId, { code, message: messageOf(error) });
        throw error;
      }
    };
    runTask(this.sink(taskId), taskId, guarded, (message, schema) => this.ask(taskId, message, schema));
  }

  /** Records a cancellation. False when there is no such task; a terminal task stays as it is. */
  cancel(taskId: string): boolean {
    const entry = this.entries.get(taskId);
    if (!entry) return false;
    if (isTerminal(entry.task.status)) return true;
    this.settle(entry, 'cancelled', 'Cancelled by the client');
    return true;
  }

  /**
   * Delivers answers to outstanding input requests. Keys that are not outstanding are ignored (SEP-2663). Returns
   * false when there is no such task.
   */
  answer(taskId: string, responses: Record<string, ElicitResult>): boolean {
    const entry = this.entries.get(taskId);
    if (!entry) return false;
    const answered = Object.entries(responses).filter(([key]) => entry.inputs.has(key));
    if (answered.length === 0) return true;
    for (const [key, answer] of answered) {
      const pending = entry.inputs.get(key)!;
      entry.inputs.delete(key);
      pending.resolve(answer);
    }
    if (entry.inputs.size === 0 && entry.task.status === 'input_required') this.change(entry, 'working', 'Received the answer');
    return true;
  }

  cleanup(): void {
    for (const entry of this.entries.values()) {
      clearTimeout(entry.expiry);
      this.rejectInputs(entry, 'The server is shutting down');
    }
    this.entries.clear();
    this.expired.clear();
  }

  private ask(taskId: string, message: string, requestedSchema: ElicitSchema): Promise<ElicitResult> {
    const entry = this.entries.get(taskId);
    if (!entry || isTerminal(entry.task.status)) return Promise.reject(new Error('The task is no longer running'));
    const key = `ask-${++entry.inputCount}`;
    return new Promise<ElicitResult>((resolve, reject) => {
      entry.inputs.set(key, {
        request: { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } },
        resolve,
        reject,
      });
      this.change(entry, 'input_required', message);
    });
  }

  /** The store runTask writes through: the statuses it sets, the outcome it stores. */
  private sink(taskId: string): TaskStatusSink {
    const running = () => {
      const entry = this.entries.get(taskId);
      if (!entry || isTerminal(entry.task.status)) throw new Error(`Task ${taskId} is not running`);
      return entry;
    };
    return {
      updateTaskStatus: (_id, status, statusMessage) => {
        const entry = running();
        // input_required is set by ask(), together with the request that explains it: a task never shows the
        // status without its inputRequests. While a request is outstanding, progress reports keep the status.
        if (status === 'input_required' || entry.inputs.size > 0) return Promise.resolve();
        this.change(entry, status, statusMessage);
        return Promise.resolve();
      },
      // A tool that reports failure with an isError result completed at the protocol level: in 2026-07-28 the
      // `failed` status is only for JSON-RPC errors (see run()), so both outcomes complete with the tool's result.
      storeTaskResult: (_id, _status, result) => {
        const entry = running();
        entry.result = completeResult(result as CallToolResult);
        this.settle(entry, 'completed', entry.task.statusMessage);
        return Promise.resolve();
      },
      getTask: () => {
        const entry = this.entries.get(taskId);
        return Promise.resolve(entry ? ({ ...entry.task, ttl: entry.task.ttlMs } as never) : (null as never));
      },
    };
  }

  private fail(taskId: string, error: JsonRpcErrorObject): void {
    const entry = this.entries.get(taskId);
    if (!entry || isTerminal(entry.task.status)) return;
    entry.error = error;
    this.settle(entry, 'failed', `Tool execution failed: ${error.message}`);
  }

  private settle(entry: Entry, status: 'completed' | 'failed' | 'cancelled', statusMessage: string | undefined): void {
    this.rejectInputs(entry, `The task is ${status}`);
    this.change(entry, status, statusMessage);
  }

  private rejectInputs(entry: Entry, why: string): void {
    const pending = [...entry.inputs.values()];
    entry.inputs.clear();
    for (const p of pending) p.reject(new Error(why));
  }

  private change(entry: Entry, status: ModernStatus, statusMessage: string | undefined): void {
    entry.task.status = status;
    if (statusMessage === undefined) delete entry.task.statusMessage;
    else entry.task.statusMessage = statusMessage;
    entry.task.lastUpdatedAt = new Date().toISOString();
    const detailed = this.detail(entry);
    for (const listener of this.listeners) listener(detailed);
  }

  private expire(taskId: string): void {
    const entry = this.entries.get(taskId);
    if (!entry) return;
    this.rejectInputs(entry, 'The task expired');
    this.entries.delete(taskId);
    this.expired.add(taskId);
    if (this.expired.size > MAX_TOMBSTONES) this.expired.delete(this.expired.values().next().value!);
  }

  private detail(entry: Entry): DetailedTask {
    const task: DetailedTask = { ...entry.task };
    if (task.status === 'input_required') {
      task.inputRequests = Object.fromEntries([...entry.inputs].map(([key, p]) => [key, p.request]));
    }
    if (task.status === 'completed' && entry.result) task.result = entry.result;
    if (task.status === 'failed' && entry.error) task.error = entry.error;
    return task;
  }
}
