import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { e2eOrigin } from '../playwright.config';
import { startServer, type RunningServer, type ServerOptions } from '../server/app';

/** Starts an extra demo MCP server (MCP only, loopback, a free port unless given) for one test. The dashboard under
 * test is on another origin (another port), which the server accepts only when told to, as a user would. */
export function startDemo(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [e2eOrigin], ...options });
}

/** A loopback HTTP server that answers every request with JSON but no CORS headers. */
export async function startServerWithoutCors(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
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
