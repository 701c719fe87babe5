import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema, ListTasksResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { startServer, type ServerOptions } from './app.js';
import { RingEventStore } from './event-store.js';

const base: ServerOptions = { port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] };
const newClient = () => new Client({ name: 'test', version: '1' }, { capabilities: { tasks: {} } });

describe('demo server transports and modes', () => {
  it('serves legacy SSE at /sse', async () => {
    const server = await startServer({ ...base, transports: ['sse'] });
    try {
      const client = newClient();
      await client.connect(new SSEClientTransport(new URL(server.sseUrl)));
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('countdown');
      // The SSE-only server has nothing at /mcp, and answers a POST to /sse with 405 so clients can fall back.
      expect((await fetch(server.mcpUrl, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await fetch(server.sseUrl, { method: 'POST', body: '{}' })).status).toBe(405);
      await client.close();
    } finally {
      await server.close();
    }
  });

  it('requires the bearer token when started with one', async () => {
    const server = await startServer({ ...base, token: 's3cret' });
    try {
      const anonymous = newClient();
      await expect(anonymous.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)))).rejects.toMatchObject({ code: 401 });
      const wrong = newClient();
      const wrongInit = { requestInit: { headers: { Authorization: 'Bearer nope' } } };
      await expect(wrong.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl), wrongInit))).rejects.toMatchObject({
        code: 401,
      });
      const right = newClient();
      await right.connect(
        new StreamableHTTPClientTransport(new URL(server.mcpUrl), { requestInit: { headers: { Authorization: 'Bearer s3cret' } } }),
      );
      expect(right.getServerVersion()?.name).toBe('taskdeck-demo');
      await right.close();
    } finally {
      await server.close();
    }
  });

  it('without tasks declares no tasks capability and runs tools inline', async () => {
    const server = await startServer({ ...base, features: { tasks: false } });
    try {
      const client = newClient();
      await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      expect(client.getServerCapabilities()?.tasks).toBeUndefined();
      const tool = (await client.listTools()).tools.find((t) => t.name === 'countdown');
      expect(tool?.execution?.taskSupport ?? 'forbidden').toBe('forbidden');
      const result = await client.request(
        { method: 'tools/call', params: { name: 'countdown', arguments: { seconds: 0, steps: 1 } } },
        CallToolResultSchema,
      );
      expect(result.content[0]).toMatchObject({ type: 'text' });
      expect(server.state.methodsSeen).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']);
      await client.close();
    } finally {
      await server.close();
    }
  });

  it('shares tasks between sessions by default, so a reconnecting client finds them', async () => {
    const server = await startServer(base);
    try {
      const first = newClient();
      await first.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      const { task } = await first.request(
        { method: 'tools/call', params: { name: 'countdown', arguments: { seconds: 5, steps: 1 }, task: {} } },
        CreateTaskResultSchema,
      );
      await first.close();
      const second = newClient();
      await second.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
      const listed = await second.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
      expect(listed.tasks.map((t) => t.taskId)).toContain(task.taskId);
      await second.close();
    } finally {
      await server.close();
    }
  });
});

describe('RingEventStore', () => {
  it('replays only the events after Last-Event-ID, on the same stream', async () => {
    const store = new RingEventStore(3);
    const msg = (n: number) => ({ jsonrpc: '2.0' as const, method: 'notifications/message', params: { n } });
    const ids = [];
    for (let n = 1; n <= 4; n++) ids.push(await store.storeEvent('a', msg(n)));
    await store.storeEvent('b', msg(99));
    const replayed: unknown[] = [];
    const stream = await store.replayEventsAfter(ids[1]!, { send: (_id, m) => Promise.resolve(void replayed.push(m)) });
    expect(stream).toBe('a');
    expect(replayed).toEqual([msg(3), msg(4)]);
    expect(await store.getStreamIdForEventId(ids[0]!)).toBe('a');
  });
});
