import { InMemoryTaskMessageQueue, InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createSeedServer, SeedTaskRegistry } from './seed-dialect.js';
import { SharedTaskStore } from './shared-task-store.js';
import { registerBenchTools } from './bench-tools.js';
import { registerConformanceTools } from './conformance-tools.js';
import { registerDemoTools } from './register-tools.js';
import { ModernTaskRegistry } from './modern-tasks.js';

export const DEMO_SERVER_INFO = { name: 'taskdeck-demo', title: 'Taskdeck demo server', version: '0.1.0' } as const;

export interface DemoFeatures {
  /** Declare the tasks capability and run tools as tasks (default). Off: a server that knows nothing of tasks. */
  tasks: boolean;
  /** 'shared': every session sees every task (default); 'session': the SDK's binding of tasks to sessions. */
  taskScope: 'shared' | 'session';
  /** 'spec': MCP 2025-11-25 through the SDK (default). 'seed': the seed document's dialect (see seed-dialect.ts). */
  dialect: 'spec' | 'seed';
  /**
   * false: tasks without `tasks/list` (not declared, and answered -32601), like a server of the 2026-07-28 tasks
   * extension, where a client keeps its own list of task ids. Default true.
   */
  taskList?: boolean;
  /** Also register the MCP conformance suite's fixture tools (test_*). */
  conformance?: boolean;
  /** Also register the benchmark's tools (bench_*). */
  bench?: boolean;
}

/** What one demo server process shares between its sessions. */
export interface DemoState {
  features: DemoFeatures;
  taskStore: TaskStore & { cleanup(): void };
  messageQueue: InMemoryTaskMessageQueue;
  seedTasks: SeedTaskRegistry;
  /** The tasks of the MCP 2026-07-28 endpoint (tasks extension), shared by every request: a task id is the handle. */
  modernTasks: ModernTaskRegistry;
  /** Every JSON-RPC method received, in order (bounded): lets tests prove what was, and was not, sent. */
  methodsSeen: string[];
  /** How many GET streams were reopened with Last-Event-ID. */
  resumedStreams: number;
}

const MAX_METHODS_SEEN = 10_000;

export function createDemoState(features: DemoFeatures = { tasks: true, taskScope: 'shared', dialect: 'spec' }): DemoState {
  return {
    features,
    seedTasks: new SeedTaskRegistry(),
    modernTasks: new ModernTaskRegistry(),
    taskStore: features.taskScope === 'shared' ? new SharedTaskStore() : new InMemoryTaskStore(),
    messageQueue: new InMemoryTaskMessageQueue(),
    methodsSeen: [],
    resumedStreams: 0,
  };
}

/** Records the methods of a parsed POST body (one message or a batch). */
export function recordMethods(state: DemoState, body: unknown): void {
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message === 'object' && message !== null && typeof (message as { method?: unknown }).method === 'string') {
      state.methodsSeen.push((message as { method: string }).method);
    }
  }
  if (state.methodsSeen.length > MAX_METHODS_SEEN) state.methodsSeen.splice(0, state.methodsSeen.length - MAX_METHODS_SEEN);
}

/** One server per session; tasks live in the process-wide store. */
export function createDemoMcpServer(state: DemoState): McpServer | Server {
  if (state.features.tasks && state.features.dialect === 'seed') return createSeedServer(state.seedTasks);
  const withTasks = state.features.tasks;
  const canList = state.features.taskList !== false;
  const server = new McpServer(DEMO_SERVER_INFO, {
    capabilities: withTasks
      ? {
          tools: { listChanged: false },
          tasks: { ...(canList && { list: {} }), cancel: {}, requests: { tools: { call: {} } } },
        }
      : { tools: { listChanged: false } },
    ...(withTasks && { taskStore: state.taskStore, taskMessageQueue: state.messageQueue }),
    instructions: withTasks
      ? 'Taskdeck demo server: every tool runs as a task. Try countdown, fail_after and render_chart.'
      : 'Taskdeck demo server without tasks: tools answer when their work is done.',
  });
  // The SDK answers tasks/list whenever it has a task store: this server has no such method.
  if (withTasks && !canList) server.server.removeRequestHandler('tasks/list');
  registerDemoTools(server, withTasks);
  if (state.features.conformance) registerConformanceTools(server);
  if (state.features.bench && withTasks) registerBenchTools(server, state);
  return server;
}
