import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CreateTaskRequestHandlerExtra, TaskRequestHandlerExtra } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { drawBarChart } from './png.js';
import { DEFAULT_TTL_MS, POLL_INTERVAL_MS, runTask, type TaskWork } from './tasks.js';

/** Runs a tool's work inline, for a server without tasks: progress is dropped, the result returned at the end. */
async function runInline(work: TaskWork): Promise<CallToolResult> {
  const outcome = await work({
    report: () => Promise.resolve(true),
    sleep: (ms) => new Promise((resolve) => setTimeout(() => resolve(true), ms)),
  });
  return outcome.result;
}

/**
 * Registers a demo tool. With tasks it is `taskSupport: optional` and runs in the background as a task;
 * without (the `--no-tasks` mode) it is an ordinary tool that answers when its work is done.
 */
function registerTaskTool<Shape extends z.ZodRawShape>(
  server: McpServer,
  name: string,
  config: { title: string; description: string; inputSchema: Shape },
  work: (args: z.infer<z.ZodObject<Shape>>) => TaskWork,
): void {
  if (!tasksEnabled.has(server)) {
    const callback = (args: unknown) => runInline(work(args as z.infer<z.ZodObject<Shape>>));
    server.registerTool(name, config, callback as never);
    return;
  }
  server.experimental.tasks.registerToolTask(
    name,
    { ...config, execution: { taskSupport: 'optional' } },
    {
      createTask: async (args: unknown, extra: CreateTaskRequestHandlerExtra) => {
        const task = await extra.taskStore.createTask({
          ttl: extra.taskRequestedTtl ?? DEFAULT_TTL_MS,
          pollInterval: POLL_INTERVAL_MS,
        });
        runTask(extra.taskStore, task.taskId, work(args as z.infer<z.ZodObject<Shape>>));
        return { task };
      },
      getTask: async (_args: unknown, extra: TaskRequestHandlerExtra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args: unknown, extra: TaskRequestHandlerExtra) =>
        (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    } as never,
  );
}

const tasksEnabled = new WeakSet<McpServer>();

export function registerDemoTools(server: McpServer, withTasks = true): void {
  if (withTasks) tasksEnabled.add(server);
  registerTaskTool(
    server,
    'countdown',
    {
      title: 'Countdown',
      description: 'Counts down for `seconds`, reporting a status message at each of `steps` steps, then completes with a text result.',
      inputSchema: {
        seconds: z.number().min(0).max(3600).default(5).describe('How long the countdown runs, in seconds'),
        steps: z.number().int().min(1).max(1000).default(5).describe('How many progress messages to send'),
      },
    },
    ({ seconds, steps }) =>
      async (control) => {
        const started = Date.now();
        for (let step = 1; step <= steps; step++) {
          if (!(await control.report(`Step ${step} of ${steps}: ${steps - step + 1} to go`))) break;
          if (!(await control.sleep((seconds * 1000) / steps))) break;
        }
        const elapsed = ((Date.now() - started) / 1000).toFixed(1);
        return {
          status: 'completed',
          statusMessage: `Finished ${steps} steps in ${elapsed} s`,
          result: { content: [{ type: 'text', text: `Countdown finished: ${steps} steps in ${elapsed} s.` }] },
        };
      },
  );

  registerTaskTool(
    server,
    'fail_after',
    {
      title: 'Fail after',
      description: 'Works for `seconds`, then fails with an isError result that says why.',
      inputSchema: {
        seconds: z.number().min(0).max(3600).default(2).describe('How long to work before failing, in seconds'),
        reason: z.string().max(500).default('the simulated upstream service returned 503').describe('What went wrong'),
      },
    },
    ({ seconds, reason }) =>
      async (control) => {
        await control.report('Calling the upstream service');
        await control.sleep(seconds * 1000);
        return {
          status: 'failed',
          statusMessage: `Failed: ${reason}`,
          result: { isError: true, content: [{ type: 'text', text: `fail_after gave up after ${seconds} s: ${reason}.` }] },
        };
      },
  );

  registerTaskTool(
    server,
    'render_chart',
    {
      title: 'Render chart',
      description: 'Draws a bar chart of `bars` random values as a PNG and completes with an image content block.',
      inputSchema: {
        bars: z.number().int().min(1).max(60).default(8).describe('How many bars to draw'),
        seconds: z.number().min(0).max(600).default(1).describe('How long rendering takes, in seconds'),
      },
    },
    ({ bars, seconds }) =>
      async (control) => {
        await control.report(`Rendering ${bars} bars`);
        if (!(await control.sleep(seconds * 1000))) return { status: 'failed', result: { content: [] } };
        const values = Array.from({ length: bars }, () => Math.round(10 + Math.random() * 90));
        const png = drawBarChart(values);
        return {
          status: 'completed',
          statusMessage: `Rendered ${bars} bars`,
          result: {
            content: [
              { type: 'text', text: `Bar chart of ${bars} values: ${values.join(', ')}` },
              { type: 'image', mimeType: 'image/png', data: png.toString('base64') },
            ],
          },
        };
      },
  );
}
