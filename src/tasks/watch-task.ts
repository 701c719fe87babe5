import type { QueryClient } from '@tanstack/react-query';
import { createStore } from 'zustand/vanilla';
import { describeRequestError, messageOf, rpcCodeOf } from '../mcp/errors';
import { expireForgotten, recordWatchedTask } from './cache-writes';
import { mcpKeys } from './keys';
import { selectionStore } from './selection-store';
import type { Task } from './task';
import { findTask, type TaskEntry } from './task-cache';

/** How a task is read by its id: tasks/get in every protocol generation, through that generation's client. */
type TaskGetter = (taskId: string) => Promise<Task>;

export interface WatchTarget {
  serverUrl: string;
  generation: number;
  getTask: TaskGetter;
}

interface WatchState {
  /** The latest Watch task (or deep-linked task) and how it went. */
  serverUrl?: string;
  taskId?: string;
  state: 'idle' | 'pending' | 'failed';
  message?: string;
}

export const watchStatus = createStore<WatchState>()(() => ({ state: 'idle' }));

/** A sentence for a task that could not be watched. */
function describeWatchError(error: unknown, taskId: string): string {
  if (rpcCodeOf(error) === -32602) {
    const said = messageOf(error).replace(/^MCP error -32602: /, '');
    return `The server knows no task with ID ${taskId} (it says: ${said}). Check the ID: a task is also gone once its TTL has passed.`;
  }
  return describeRequestError(error, 'tasks/get');
}

/**
 * Adds a task by its id: asks the server for it, lists it, selects it, and remembers it (task-registry.ts). The
 * outcome is in watchStatus; resolves to the task, or undefined when the server did not give one (a task the page
 * lists already is then marked expired, as for any task the server forgot).
 */
export async function watchTask(queryClient: QueryClient, target: WatchTarget, taskId: string): Promise<Task | undefined> {
  const id = taskId.trim();
  if (!id) return undefined;
  watchStatus.setState({ serverUrl: target.serverUrl, taskId: id, state: 'pending', message: undefined }, true);
  try {
    const task = await target.getTask(id);
    recordWatchedTask(queryClient, target.serverUrl, task, target.generation);
    selectionStore.getState().taskSelected(task.taskId, { reveal: true });
    if (watchStatus.getState().taskId === id) watchStatus.setState({ state: 'idle' }, true);
    return task;
  } catch (error) {
    const known = findTask(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(target.serverUrl)), id);
    if (known && rpcCodeOf(error) === -32602) {
      // A task the page already lists (remembered, kept) that the server has forgotten: it expired. Shown as such.
      expireForgotten(queryClient, target.serverUrl, id, error);
      selectionStore.getState().taskSelected(id, { reveal: true });
      if (watchStatus.getState().taskId === id) watchStatus.setState({ state: 'idle' }, true);
      return undefined;
    }
    if (watchStatus.getState().taskId === id)
      watchStatus.setState({ serverUrl: target.serverUrl, taskId: id, state: 'failed', message: describeWatchError(error, id) }, true);
    return undefined;
  }
}
