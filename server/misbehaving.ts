/**
 * A deliberately broken MCP server for fault tests, written by hand (no SDK) so it can break the protocol:
 * wrong result shapes, non-JSON and non-JSON-RPC frames, megabyte strings, status regressions, duplicate and
 * out-of-order pushes, pushes for unknown tasks, invalid timestamps, absurd TTLs, a 10,000-task page,
 * cursors that never end and 90-second responses. Each misbehaviour is a tool (misbehaviours.ts); calling it as a task sets it off. Loopback only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  iso,
  MISBEHAVIOURS,
  OUTPUT_SCHEMAS,
  setOff,
  SLOW_MS,
  type FakeTask,
  type Misbehaviour,
  type MisbehavingState,
} from './misbehaviours';

export interface MisbehavingServer {
  url: string;
  close: () => Promise<void>;
}

export async function startMisbehavingServer(port = 0): Promise<MisbehavingServer> {
  const state: MisbehavingState = { tasks: new Map(), bigPage: false, endlessPages: false, credentials: { authorization: '', apiKey: '' } };
  const { tasks } = state;
  const streams = new Set<ServerResponse>();
  let cursors = 0;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const frame = (data: string) => {
    for (const s of streams) s.write(`data: ${data}\n\n`);
  };
  const push = (task: FakeTask) => frame(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: task }));

  function listAll(): FakeTask[] {
    const real = [...tasks.values()].map((r) => r.task);
    if (!state.bigPage) return real;
    const created = iso(-60_000);
    const fake = Array.from({ length: 10_000 }, (_, i) => ({
      taskId: `bulk-${String(i).padStart(5, '0')}`,
      status: i % 7 === 0 ? 'failed' : 'completed',
      createdAt: created,
      lastUpdatedAt: created,
      ttl: null,
    }));
    return [...real, ...fake];
  }

  async function answer(message: { id?: unknown; method?: string; params?: Record<string, unknown> }): Promise<unknown> {
    const { method, params = {} } = message;
    const err = (code: number, text: string) => ({ error: { code, message: text } });
    const taskOf = () => tasks.get(String(params.taskId));
    switch (method) {
      case 'initialize':
        return {
          result: {
            protocolVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : '2025-11-25',
            capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
            serverInfo: { name: 'misbehaving', version: '0.0.1' },
          },
        };
      case 'ping':
        return { result: {} };
      case 'tools/list':
        return {
          result: {
            tools: Object.entries(MISBEHAVIOURS).map(([name, description]) => ({
              name,
              description,
              inputSchema: { type: 'object', properties: {} },
              ...(OUTPUT_SCHEMAS[name as Misbehaviour] !== undefined && { outputSchema: OUTPUT_SCHEMAS[name as Misbehaviour] }),
              execution: { taskSupport: 'optional' },
            })),
          },
        };
      case 'tools/call': {
        const name = String(params.name) as Misbehaviour;
        if (!(name in MISBEHAVIOURS)) return err(-32602, `Unknown tool ${name}`);
        return { result: { task: setOff(name, state, { later, frame, push }) } };
      }
      case 'tasks/get': {
        const r = taskOf();
        if (!r) return err(-32602, 'Task not found');
        if (r.slow) await new Promise((resolve) => later(SLOW_MS, () => resolve(undefined)));
        return { result: r.task };
      }
      case 'tasks/list':
        if (!state.endlessPages) return { result: { tasks: listAll() } };
        return { result: { tasks: params.cursor === undefined ? listAll() : [], nextCursor: `endless-${++cursors}` } };
      case 'tasks/cancel': {
        const r = taskOf();
        if (!r) return err(-32602, 'Task not found');
        r.task = { ...r.task, status: 'cancelled', lastUpdatedAt: iso() };
        return { result: r.task };
      }
      case 'tasks/result': {
        const r = taskOf();
        if (!r) return err(-32602, 'Task not found');
        if (r.slow) await new Promise((resolve) => later(SLOW_MS, () => resolve(undefined)));
        return { result: r.result };
      }
      default:
        return err(-32601, `Method not found: ${method}`);
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id');
    }
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST, DELETE',
          'Access-Control-Allow-Headers':
            'Content-Type, Accept, Authorization, X-Api-Key, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
        })
        .end();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(': open\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    if (req.method === 'DELETE') {
      res.writeHead(200).end();
      return;
    }
    state.credentials = { authorization: req.headers.authorization ?? '', apiKey: String(req.headers['x-api-key'] ?? '') };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let message: { id?: unknown; method?: string; params?: Record<string, unknown> };
      try {
        message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof message;
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (message.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      void answer(message).then((reply) => {
        if (res.destroyed) return;
        res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'misbehaving-session' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...(reply as object) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of streams) s.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
