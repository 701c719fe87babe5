import type { Observation } from './behaviour';
import { CallToolResultSchema, RELATED_TASK_META_KEY, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The shapes a `tasks/result` answer can take, after validation. */
export type TaskResult =
  | { kind: 'call-tool'; envelope: 'spec' | 'seed'; value: CallToolResult; relatedTaskId?: string }
  /** The seed dialect's `{taskId, status, result: null}` for a task that ended without a payload. */
  | { kind: 'no-result'; envelope: 'seed'; status: string }
  /** Anything that is not a CallToolResult: shown raw with the reason beside it. */
  | { kind: 'invalid'; error: string };

export interface FetchedResult {
  taskId: string;
  raw: unknown;
  parsed: TaskResult;
  fetchedAt: number;
  /** Size of the raw JSON in bytes (UTF-16 code units; close enough to show the user). */
  size: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for the seed's envelope: `{ taskId, status, result }` with no content of its own. */
export function isSeedEnvelope(value: unknown): value is { taskId: string; status: string; result?: unknown } {
  return isRecord(value) && typeof value.taskId === 'string' && typeof value.status === 'string' && !('content' in value);
}

function describeIssues(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

function asCallToolResult(value: unknown, envelope: 'spec' | 'seed'): TaskResult {
  const parsed = CallToolResultSchema.safeParse(value);
  if (!parsed.success) return { kind: 'invalid', error: `Not a CallToolResult: ${describeIssues(parsed.error)}` };
  const meta = parsed.data._meta?.[RELATED_TASK_META_KEY];
  const relatedTaskId = isRecord(meta) && typeof meta.taskId === 'string' ? meta.taskId : undefined;
  return relatedTaskId === undefined
    ? { kind: 'call-tool', envelope, value: parsed.data }
    : { kind: 'call-tool', envelope, value: parsed.data, relatedTaskId };
}

/** Validates a `tasks/result` payload of a task created by tools/call, in either dialect. */
export function parseToolTaskResult(raw: unknown): TaskResult {
  if (isSeedEnvelope(raw)) {
    if (raw.result === null || raw.result === undefined) return { kind: 'no-result', envelope: 'seed', status: raw.status };
    return asCallToolResult(raw.result, 'seed');
  }
  if (!isRecord(raw)) return { kind: 'invalid', error: `Expected an object, got ${raw === null ? 'null' : typeof raw}` };
  return asCallToolResult(raw, 'spec');
}

/** What a fetched result says about the server, for the behaviour detector. */
export function resultObservation(taskId: string, result: FetchedResult): Observation {
  const parsed = result.parsed;
  if (parsed.kind === 'invalid') return { type: 'result', envelope: 'invalid', taskId, relatedTaskMeta: false, detail: parsed.error };
  return { type: 'result', envelope: parsed.envelope, taskId, relatedTaskMeta: parsed.kind === 'call-tool' && parsed.relatedTaskId !== undefined };
}

export function jsonSize(raw: unknown): number {
  try {
    return JSON.stringify(raw)?.length ?? 0;
  } catch {
    return 0;
  }
}
