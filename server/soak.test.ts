import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateTaskResultSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app.js';
import { MAX_SESSIONS } from './mcp-http.js';
import { MAX_TTL_MS, MIN_TTL_MS } from './tasks.js';

// The demo server runs on the user's machine for days: what clients do over and over must leave its memory flat.
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
});
afterAll(async () => {
  await server.close();
});

const heapMb = () => Math.round(process.memoryUsage().heapUsed / 1e6);

async function initializeOnly(): Promise<void> {
  const response = await fetch(server.mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'soak', version: '1' } },
    }),
  });
  await response.text();
  expect(response.headers.get('mcp-session-id')).toBeTruthy();
}

/** Thousands of calls: on a busy two-core machine they take far longer than the default 20 s. */
const SOAK_TIMEOUT_MS = 180_000;
describe('soak', () => {
  it(
    'sessions that are opened and abandoned do not pile up',
    async () => {
      for (let i = 0; i < 150; i++) await initializeOnly();
      const half = server.streamableStats().sessions;
      for (let i = 0; i < 150; i++) await initializeOnly();
      const full = server.streamableStats().sessions;
      console.log(`abandoned sessions: 150 → ${half} kept, 300 → ${full} kept; heap ${heapMb()} MB`);
      expect(half).toBeLessThanOrEqual(MAX_SESSIONS);
      expect(full).toBe(half);
    },
    SOAK_TIMEOUT_MS,
  );

  it(
    'thousands of requests on one session keep its event store flat',
    async () => {
      const client = new Client({ name: 'soak', version: '1' }, { capabilities: {} });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      try {
        for (let i = 0; i < 1500; i++) await client.request({ method: 'tools/list' }, ListToolsResultSchema);
        const half = server.streamableStats();
        const heapHalf = heapMb();
        for (let i = 0; i < 1500; i++) await client.request({ method: 'tools/list' }, ListToolsResultSchema);
        const full = server.streamableStats();
        console.log(
          `event store after 1,500 / 3,000 requests: ${half.streams} / ${full.streams} streams, ${half.events} / ${full.events} events; heap ${heapHalf} / ${heapMb()} MB`,
        );
        expect(full.streams).toBeLessThanOrEqual(half.streams);
        expect(full.events).toBeLessThanOrEqual(half.events);
        expect(full.streams).toBeLessThan(100);
      } finally {
        await client.close();
      }
    },
    SOAK_TIMEOUT_MS,
  );

  it(
    'every task is purged at last: a TTL of 0 or none is clamped',
    async () => {
      const client = new Client({ name: 'soak', version: '1' }, { capabilities: { tasks: {} } });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      try {
        const start = (ttl: number | null) =>
          client.request(
            { method: 'tools/call', params: { name: 'countdown', arguments: { seconds: 0, steps: 1 }, task: ttl === null ? {} : { ttl } } },
            CreateTaskResultSchema,
          );
        expect((await start(0)).task.ttl).toBe(MIN_TTL_MS);
        expect((await start(10 * 365 * 24 * 3600_000)).task.ttl).toBe(MAX_TTL_MS);
      } finally {
        await client.close();
      }
    },
    SOAK_TIMEOUT_MS,
  );
});
