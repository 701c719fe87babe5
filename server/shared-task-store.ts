import type { CreateTaskOptions, TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { Request, RequestId, Result, Task } from '@modelcontextprotocol/sdk/types.js';

/**
 * The demo server is a single-user development server: every session sees every task, so a dashboard that
 * reconnects (new session) still finds the tasks it started and can fetch their results. The SDK's store binds
 * tasks to sessions; this wrapper drops the session from every call. (`--task-scope session` keeps the binding.)
 */
const PAGE_SIZE = 500;

export class SharedTaskStore implements TaskStore {
  constructor(readonly inner = new InMemoryTaskStore()) {}

  createTask(params: CreateTaskOptions, requestId: RequestId, request: Request): Promise<Task> {
    return this.inner.createTask(params, requestId, request);
  }
  getTask(taskId: string): Promise<Task | null> {
    return this.inner.getTask(taskId);
  }
  storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    return this.inner.storeTaskResult(taskId, status, result);
  }
  getTaskResult(taskId: string): Promise<Result> {
    return this.inner.getTaskResult(taskId);
  }
  updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    return this.inner.updateTaskStatus(taskId, status, statusMessage);
  }
  /** Pages of 500 (the SDK's store pages by 10, which makes a 10,000-task list a thousand round trips). */
  listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const all = this.inner.getAllTasks();
    const start = cursor ? all.findIndex((t) => t.taskId === cursor) + 1 : 0;
    if (cursor && start === 0) return Promise.reject(new Error(`Invalid cursor: ${cursor}`));
    const tasks = all.slice(start, start + PAGE_SIZE);
    const nextCursor = start + PAGE_SIZE < all.length ? tasks[tasks.length - 1]?.taskId : undefined;
    return Promise.resolve(nextCursor ? { tasks, nextCursor } : { tasks });
  }
  cleanup(): void {
    this.inner.cleanup();
  }
}
