import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { applyCors } from './cors.js';
import { createDemoState } from './mcp-server.js';
import { StreamableHttpEndpoint } from './mcp-http.js';
import { serveStatic } from './static.js';

export interface ServerOptions {
  port: number;
  host: string;
  /** 'dist' serves the built app, 'dev' mounts Vite with hot reload, 'none' serves only MCP. */
  app: 'dist' | 'dev' | 'none';
  root: string;
  allowOrigins: readonly string[];
}

export interface RunningServer {
  origin: string;
  mcpUrl: string;
  /** The deep link that opens the dashboard connected to this server. */
  dashboardUrl: string;
  close(): Promise<void>;
}

export function dashboardLink(origin: string, mcpUrl: string): string {
  const params = new URLSearchParams({ server: mcpUrl, transport: 'streamable-http' });
  return `${origin}/?${params.toString()}`;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const state = createDemoState();
  const streamable = new StreamableHttpEndpoint(state);
  let appHandler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let closeApp = async (): Promise<void> => {};

  const httpServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/mcp') {
      if (applyCors(req, res, options.allowOrigins)) return;
      streamable.handle(req, res).catch((error: unknown) => {
        console.error('MCP request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end();
      });
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, sessions: streamable.sessionCount }));
      return;
    }
    if (appHandler) {
      appHandler(req, res);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('This server only serves MCP at /mcp');
  });

  if (options.app === 'dist') {
    const dist = join(options.root, 'dist');
    appHandler = (req, res) => {
      serveStatic(dist, req, res).catch(() => res.writeHead(500).end());
    };
  } else if (options.app === 'dev') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      root: options.root,
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server: httpServer } },
    });
    appHandler = (req, res) => vite.middlewares(req, res);
    closeApp = () => vite.close();
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const origin = `http://${host}:${port}`;
  const mcpUrl = `${origin}/mcp`;
  return {
    origin,
    mcpUrl,
    dashboardUrl: dashboardLink(origin, mcpUrl),
    async close() {
      await streamable.closeAll();
      await closeApp();
      state.taskStore.cleanup();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
