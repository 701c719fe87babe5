import type { CreateTaskRequestHandlerExtra, TaskRequestHandlerExtra } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { clampTtl, DEFAULT_TTL_MS, elicitForTask, POLL_INTERVAL_MS, runTask, type TaskWork } from './tasks.js';
import { DEMO_TOOLS } from './tools.js';

/** Runs a tool's work inline, for a server without tasks: progress is dropped, the result returned at the end. */
export async function runInline(work: TaskWork): Promise<CallToolResult> {
  const outcome = await work({
    report: () => Promise.resolve(true),
    sleep: (ms) => new Promise((resolve) => setTimeout(() => resolve(true), ms)),
    elicit: () => Promise.resolve({ action: 'decline' }),
  });
  return outcome.result;
}

/**
 * Registers the demo tools on an McpServer. With tasks each is `taskSupport: optional` and runs in the background
 * as a task; without (the `--no-tasks` mode) each is an ordinary tool that answers when its work is done.
 */
export function registerDemoTools(server: McpServer, withTasks = true): void {
  for (const t of DEMO_TOOLS) {
    const config = {
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      ...(t.outputSchema && { outputSchema: t.outputSchema }),
    };
    if (!withTasks) {
      const callback = (args: Record<string, unknown>) => runInline(t.work(args));
      server.registerTool(t.name, config, callback);
      continue;
    }
    server.experimental.tasks.registerToolTask(t.name, { ...config, execution: { taskSupport: 'optional' } }, {
      createTask: async (args: Record<string, unknown>, extra: CreateTaskRequestHandlerExtra) => {
        const task = await extra.taskStore.createTask({
          ttl: clampTtl(t.ttlMs?.(args) ?? extra.taskRequestedTtl ?? DEFAULT_TTL_MS),
          pollInterval: POLL_INTERVAL_MS,
        });
        // The store hands back its live object: answer with the state at creation, before the work mutates it.
        const created = { ...task };
        runTask(extra.taskStore, task.taskId, t.work(args), (message, schema) =>
          elicitForTask(server.server, task.taskId, message, schema, true),
        );
        return { task: created };
      },
      getTask: async (_args: unknown, extra: TaskRequestHandlerExtra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args: unknown, extra: TaskRequestHandlerExtra) =>
        (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    } as never);
  }
}
