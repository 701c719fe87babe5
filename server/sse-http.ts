import type { IncomingMessage, ServerResponse } from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createDemoMcpServer, type DemoState } from './mcp-server.js';
import { jsonRpcError, readMessageBody } from './mcp-http.js';

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
    const read = await readMessageBody(req, res, this.state);
    if (read) await transport.handlePostMessage(req, res, read.body);
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((t) => t.close()));
  }
}
