import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskMessageQueue, InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { registerDemoTools } from './tools.js';

export const DEMO_SERVER_INFO = { name: 'taskdeck-demo', version: '0.1.0' } as const;

/** What one demo server process shares between its sessions. */
export interface DemoState {
  taskStore: InMemoryTaskStore;
  messageQueue: InMemoryTaskMessageQueue;
}

export function createDemoState(): DemoState {
  return { taskStore: new InMemoryTaskStore(), messageQueue: new InMemoryTaskMessageQueue() };
}

/** One McpServer per session; tasks live in the process-wide store. */
export function createDemoMcpServer(state: DemoState): McpServer {
  const server = new McpServer(DEMO_SERVER_INFO, {
    capabilities: {
      tools: { listChanged: false },
      tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
    },
    taskStore: state.taskStore,
    taskMessageQueue: state.messageQueue,
    instructions: 'Taskdeck demo server: every tool runs as a task. Try countdown, fail_after and render_chart.',
  });
  registerDemoTools(server);
  return server;
}
