import type { TaskClient as Client } from '../mcp/task-client';
import { z } from 'zod';
import { secretsOf } from '../mcp/client-secrets';
import { offloadedBlob, takeOffloaded } from '../mcp/offload';
import { redactSecrets, textMayHoldSecret } from '../lib/redact';
import { protocolLog } from '../mcp/protocol-log';
import { jsonSize, parseTaskResult, TextBackedResult, type FetchedResult } from './result';
import { parseTask, type Task } from './task';

/** Every answer is parsed by our own tolerant readers, so the SDK only checks that it is JSON. */
const AnyResult = z.unknown();

class ProtocolViolation extends Error {
  constructor(
    message: string,
    readonly payload: unknown,
  ) {
    super(message);
    this.name = 'ProtocolViolation';
  }
}

function requireTask(value: unknown, where: string): Task {
  const task = parseTask(value);
  if (!task) throw new ProtocolViolation(`${where} did not return a valid task (taskId and status are required).`, value);
  return task;
}

export async function getTask(client: Client, taskId: string, signal?: AbortSignal): Promise<Task> {
  const raw = await client.request({ method: 'tasks/get', params: { taskId } }, AnyResult, signal ? { signal } : undefined);
  return requireTask(raw, 'tasks/get');
}

export interface TaskPage {
  tasks: Task[];
  nextCursor?: string;
  /** Entries of the page that were not valid tasks. */
  skipped: number;
}

export async function listTasksPage(client: Client, cursor?: string): Promise<TaskPage> {
  const raw = await client.request({ method: 'tasks/list', params: cursor ? { cursor } : {} }, AnyResult);
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as { tasks?: unknown; nextCursor?: unknown };
  if (!Array.isArray(record.tasks)) throw new ProtocolViolation('tasks/list did not return a tasks array.', raw);
  const tasks: Task[] = [];
  for (const item of record.tasks) {
    const task = parseTask(item);
    if (task) tasks.push(task);
  }
  const page: TaskPage = { tasks, skipped: record.tasks.length - tasks.length };
  if (typeof record.nextCursor === 'string' && record.nextCursor) page.nextCursor = record.nextCursor;
  return page;
}

export async function cancelTask(client: Client, taskId: string): Promise<Task> {
  const raw = await client.request({ method: 'tasks/cancel', params: { taskId } }, AnyResult);
  return requireTask(raw, 'tasks/cancel');
}

/** Starts a tool as a task: tools/call with `task` in its params; the answer must be a CreateTaskResult. */
export async function startToolTask(client: Client, name: string, args: Record<string, unknown>, ttl?: number): Promise<Task> {
  const raw = await client.request(
    { method: 'tools/call', params: { name, arguments: args, task: ttl === undefined ? {} : { ttl } } },
    AnyResult,
  );
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as { task?: unknown; content?: unknown };
  if (record.task === undefined) {
    throw new ProtocolViolation(
      Array.isArray(record.content)
        ? 'The server ran the tool at once and returned its result instead of creating a task.'
        : 'tools/call with a task did not return a task.',
      raw,
    );
  }
  return requireTask(record.task, 'tools/call');
}

/** tasks/result for a task known to be terminal; the payload is validated as a CallToolResult (either dialect). */
export async function fetchTaskResult(
  client: Client,
  taskId: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<FetchedResult> {
  const raw = await client.request({ method: 'tasks/result', params: { taskId } }, AnyResult, {
    timeout: options.timeoutMs ?? 120_000,
    ...(options.signal && { signal: options.signal }),
  });
  const secrets = secretsOf(client);
  // A large result was parsed, validated and measured in the response worker: the SDK saw a stand-in.
  const offloaded = takeOffloaded(raw);
  if (offloaded) {
    // A server that echoes a credential back: the text is parsed here to redact it (one long task, only then), so
    // it is never kept, copied or downloaded.
    if (!textMayHoldSecret(offloaded.text, secrets)) {
      return new TextBackedResult(taskId, offloaded.text, offloaded.summary, Date.now(), offloaded.size, {
        blob: () => offloadedBlob(offloaded.key),
      });
    }
    const value = redactSecrets(JSON.parse(offloaded.text) as unknown, secrets);
    return { taskId, raw: value, parsed: parseTaskResult(value), fetchedAt: Date.now(), size: offloaded.size };
  }
  // The protocol log already measured the response as it arrived; stringify only when it did not see it.
  const size = protocolLog.measuredSize(raw) ?? jsonSize(raw);
  const value = redactSecrets(raw, secrets);
  return { taskId, raw: value, parsed: parseTaskResult(value), fetchedAt: Date.now(), size };
}
