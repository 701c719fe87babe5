/**
 * A deliberately broken MCP server for fault tests, written by hand (no SDK) so it can break the protocol:
 * wrong result shapes, non-JSON and non-JSON-RPC frames, megabyte strings, status regressions, duplicate and
 * out-of-order pushes, pushes for unknown tasks, invalid timestamps, absurd TTLs, a 10,000-task page,
 * cursors that never end and 90-second responses. Each misbehaviour is a tool; calling it as a task sets it off. Loopback only.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: unknown;
  pollInterval?: number;
}

/**
 * How long slow_responses takes to answer. Longer than the fault test can take to reach its check on 2 busy cores
 * (it saw the answer already there twice with 30 s), so the check sees the request still hanging.
 */
const SLOW_MS = 90_000;

export const MISBEHAVIOURS = {
  wrong_result_shape: 'completes, then tasks/result answers with content that is not an array',
  garbage_frames: 'sends non-JSON, non-JSON-RPC and array frames on the notification stream, then completes',
  megabyte_strings: 'a 1 MB statusMessage and a result of two 1 MB strings',
  status_regression: 'pushes completed, then working again with a newer timestamp',
  out_of_order: 'pushes step 3, then an older step 1, then step 3 twice, then completed',
  unknown_task_push: 'pushes a status for a task that was never created',
  bad_timestamps: 'pushes a task whose createdAt and lastUpdatedAt are not dates',
  absurd_ttl: 'creates tasks with ttl -5 and 1e20',
  big_page: 'makes tasks/list answer with 10,000 more tasks in one page',
  slow_responses: `its tasks/get and tasks/result take ${SLOW_MS / 1000} s to answer`,
  endless_pages: 'makes tasks/list hand out a new cursor on every page, with nothing on the pages after the first',
  hostile_markdown: 'a result of markdown that is slow to parse, nested too deep to draw, with a remote image, and 40,000 list lines',
  catastrophic_pattern: 'an outputSchema whose pattern backtracks catastrophically on its structuredContent',
  partly_invalid_blocks: 'a result whose content mixes valid blocks with a bad image, an unknown type and a text block without text',
  echo_credentials: 'a result that echoes the Authorization and X-Api-Key headers it was called with: in text, as a key, in structuredContent',
} as const;

/** Output schemas of the misbehaving tools that declare one. */
const OUTPUT_SCHEMAS: Partial<Record<Misbehaviour, unknown>> = {
  catastrophic_pattern: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } }, required: ['word'] },
};
type Misbehaviour = keyof typeof MISBEHAVIOURS;

const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

export interface MisbehavingServer {
  url: string;
  close: () => Promise<void>;
}

