import type { CreateTaskRequestHandlerExtra, TaskRequestHandlerExtra } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { DemoState } from './mcp-server.js';

/**
 * Tools for `npm run bench` (registered only with `--bench`): many tasks at once, timed pushes for latency, and a
 * notification storm. They write to the task store directly where the bench needs volume without pushes.
 */
export function registerBenchTools(server: McpServer, state: DemoState): void {
  const done = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });
  const passthrough = {
    getTask: async (_a: unknown, extra: TaskRequestHandlerExtra) => extra.taskStore.getTask(extra.taskId),
    getTaskResult: async (_a: unknown, extra: TaskRequestHandlerExtra) =>
      (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
  };

  server.experimental.tasks.registerToolTask(
    'bench_fill',
    {
      description: 'Bench: creates `count` completed tasks at once (no pushes)',
      inputSchema: { count: z.number().int().min(1).max(100_000).default(10_000) },
      execution: { taskSupport: 'optional' },
    },
    {
      createTask: async ({ count }: { count: number }, extra: CreateTaskRequestHandlerExtra) => {
        const store = state.taskStore;
        for (let i = 0; i < count; i++) {
          const t = await store.createTask({ ttl: null }, `bench-${i}`, { method: 'tools/call', params: { name: 'bench_fill' } });
          await store.storeTaskResult(t.taskId, i % 9 === 0 ? 'failed' : 'completed', done(`filler ${i}`));
        }
        const task = await extra.taskStore.createTask({ ttl: null });
        const created = { ...task };
        await extra.taskStore.storeTaskResult(task.taskId, 'completed', done(`created ${count} tasks`));
        return { task: created };
      },
      ...passthrough,
    } as never,
  );

  server.experimental.tasks.registerToolTask(
    'bench_latency',
    {
      description: 'Bench: `count` status pushes, one every `interval_ms`, each stamped with its send time',
      inputSchema: {
        count: z.number().int().min(1).max(10_000).default(200),
        interval_ms: z.number().int().min(1).max(10_000).default(40),
      },
      execution: { taskSupport: 'optional' },
    },
    {
      createTask: async ({ count, interval_ms }: { count: number; interval_ms: number }, extra: CreateTaskRequestHandlerExtra) => {
        const task = await extra.taskStore.createTask({ ttl: null, pollInterval: 60_000 });
        const created = { ...task };
        void (async () => {
          for (let i = 1; i <= count; i++) {
            await new Promise((r) => setTimeout(r, interval_ms));
            await extra.taskStore.updateTaskStatus(task.taskId, 'working', `seq=${i} sent=${Date.now()}`).catch(() => {});
          }
          await extra.taskStore.storeTaskResult(task.taskId, 'completed', done('latency run done')).catch(() => {});
        })();
        return { task: created };
      },
      ...passthrough,
    } as never,
  );

  server.experimental.tasks.registerToolTask(
    'bench_result',
    {
      description: 'Bench: works `work_ms`, then completes with a small result stamped with the time its terminal push is sent',
      inputSchema: {
        work_ms: z.number().int().min(0).max(60_000).default(150),
        run: z.number().int().min(0).default(0),
      },
      execution: { taskSupport: 'optional' },
    },
    {
      createTask: async ({ work_ms, run }: { work_ms: number; run: number }, extra: CreateTaskRequestHandlerExtra) => {
        const task = await extra.taskStore.createTask({ ttl: null, pollInterval: 60_000 });
        const created = { ...task };
        setTimeout(() => {
          void extra.taskStore
            .storeTaskResult(task.taskId, 'completed', done(`bench result run=${run} sent=${Date.now()}`))
            .catch(() => {});
        }, work_ms);
        return { task: created };
      },
      ...passthrough,
    } as never,
  );

  server.experimental.tasks.registerToolTask(
    'bench_burst',
    {
      description:
        'Bench: `count` new tasks announced only by one status push each, sent at once; completes saying when the last push went out',
      inputSchema: { count: z.number().int().min(1).max(50_000).default(10_000) },
      execution: { taskSupport: 'optional' },
    },
    {
      createTask: async ({ count }: { count: number }, extra: CreateTaskRequestHandlerExtra) => {
        const controller = await extra.taskStore.createTask({ ttl: null, pollInterval: 60_000 });
        const created = { ...controller };
        void (async () => {
          // The page takes this task (and its listen) first; then the burst.
          await new Promise((r) => setTimeout(r, 300));
          const ids: string[] = [];
          for (let i = 0; i < count; i++) ids.push((await extra.taskStore.createTask({ ttl: null, pollInterval: 600_000 })).taskId);
          await Promise.all(ids.map((id) => extra.taskStore.updateTaskStatus(id, 'working', 'burst').catch(() => {})));
          const last = Date.now();
          await extra.taskStore
            .storeTaskResult(controller.taskId, 'completed', done(`burst: ${count} tasks, last push sent=${last}`))
            .catch(() => {});
        })();
        return { task: created };
      },
      ...passthrough,
    } as never,
  );

  server.experimental.tasks.registerToolTask(
    'bench_storm',
    {
      description: 'Bench: `tasks` live tasks and `rate` status pushes per second across them for `seconds`, then every task completes',
      inputSchema: {
        tasks: z.number().int().min(1).max(20_000).default(2000),
        rate: z.number().int().min(1).max(20_000).default(1000),
        seconds: z.number().min(0.1).max(3600).default(10),
      },
      execution: { taskSupport: 'optional' },
    },
    {
      createTask: async (
        { tasks, rate, seconds }: { tasks: number; rate: number; seconds: number },
        extra: CreateTaskRequestHandlerExtra,
      ) => {
        const controller = await extra.taskStore.createTask({ ttl: null, pollInterval: 60_000 });
        const created = { ...controller };
        void (async () => {
          const ids: string[] = [];
          for (let i = 0; i < tasks; i++) ids.push((await extra.taskStore.createTask({ ttl: null, pollInterval: 60_000 })).taskId);
          const started = Date.now();
          let sent = 0;
          while (Date.now() - started < seconds * 1000) {
            const due = Math.floor(((Date.now() - started) / 1000) * rate);
            const batch: Promise<unknown>[] = [];
            for (; sent < due; sent++)
              batch.push(extra.taskStore.updateTaskStatus(ids[sent % ids.length]!, 'working', `storm ${sent}`).catch(() => {}));
            await Promise.all(batch);
            await new Promise((r) => setTimeout(r, 10));
          }
          for (const id of ids) await extra.taskStore.storeTaskResult(id, 'completed', done('final')).catch(() => {});
          await extra.taskStore
            .storeTaskResult(controller.taskId, 'completed', done(`storm: ${sent} pushes over ${ids.length} tasks`))
            .catch(() => {});
        })();
        return { task: created };
      },
      ...passthrough,
    } as never,
  );
}
