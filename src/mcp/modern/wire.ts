/**
 * MCP 2026-07-28 with the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663), as the wire carries it: the
 * per-request framing, the headers, and the reading of a task into the shape the rest of the page uses. Pure.
 */
import { CLIENT_INFO } from '../client-identity';

export const MODERN_VERSION = '2026-07-28';
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const META_CLIENT = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

/** What every request declares: the version, the tasks extension and form elicitation, and who is asking. */
export function requestMeta(): Record<string, unknown> {
  return {
    [META_VERSION]: MODERN_VERSION,
    [META_CAPABILITIES]: { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } },
    [META_CLIENT]: CLIENT_INFO,
  };
}

/** Methods whose requests name their subject in `Mcp-Name`, and where in the params it is. */
const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/**
 * A header value as the transport wants it: plain visible ASCII as is; anything else (non-ASCII, control characters,
 * spaces at either end, or text that looks like the encoding itself) as `=?base64?…?=` of its UTF-8 bytes.
 */
export function headerValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !/^=\?base64\?.*\?=$/i.test(value);
  if (plain) return value;
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/** The headers of one POST: version, method and, where the method has one, its subject. */
export function requestHeaders(method: string, params: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': MODERN_VERSION,
    'Mcp-Method': method,
  };
  const field = NAMED[method];
  const subject = field ? params?.[field] : undefined;
  if (typeof subject === 'string') headers['Mcp-Name'] = headerValue(subject);
  return headers;
}

const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A task as the 2026 wire has it (the DetailedTask of tasks/get and notifications/tasks). */
export interface ModernTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  inputRequests?: Record<string, { method?: unknown; params?: unknown }>;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A task from untrusted JSON, or undefined without a taskId and a known status. */
export function readModernTask(value: unknown): ModernTask | undefined {
  const v = record(value);
  if (!v || typeof v.taskId !== 'string' || !v.taskId || typeof v.status !== 'string' || !STATUSES.has(v.status)) return undefined;
  return v as unknown as ModernTask;
}

export function isTerminalStatus(status: string): boolean {
  return TERMINAL.has(status);
}

/**
 * The task in the shape the page keeps for every generation (`ttl`, `pollInterval`); the parts only this generation
 * has (the result, the error, the input requests) stay with the client.
 */
export function legacyTask(task: ModernTask): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(typeof task.statusMessage === 'string' && { statusMessage: task.statusMessage }),
    ...(typeof task.createdAt === 'string' && { createdAt: task.createdAt }),
    ...(typeof task.lastUpdatedAt === 'string' && { lastUpdatedAt: task.lastUpdatedAt }),
    ttl: typeof task.ttlMs === 'number' ? task.ttlMs : null,
    ...(typeof task.pollIntervalMs === 'number' && { pollInterval: task.pollIntervalMs }),
  };
}

/**
 * The rules of SEP-2663 a task (from tasks/get or a push) breaks, in words for Server behaviour; empty when none.
 * `where` names the message it came in.
 */
export function taskViolations(task: ModernTask, where: string): string[] {
  const out: string[] = [];
  const terminal = isTerminalStatus(task.status);
  if (!terminal && task.result !== undefined) out.push(`${where} carried a result while the task was ${task.status}`);
  if (task.status === 'completed' && task.result === undefined) out.push(`${where}: a completed task without its result inlined`);
  if (task.status === 'failed' && record(task.error) === undefined) out.push(`${where}: a failed task without its error inlined`);
  if (task.status === 'input_required' && !record(task.inputRequests)) out.push(`${where}: input_required without inputRequests`);
  if (!('ttlMs' in task)) out.push(`${where}: no ttlMs (required; null means unlimited)`);
  if ('ttl' in task || 'pollInterval' in task)
    out.push(`${where}: uses ttl/pollInterval (2025-11-25 names) instead of ttlMs/pollIntervalMs`);
  return out;
}

/** The `resultType` rule: every result carries one; absent reads as "complete" (older servers) but is noted. */
export function resultTypeOf(result: Record<string, unknown>): string | undefined {
  return typeof result.resultType === 'string' ? result.resultType : undefined;
}
