import { randomBytes } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CancelTaskRequestSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEMO_SERVER_INFO } from './mcp-server.js';
import { DEFAULT_TTL_MS, elicitForTask, POLL_INTERVAL_MS, runTask, type TaskStatusSink } from './tasks.js';
import { runInline } from './register-tools.js';
import { DEMO_TOOLS } from './tools.js';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const PAGE_SIZE = 10;

interface SeedRecord {
  task: Task;
  result?: CallToolResult | null;
  timer?: NodeJS.Timeout;
}

/**
 * The seed document's dialect of tasks, served with the same demo tools: `notifications/tasks/updated` pushes,
 * `tasks/result` that answers -32602 at once for a task still running (not a blocking wait), and the
 * `{ taskId, status, result }` envelope, with `result: null` for a failed task. Unknown or purged tasks get
 * -32602 "Task has expired".
 */
export class SeedTaskRegistry {
  private readonly tasks = new Map<string, SeedRecord>();

  create(ttl: number | null, listener: (task: Task) => void): Task {
    const now = new Date().toISOString();
    const task: Task = {
      taskId: randomBytes(16).toString('hex'),
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl,
      pollInterval: POLL_INTERVAL_MS,
    };
    const record: SeedRecord = { task };
    if (ttl !== null) record.timer = setTimeout(() => this.tasks.delete(task.taskId), ttl);
    this.tasks.set(task.taskId, record);
    this.listeners.set(task.taskId, listener);
    return { ...task };
  }

  private readonly listeners = new Map<string, (task: Task) => void>();

  get(taskId: string): SeedRecord {
    const record = this.tasks.get(taskId);
    if (!record) throw new McpError(ErrorCode.InvalidParams, 'Task has expired');
    return record;
  }

  update(taskId: string, status: Task['status'], statusMessage?: string, result?: CallToolResult | null): void {
    const record = this.get(taskId);
    if (TERMINAL.has(record.task.status)) throw new McpError(ErrorCode.InvalidParams, `Task is already ${record.task.status}`);
    record.task = {
      ...record.task,
      status,
      lastUpdatedAt: new Date().toISOString(),
      ...(statusMessage !== undefined && { statusMessage }),
    };
    if (result !== undefined) record.result = result;
    this.listeners.get(taskId)?.({ ...record.task });
  }

  list(cursor?: string): { tasks: Task[]; nextCursor?: string } {
    const all = [...this.tasks.values()].map((r) => r.task);
    const start = cursor ? all.findIndex((t) => t.taskId === cursor) + 1 : 0;
    if (cursor && start === 0) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor: ${cursor}`);
    const page = all.slice(start, start + PAGE_SIZE);
    const next = start + PAGE_SIZE < all.length ? page[page.length - 1]?.taskId : undefined;
    return next ? { tasks: page, nextCursor: next } : { tasks: page };
  }

  cleanup(): void {
    for (const r of this.tasks.values()) clearTimeout(r.timer);
    this.tasks.clear();
  }
}

function sinkFor(registry: SeedTaskRegistry): TaskStatusSink {
  return {
    updateTaskStatus: (taskId, status, statusMessage) => Promise.resolve().then(() => registry.update(taskId, status, statusMessage)),
    // The seed dialect lets a failed task carry no result: the demo sends null for failures.
    storeTaskResult: (taskId, status, result) =>
      Promise.resolve().then(() => registry.update(taskId, status, undefined, status === 'failed' ? null : (result as CallToolResult))),
    getTask: (taskId) => Promise.resolve().then(() => ({ ...registry.get(taskId).task })),
  };
}

export function createSeedServer(registry: SeedTaskRegistry): Server {
  const server = new Server(DEMO_SERVER_INFO, {
    capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
    instructions: 'Taskdeck demo server speaking the seed dialect of tasks.',
  });
  const push = (task: Task) => {
    void server.notification({ method: 'notifications/tasks/updated', params: task }).catch(() => {});
  };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: DEMO_TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: z.toJSONSchema(z.object(t.inputSchema)) as { type: 'object' },
      ...(t.outputSchema && { outputSchema: z.toJSONSchema(z.object(t.outputSchema)) as { type: 'object' } }),
      execution: { taskSupport: 'optional' as const },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const t = DEMO_TOOLS.find((d) => d.name === request.params.name);
    if (!t) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    const parsed = z.object(t.inputSchema).safeParse(request.params.arguments ?? {});
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, parsed.error.message);
    const args = parsed.data as Record<string, unknown>;
    const taskParams = request.params.task;
    if (!taskParams) return runInline(t.work(args));
    const task = registry.create(t.ttlMs?.(args) ?? taskParams.ttl ?? DEFAULT_TTL_MS, push);
    runTask(sinkFor(registry), task.taskId, t.work(args), (message, schema) => elicitForTask(server, task.taskId, message, schema, false));
    return { task };
  });
  server.setRequestHandler(GetTaskRequestSchema, (request) => ({ ...registry.get(request.params.taskId).task }));
  server.setRequestHandler(ListTasksRequestSchema, (request) => registry.list(request.params?.cursor) as never);
  server.setRequestHandler(CancelTaskRequestSchema, (request) => {
    const record = registry.get(request.params.taskId);
    if (TERMINAL.has(record.task.status)) throw new McpError(ErrorCode.InvalidParams, `Cannot cancel a ${record.task.status} task`);
    registry.update(request.params.taskId, 'cancelled', 'Cancelled by the client');
    return { ...registry.get(request.params.taskId).task };
  });
  server.setRequestHandler(GetTaskPayloadRequestSchema, (request) => {
    const record = registry.get(request.params.taskId);
    if (!TERMINAL.has(record.task.status)) {
      throw new McpError(ErrorCode.InvalidParams, `Task is not in a terminal state (status: ${record.task.status})`);
    }
    return { taskId: record.task.taskId, status: record.task.status, result: record.result ?? null };
  });
  return server;
}
