import type { QueryClient } from '@tanstack/react-query';
import { describeRequestError } from '../mcp/errors';
import type { TaskClient } from '../mcp/task-client';
import { cancelTask, getTask } from './api';
import { writeTask } from './cache-writes';
import type { Task } from './task';

/** The session a cancel goes through. */
export interface CancelTarget {
  client: TaskClient;
  generation: number;
}

/**
 * Cancels one task: shown cancelled at once, then the server's answer corrects it either way. When the server
 * refuses (or cannot be reached), the task's actual state is read back and the promise rejects with a sentence that
 * says why.
 */
export async function cancelAndRecord(queryClient: QueryClient, serverUrl: string, session: CancelTarget, task: Task): Promise<void> {
  const { client, generation } = session;
  writeTask(
    queryClient,
    serverUrl,
    { ...task, status: 'cancelled', statusMessage: 'Cancelling…' },
    {
      source: 'cancel',
      now: Date.now(),
      generation,
      force: true,
    },
  );
  try {
    const cancelled = await cancelTask(client, task.taskId);
    writeTask(queryClient, serverUrl, cancelled, { source: 'cancel', now: Date.now(), generation, force: true });
  } catch (error) {
    const truth = await getTask(client, task.taskId).catch(() => task);
    writeTask(queryClient, serverUrl, truth, { source: 'poll', now: Date.now(), generation, force: true });
    throw new Error(describeRequestError(error, 'tasks/cancel'), { cause: error });
  }
}
