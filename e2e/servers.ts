import { createServer as createHttpServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { e2eOrigin } from '../playwright.config';
import { startServer, type RunningServer, type ServerOptions } from '../server/app';

/** Starts an extra demo MCP server (MCP only, loopback, a free port unless given) for one test. The dashboard under
 * test is on another origin (another port), which the server accepts only when told to, as a user would. */
export function startDemo(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [e2eOrigin], ...options });
}

export interface LoopbackServer {
  /** Where an MCP client would be pointed (the path is not looked at). */
  url: string;
  close: () => Promise<void>;
}

/** A plain HTTP server on a free loopback port. */
async function startLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const server: Server = createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback HTTP server that answers every request with JSON but no CORS headers. */
export function startServerWithoutCors(): Promise<LoopbackServer> {
  return startLoopback((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
}

export interface RecordingServer extends LoopbackServer {
  /** The headers of every request so far, preflights included. */
  seen: IncomingHttpHeaders[];
}

/** A loopback server on its own origin that lets any page call it, records the headers of every request, and is not
 * an MCP server (every non-preflight request gets a 404). */
export async function startRecorder(): Promise<RecordingServer> {
  const seen: IncomingHttpHeaders[] = [];
  const server = await startLoopback((req, res) => {
    seen.push(req.headers);
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end();
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not an MCP server');
  });
  return { ...server, seen };
}
