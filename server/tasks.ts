import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The default time a task and its result are kept after creation, when the client asks for none. */
export const DEFAULT_TTL_MS = 10 * 60_000;
export const POLL_INTERVAL_MS = 1000;

export interface TaskOutcome {
  status: 'completed' | 'failed';
  result: CallToolResult;
  /** The statusMessage the task ends with (sent as a last progress report just before the result). */
  statusMessage?: string;
}

export interface TaskControl {
  /** Reports progress as the task's statusMessage. Resolves false once the task is no longer running (cancelled, expired). */
  report(statusMessage: string): Promise<boolean>;
  /** Waits, but wakes early (resolving false) when the task stops running. */
  sleep(ms: number): Promise<boolean>;
}

export type TaskWork = (control: TaskControl) => Promise<TaskOutcome>;

/**
 * Runs a task's work in the background, writing status and result through the request's task store
 * (which sends `notifications/tasks/status` for every change).
 */
export function runTask(store: RequestTaskStore, taskId: string, work: TaskWork): void {
  let running = true;
  const control: TaskControl = {
    async report(statusMessage) {
      if (!running) return false;
      try {
        await store.updateTaskStatus(taskId, 'working', statusMessage);
        return true;
      } catch {
        // The task was cancelled or cleaned up: stop working on it.
        running = false;
        return false;
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
          content: [{ type: 'text', text: `The tool crashed: ${error instanceof Error ? error.message : String(error)}` }],
        },
      };
    }
    if (!running) return;
    if (outcome.statusMessage && !(await control.report(outcome.statusMessage))) return;
    try {
      await store.storeTaskResult(taskId, outcome.status, outcome.result);
    } catch {
      // Cancelled or expired while finishing: the result has nowhere to go.
    }
  })();
}
