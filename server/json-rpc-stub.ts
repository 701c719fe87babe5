/**
 * A loopback HTTP server that answers JSON-RPC POSTs with whatever a test scripts: for protocol tests that need a
 * server breaking a rule the demo server keeps (a wrong field, a cut stream, a proxy's error page).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  id: number;
  method: string;
  params: Record<string, unknown>;
}

export interface JsonRpcStub {
  /** The stub's `/mcp` URL (the path is not checked). */
  url: URL;
  close(): Promise<void>;
}

function readRequest(req: IncomingMessage): Promise<StubRequest> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString()) as StubRequest));
  });
}

/** Starts the stub on 127.0.0.1 (a free port); `answer` gets each request's parsed body and writes the response. */
export async function startJsonRpcStub(
  answer: (message: StubRequest, res: ServerResponse, req: IncomingMessage) => void | Promise<void>,
): Promise<JsonRpcStub> {
  const server = createServer((req, res) => {
    readRequest(req)
      .then((message) => answer(message, res, req))
      .catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
