import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  TaskStatusNotificationSchema,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
});
afterAll(async () => {
  await server.close();
});

async function connect(): Promise<{ client: Client; pushes: Task[] }> {
  const client = new Client({ name: 'test', version: '1' }, { capabilities: { tasks: { list: {}, cancel: {} } } });
  const pushes: Task[] = [];
  client.setNotificationHandler(TaskStatusNotificationSchema, (n) => {
    pushes.push(n.params);
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
  return { client, pushes };
}

async function startTask(client: Client, name: string, args: Record<string, unknown>): Promise<Task> {
  const created = await client.request(
    { method: 'tools/call', params: { name, arguments: args, task: { ttl: 60_000 } } },
    CreateTaskResultSchema,
  );
  return created.task;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('demo server', () => {
  it('declares tasks with list, cancel and tools/call, and binds to loopback', async () => {
    expect(server.mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client } = await connect();
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.execution?.taskSupport])).toEqual([
      ['countdown', 'optional'],
      ['fail_after', 'optional'],
      ['render_chart', 'optional'],
      ['ask', 'optional'],
      ['long_job', 'optional'],
      ['short_ttl', 'optional'],
      ['mixed_content', 'optional'],
      ['structured_report', 'optional'],
      ['markdown_report', 'optional'],
      ['big_payload', 'optional'],
      ['hostile_content', 'optional'],
    ]);
    await client.close();
  });

  it('countdown pushes a statusMessage at every step, then completes with text', async () => {
    const { client, pushes } = await connect();
    const task = await startTask(client, 'countdown', { seconds: 0.3, steps: 3 });
    expect(task.status).toBe('working');
    await until(() => pushes.some((p) => p.taskId === task.taskId && p.status === 'completed'));
    const messages = pushes.filter((p) => p.taskId === task.taskId).map((p) => p.statusMessage);
    expect(messages.slice(0, 3)).toEqual(['Step 1 of 3: 3 to go', 'Step 2 of 3: 2 to go', 'Step 3 of 3: 1 to go']);
    const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Countdown finished: 3 steps/) as unknown }]);
    expect(result._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId: task.taskId });
    await client.close();
  });

  it('fail_after ends failed with an isError result that says why', async () => {
    const { client, pushes } = await connect();
    const task = await startTask(client, 'fail_after', { seconds: 0, reason: 'no disk' });
    await until(() => pushes.some((p) => p.taskId === task.taskId && p.status === 'failed'));
    const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema);
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('no disk') as unknown });
    await client.close();
  });

  it('render_chart completes with a real PNG image block', async () => {
    const { client, pushes } = await connect();
    const task = await startTask(client, 'render_chart', { seconds: 0, bars: 4 });
    await until(() => pushes.some((p) => p.taskId === task.taskId && p.status === 'completed'));
    const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema);
    const image = result.content.find((b) => b.type === 'image');
    if (!image) throw new Error('no image block');
    expect(image.mimeType).toBe('image/png');
    const bytes = Buffer.from(image.data, 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.readUInt32BE(16)).toBe(480); // IHDR width
    await client.close();
  });

  it('lists and cancels tasks; a cancelled task stays cancelled', async () => {
    const { client } = await connect();
    const task = await startTask(client, 'countdown', { seconds: 10, steps: 100 });
    const listed = await client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema);
    expect(listed.tasks.map((t) => t.taskId)).toContain(task.taskId);
    const cancelled = await client.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, CancelTaskResultSchema);
    expect(cancelled.status).toBe('cancelled');
    // The countdown would report a step every 100 ms: give it several chances to (wrongly) report again.
    await new Promise((r) => setTimeout(r, 500));
    const later = await client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, GetTaskResultSchema);
    expect(later.status).toBe('cancelled');
    await client.close();
  });

  it('result tools: every content type, structured output valid and not, and big payloads of the asked size', async () => {
    const { client, pushes } = await connect();
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'structured_report')?.outputSchema?.properties).toHaveProperty('score');
    const done = async (name: string, args: Record<string, unknown>) => {
      const task = await startTask(client, name, args);
      await until(() => pushes.some((p) => p.taskId === task.taskId && p.status === 'completed'));
      return client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema);
    };
    const mixed = await done('mixed_content', { seconds: 0 });
    expect(new Set(mixed.content.map((b) => b.type))).toEqual(new Set(['text', 'image', 'audio', 'resource_link', 'resource']));
    const invalid = await done('structured_report', { valid: false });
    expect(invalid.structuredContent).toMatchObject({ score: 140 });
    const big = await done('big_payload', { size_mb: 2, shape: 'text' });
    expect(JSON.stringify(big).length).toBeGreaterThan(2e6);
    await client.close();
  });

  it('refuses requests whose Host is not a loopback name (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const url = new URL(server.mcpUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: '/mcp',
          method: 'POST',
          headers: { Host: 'evil.example', 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(421);
  });

  it('answers CORS preflights for its own origin only: another local dev server is another origin', async () => {
    const own = `http://localhost:${new URL(server.mcpUrl).port}`;
    const ok = await fetch(server.mcpUrl, {
      method: 'OPTIONS',
      headers: { Origin: own, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'mcp-session-id, x-api-key' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(own);
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Mcp-Session-Id.*Mcp-Protocol-Version.*Last-Event-ID.*x-api-key/);
    for (const origin of ['https://evil.example', 'http://localhost:5173', 'http://127.0.0.1:1']) {
      const bad = await fetch(server.mcpUrl, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
      expect(bad.status).toBe(403);
    }
  });

  it('refuses a page from another site even when its browser sends no Origin (a GET of /sse)', async () => {
    const crossSite = await fetch(server.sseUrl, { headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' } });
    expect(crossSite.status).toBe(403);
    await crossSite.body?.cancel();
    const sameSite = await fetch(server.mcpUrl, { headers: { 'Sec-Fetch-Site': 'same-site' } });
    expect(sameSite.status).toBe(403);
    await sameSite.body?.cancel();
    // Other MCP clients (no browser headers) are not affected.
    const controller = new AbortController();
    const plain = await fetch(server.sseUrl, { signal: controller.signal });
    expect(plain.status).toBe(200);
    controller.abort();
  });
});

describe('demo server without tasks/list', () => {
  it('declares tasks without list, answers tasks/list -32601, and still runs and gets tasks', async () => {
    const unlisted = await startServer({
      port: 0,
      host: '127.0.0.1',
      app: 'none',
      root: process.cwd(),
      allowOrigins: [],
      features: { taskList: false },
    });
    const client = new Client({ name: 'test', version: '1' }, { capabilities: { tasks: { list: {}, cancel: {} } } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(unlisted.mcpUrl)));
      expect(client.getServerCapabilities()?.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
      const created = await client.request(
        { method: 'tools/call', params: { name: 'countdown', arguments: { seconds: 0, steps: 1 }, task: {} } },
        CreateTaskResultSchema,
      );
      const got = await client.request({ method: 'tasks/get', params: { taskId: created.task.taskId } }, GetTaskResultSchema);
      expect(got.taskId).toBe(created.task.taskId);
      await expect(client.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema)).rejects.toMatchObject({ code: -32601 });
    } finally {
      await client.close();
      await unlisted.close();
    }
  });
});
