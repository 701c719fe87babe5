import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createDemoMcpServer, recordMethods, type DemoState } from './mcp-server.js';
import { RingEventStore } from './event-store.js';
import { messageOf } from '../src/lib/errors';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function jsonRpcError(res: ServerResponse, httpStatus: number, code: number, message: string): void {
  res.writeHead(httpStatus, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Reads a POSTed JSON-RPC body and records its methods; answers -32700 and resolves to undefined when it is not JSON. */
export async function readMessageBody(req: IncomingMessage, res: ServerResponse, state: DemoState): Promise<{ body: unknown } | undefined> {
  try {
    const body = await readJson(req);
    recordMethods(state, body);
    return { body };
  } catch (error) {
    jsonRpcError(res, 400, -32700, `Parse error: ${messageOf(error)}`);
    return undefined;
  }
}

/** Sessions kept at once: past it the one used longest ago is closed (its client re-initializes if it comes back). */
export const MAX_SESSIONS = 64;
/** A session with no request for this long is closed. */
const SESSION_IDLE_MS = 60 * 60_000;

/** Streamable HTTP at one path, one transport and one McpServer per session. */
export class StreamableHttpEndpoint {
  /** Sessions by id, the one used longest ago first. */
  private readonly sessions = new Map<string, { transport: StreamableHTTPServerTransport; events: RingEventStore; lastUsed: number }>();
  private readonly reaper: NodeJS.Timeout;

  constructor(
    private readonly state: DemoState,
    private readonly now: () => number = Date.now,
  ) {
    this.reaper = setInterval(() => void this.reapIdle(), 60_000);
    this.reaper.unref();
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Sessions, and the events their stores hold: what a soak test watches. */
  stats(): { sessions: number; streams: number; events: number } {
    let streams = 0;
    let events = 0;
    for (const s of this.sessions.values()) {
      streams += s.events.streamCount;
      events += s.events.eventCount;
    }
    return { sessions: this.sessions.size, streams, events };
  }

  /** Closes the sessions idle for longer than SESSION_IDLE_MS. */
  async reapIdle(): Promise<void> {
    const cutoff = this.now() - SESSION_IDLE_MS;
    const idle = [...this.sessions.entries()].filter(([, s]) => s.lastUsed < cutoff);
    for (const [id] of idle) this.sessions.delete(id);
    await Promise.allSettled(idle.map(([, s]) => s.transport.close()));
  }

  private touch(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.lastUsed = this.now();
    this.sessions.set(id, session);
  }

  /** `read`: the POST body, when the caller has read it already. */
  async handle(req: IncomingMessage, res: ServerResponse, read?: { body: unknown }): Promise<void> {
    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    let body: unknown;
    if (req.method === 'POST') {
      read ??= await readMessageBody(req, res, this.state);
      if (!read) return;
      body = read.body;
    }
    const existing = sessionId ? this.sessions.get(sessionId)?.transport : undefined;
    if (existing && req.method === 'GET' && req.headers['last-event-id']) this.state.resumedStreams++;
    if (existing && sessionId) {
      this.touch(sessionId);
      await existing.handleRequest(req, res, body);
      return;
    }
    if (sessionId) {
      jsonRpcError(res, 404, -32001, 'Session not found: start a new session with initialize');
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      jsonRpcError(res, 400, -32000, 'Bad Request: no valid session ID provided');
      return;
    }
    const events = new RingEventStore();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: events,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, events, lastUsed: this.now() });
        for (const [oldId, oldest] of this.sessions) {
          if (this.sessions.size <= MAX_SESSIONS) break;
          this.sessions.delete(oldId);
          void oldest.transport.close();
        }
      },
    });
    transport.onclose = () => {
      if (transport.sessionId && this.sessions.get(transport.sessionId)?.transport === transport) this.sessions.delete(transport.sessionId);
    };
    const server = createDemoMcpServer(this.state);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    if (!transport.sessionId) await transport.close();
  }

  /** Closes every session's GET notification stream but keeps the sessions: clients should resume. */
  dropNotificationStreams(): void {
    for (const { transport } of this.sessions.values()) transport.closeStandaloneSSEStream();
  }

  async closeAll(): Promise<void> {
    clearInterval(this.reaper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((s) => s.transport.close()));
  }
}
