import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createDemoMcpServer, recordMethods, type DemoState } from './mcp-server.js';
import { RingEventStore } from './event-store.js';

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function jsonRpcError(res: ServerResponse, httpStatus: number, code: number, message: string): void {
  res.writeHead(httpStatus, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
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
    jsonRpcError(res, 400, -32700, `Parse error: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** Streamable HTTP at one path, one transport and one McpServer per session. */
export class StreamableHttpEndpoint {
  private readonly sessions = new Map<string, StreamableHTTPServerTransport>();

  constructor(private readonly state: DemoState) {}

  get sessionCount(): number {
    return this.sessions.size;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readMessageBody(req, res, this.state);
      if (!read) return;
      body = read.body;
    }
    const existing = sessionId ? this.sessions.get(sessionId) : undefined;
    if (existing && req.method === 'GET' && req.headers['last-event-id']) this.state.resumedStreams++;
    if (existing) {
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
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new RingEventStore(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    const server = createDemoMcpServer(this.state);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    if (!transport.sessionId) await transport.close();
  }

  /** Closes every session's GET notification stream but keeps the sessions: clients should resume. */
  dropNotificationStreams(): void {
    for (const transport of this.sessions.values()) transport.closeStandaloneSSEStream();
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((t) => t.close()));
  }
}
