import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ElicitResultSchema, RELATED_TASK_META_KEY, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../src/lib/errors';

/** The default time a task and its result are kept after creation, when the client asks for none. */
export const DEFAULT_TTL_MS = 10 * 60_000;
/** Every task is purged at last: a TTL of 0, null or a year would keep its result in memory for the server's life. */
export const MIN_TTL_MS = 1000;
export const MAX_TTL_MS = 24 * 60 * 60_000;

export function clampTtl(ttl: number | null | undefined): number {
  if (ttl === null || ttl === undefined || !Number.isFinite(ttl)) return MAX_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, ttl));
}
export const POLL_INTERVAL_MS = 1000;

interface TaskOutcome {
  status: 'completed' | 'failed';
  result: CallToolResult;
  /** The statusMessage the task ends with (sent as a last progress report just before the result). */
  statusMessage?: string;
}

interface TaskControl {
  /** Reports progress as the task's statusMessage. Resolves false once the task is no longer running (cancelled, expired). */
  report(statusMessage: string): Promise<boolean>;
  /** Waits, but wakes early (resolving false) when the task stops running. */
  sleep(ms: number): Promise<boolean>;
  /** Asks the user: the task goes `input_required` until the answer arrives, then back to `working`. */
  elicit(message: string, requestedSchema: ElicitSchema): Promise<ElicitResult>;
}

export type ElicitSchema = { type: 'object'; properties: Record<string, object>; required?: string[] };

/** The minimal store a task runner needs: the SDK's request task store, or the seed dialect's own. */
export type TaskStatusSink = Pick<RequestTaskStore, 'updateTaskStatus' | 'storeTaskResult' | 'getTask'>;

/**
 * Sends an elicitation tied to a task. With the SDK's message queue (spec dialect) the request is queued and
 * delivered on the client's tasks/result stream; otherwise it goes out on the session's notification stream.
 */
export function elicitForTask(
  server: Server,
  taskId: string,
  message: string,
  requestedSchema: ElicitSchema,
  queued: boolean,
): Promise<ElicitResult> {
  return server.request(
    { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema, _meta: { [RELATED_TASK_META_KEY]: { taskId } } } },
    ElicitResultSchema,
    { timeout: 30 * 60_000, ...(queued && { relatedTask: { taskId } }) },
  );
}

export type TaskWork = (control: TaskControl) => Promise<TaskOutcome>;

/**
 * Runs a task's work in the background, writing status and result through the request's task store
 * (which sends `notifications/tasks/status` for every change).
 */
export function runTask(
  store: TaskStatusSink,
  taskId: string,
  work: TaskWork,
  ask: (message: string, schema: ElicitSchema) => Promise<ElicitResult>,
): void {
  let running = true;
  const stillRunning = async () => {
    const task = await store.getTask(taskId).catch(() => null);
    return task !== null && (task.status === 'working' || task.status === 'input_required');
  };
  const control: TaskControl = {
    async elicit(message, schema) {
      await store.updateTaskStatus(taskId, 'input_required', message);
      const answer = await ask(message, schema);
      await control.report(`Received the answer (${answer.action})`);
      return answer;
    },
    async report(statusMessage) {
      if (!running) return false;
      try {
        await store.updateTaskStatus(taskId, 'working', statusMessage);
        return true;
      } catch {
        // Either the task is gone or terminal (cancelled, expired): stop. Or only the push failed because the
        // session that started it has disconnected: the status is stored, so keep working.
        return (running = await stillRunning());
      }
    },
    async sleep(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (!running) return false;
      const task = await store.getTask(taskId).catch(() => null);
      running = task !== null && (task.status === 'working' || task.status === 'input_required');
      return running;
    },
  };
  void (async () => {
    let outcome: TaskOutcome;
    try {
      outcome = await work(control);
    } catch (error) {
      outcome = {
        status: 'failed',
        result: {
          isError: true,
          content: [{ type: 'text', text: `The tool crashed: ${messageOf(error)}` }],
        },
      };
    }
    if (!running) return;
    if (outcome.statusMessage && !(await control.report(outcome.statusMessage))) return;
    try {
      await store.storeTaskResult(taskId, outcome.status, outcome.result);
    } catch {
      // Cancelled or expired while finishing (the result has nowhere to go), or only the push failed.
    }
  })();
}
