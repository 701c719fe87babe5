import type { IncomingMessage, ServerResponse } from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createDemoMcpServer, recordMethods, type DemoState } from './mcp-server.js';
import { jsonRpcError, readJson } from './mcp-http.js';

/** Legacy HTTP+SSE: `GET <ssePath>` opens the stream and announces `<messagePath>?sessionId=…` for POSTs. */
export class SseEndpoint {
  private readonly sessions = new Map<string, SSEServerTransport>();

  constructor(
    private readonly state: DemoState,
    readonly messagePath: string,
  ) {}

  get sessionCount(): number {
    return this.sessions.size;
  }

  async openStream(_req: IncomingMessage, res: ServerResponse): Promise<void> {
    const transport = new SSEServerTransport(this.messagePath, res);
    this.sessions.set(transport.sessionId, transport);
    transport.onclose = () => this.sessions.delete(transport.sessionId);
    const server = createDemoMcpServer(this.state);
    await server.connect(transport);
  }

  async postMessage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
    const transport = this.sessions.get(sessionId);
    if (!transport) {
      jsonRpcError(res, 404, -32001, 'Unknown SSE session: open the stream again');
      return;
    }
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      jsonRpcError(res, 400, -32700, `Parse error: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    recordMethods(this.state, body);
    await transport.handlePostMessage(req, res, body);
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((t) => t.close()));
  }
}