export async function startMisbehavingServer(port = 0): Promise<MisbehavingServer> {
  const tasks = new Map<string, { task: FakeTask; result: unknown; slow: boolean }>();
  const streams = new Set<ServerResponse>();
  let bigPage = false;
  /** The credentials of the latest request, for echo_credentials. */
  let credentials = { authorization: '', apiKey: '' };
  let endlessPages = false;
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
  const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

  function create(kind: Misbehaviour): FakeTask {
    const task: FakeTask = { taskId: `${kind}-${randomUUID().slice(0, 8)}`, status: 'working', statusMessage: MISBEHAVIOURS[kind], createdAt: iso(), lastUpdatedAt: iso(), ttl: 600_000, pollInterval: 1000 };
    const record = { task, result: text(`${kind} done`) as unknown, slow: kind === 'slow_responses' };
    tasks.set(task.taskId, record);
    const update = (patch: Partial<FakeTask>, offsetMs = 0) => {
      record.task = { ...record.task, ...patch, lastUpdatedAt: iso(offsetMs) };
      push(record.task);
    };
    switch (kind) {
      case 'wrong_result_shape':
        record.result = { content: 'not an array', weird: true };
        later(200, () => update({ status: 'completed' }));
        break;
      case 'garbage_frames':
        later(200, () => {
          frame('this is not json');
          frame('{"hello": "not json-rpc"}');
          frame('[1, 2, 3]');
          frame('{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"nothing":"useful"}}');
          update({ status: 'completed', statusMessage: 'completed after garbage' });
        });
        break;
      case 'hostile_markdown':
        record.result = {
          content: [
            { type: 'text', text: 'Before the hostile blocks.' },
            { type: 'resource', resource: { uri: 'mem://slow.md', mimeType: 'text/markdown', text: '*a'.repeat(32_000) } },
            { type: 'resource', resource: { uri: 'mem://deep.md', mimeType: 'text/markdown', text: `${'>'.repeat(300)} deep` } },
            { type: 'resource', resource: { uri: 'mem://image.md', mimeType: 'text/markdown', text: '# Tracked\n\n![pixel](https://tracker.invalid/pixel.png)' } },
            { type: 'text', text: '- \n'.repeat(40_000) },
            { type: 'text', text: 'After the hostile blocks.' },
          ],
        };
        later(200, () => update({ status: 'completed' }));
        break;
      case 'catastrophic_pattern':
        record.result = { content: [{ type: 'text', text: 'a word' }], structuredContent: { word: `${'a'.repeat(40)}!` } };
        later(200, () => update({ status: 'completed' }));
        break;
      case 'echo_credentials': {
        const token = credentials.authorization.replace(/^Bearer\s+/i, '');
        record.result = {
          content: [{ type: 'text', text: `You called me with ${credentials.authorization} and key ${credentials.apiKey}` }],
          structuredContent: { token, [token || 'none']: 'the token as a key', apiKey: credentials.apiKey },
        };
        later(200, () => update({ status: 'completed' }));
        break;
      }
      case 'partly_invalid_blocks':
        record.result = {
          content: [
            { type: 'text', text: 'first valid block' },
            { type: 'image', mimeType: 'image/png', data: 'not base64 at all!' },
            { type: 'hologram', data: 'unknown block type' },
            { type: 'text' },
            { type: 'text', text: 'last valid block' },
          ],
        };
        later(200, () => update({ status: 'completed' }));
        break;
      case 'megabyte_strings':
        record.result = text('y'.repeat(1_000_000) + 'z'.repeat(1_000_000));
        later(200, () => update({ status: 'completed', statusMessage: 'x'.repeat(1_000_000) }));
        break;
      case 'status_regression':
        later(200, () => update({ status: 'completed', statusMessage: 'done' }));
        later(400, () => update({ status: 'working', statusMessage: 'working again?!' }, 1000));
        break;
      case 'out_of_order': {
        later(200, () => {
          const base = record.task;
          push({ ...base, statusMessage: 'step 3', lastUpdatedAt: iso(3000) });
          push({ ...base, statusMessage: 'step 1', lastUpdatedAt: iso(1000) });
          push({ ...base, statusMessage: 'step 3', lastUpdatedAt: iso(3000) });
          record.task = { ...base, status: 'completed', statusMessage: 'step 4: done', lastUpdatedAt: iso(4000) };
          push(record.task);
        });
        break;
      }
      case 'unknown_task_push':
        later(200, () => {
          push({ taskId: `ghost-${randomUUID().slice(0, 8)}`, status: 'working', statusMessage: 'I was never created', createdAt: iso(-3_600_000), lastUpdatedAt: iso(), ttl: null });
          update({ status: 'completed' });
        });
        break;
      case 'bad_timestamps':
        later(200, () => update({ status: 'completed', createdAt: 'yesterday-ish', statusMessage: 'bad dates' }));
        later(250, () => {
          record.task = { ...record.task, lastUpdatedAt: 'not a date' };
          push(record.task);
        });
        break;
      case 'absurd_ttl': {
        record.task.ttl = -5;
        const twin: FakeTask = { ...record.task, taskId: `${record.task.taskId}-huge`, ttl: 1e20 };
        tasks.set(twin.taskId, { task: twin, result: text('huge ttl'), slow: false });
        later(200, () => {
          push(twin);
          update({ status: 'completed' });
        });
        break;
      }
      case 'big_page':
        bigPage = true;
        later(200, () => update({ status: 'completed', statusMessage: 'tasks/list now returns 10,000 more' }));
        break;
      case 'slow_responses':
        later(200, () => update({ status: 'completed', statusMessage: 'done; its answers are slow' }));
        break;
      case 'endless_pages':
        endlessPages = true;
        later(200, () => update({ status: 'completed', statusMessage: 'tasks/list now pages forever' }));
        break;
    }
    return task;
  }

  function listAll(): FakeTask[] {
    const real = [...tasks.values()].map((r) => r.task);
    if (!bigPage) return real;
    const created = iso(-60_000);
    const fake = Array.from({ length: 10_000 }, (_, i) => ({ taskId: `bulk-${String(i).padStart(5, '0')}`, status: i % 7 === 0 ? 'failed' : 'completed', createdAt: created, lastUpdatedAt: created, ttl: null }));
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
        return { result: { task: create(name) } };
      }
      case 'tasks/get': {
        const r = taskOf();
        if (!r) return err(-32602, 'Task not found');
        if (r.slow) await new Promise((resolve) => later(SLOW_MS, () => resolve(undefined)));
        return { result: r.task };
      }
      case 'tasks/list':
        if (!endlessPages) return { result: { tasks: listAll() } };
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
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST, DELETE', 'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, X-Api-Key, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID' }).end();
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
    credentials = { authorization: req.headers.authorization ?? '', apiKey: String(req.headers['x-api-key'] ?? '') };
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
