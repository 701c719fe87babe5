import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseServerFlag, readConfigFile, type StdioSpec } from './bridge-config.js';
import { createDemoMcpServer, createDemoState, type DemoFeatures } from './mcp-server.js';

/** The stdio servers named by `--server name=…` flags and a `--config` file; a bad one stops the start with why. */
export async function bridgeServers(flags: readonly string[], configPath: string | undefined): Promise<Map<string, StdioSpec>> {
  const servers = new Map<string, StdioSpec>();
  try {
    if (configPath) {
      const { servers: found, skipped } = await readConfigFile(configPath);
      for (const [name, spec] of found) servers.set(name, spec);
      if (skipped.length > 0) console.warn(`${configPath}: skipped ${skipped.join(', ')} (no command: only stdio servers are started)`);
    }
    for (const flag of flags) {
      const [name, spec] = parseServerFlag(flag);
      servers.set(name, spec);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  return servers;
}

/** The demo server on stdin/stdout (for the bridge and any stdio client); exits when stdin closes. */
export async function runStdio(features: DemoFeatures): Promise<never> {
  const state = createDemoState(features);
  const server = createDemoMcpServer(state);
  const transport = new StdioServerTransport();
  const done = new Promise<never>(() => {
    transport.onclose = () => {
      state.taskStore.cleanup();
      state.seedTasks.cleanup();
      process.exit(0);
    };
    process.stdin.once('end', () => void transport.close());
  });
  await server.connect(transport);
  console.error(`Taskdeck demo server on stdio (${features.dialect === 'seed' ? 'seed dialect' : 'MCP 2025-11-25'}), pid ${process.pid}`);
  return done;
}
