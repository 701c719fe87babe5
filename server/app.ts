import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { rejectUnauthorized } from './auth.js';
import { createBridge, type BridgeOptions } from './bridge.js';
import { createAuthorizationServer, type DemoAuthorizationServer, type OAuthOptions } from './oauth.js';
import { applyCors, isAllowedHost, unsafeBinding } from './cors.js';
import { createDemoState, type DemoFeatures, type DemoState } from './mcp-server.js';
import { readMessageBody, StreamableHttpEndpoint } from './mcp-http.js';
import { isModernRequest, ModernEndpoint } from './modern-http.js';
import { isLoopbackListenHost } from './loopback.js';
import { SseEndpoint } from './sse-http.js';
import { devCsp, serveStatic } from './static.js';

export interface ServerOptions {
  port: number;
  host: string;
  /** 'dist' serves the built app, 'dev' mounts Vite with hot reload, 'none' serves only MCP. */
  app: 'dist' | 'dev' | 'none';
  root: string;
  allowOrigins: readonly string[];
  /**
   * Which MCP transports to serve: Streamable HTTP at /mcp (MCP 2025-11-25 by initialize, and MCP 2026-07-28 with
   * the tasks extension by per-request _meta; /mcp-2026 serves only the latter), legacy SSE at /sse + /messages.
   * Default both.
   */
  transports?: ReadonlyArray<'streamable-http' | 'sse'>;
  /** Require `Authorization: Bearer <token>` on every MCP request. */
  token?: string;
  /** Protect the MCP endpoints with OAuth: an authorization server of the demo's own on the same origin. */
  oauth?: OAuthOptions;
  features?: Partial<DemoFeatures>;
  /** Extra Host header values to accept (DNS-rebinding protection allows only loopback names by default). */
  allowHosts?: readonly string[];
  /** Reuse this state (tasks, results) instead of a fresh one: a restart that keeps its tasks. Not cleaned on close. */
  state?: DemoState;
  /** The local bridge under /bridge/ (stdio servers, servers without CORS): only on a loopback server (bridge.ts). */
  bridge?: BridgeOptions;
}

export interface RunningServer {
  origin: string;
  mcpUrl: string;
  /** The MCP 2026-07-28 endpoint (stateless, tasks as the io.modelcontextprotocol/tasks extension). */
  modernUrl: string;
  sseUrl: string;
  state: DemoState;
  /** The authorization server, with --oauth. */
  oauth: DemoAuthorizationServer | undefined;
  /** The deep link that opens the dashboard connected to this server. */
  dashboardUrl: string;
  /** Fault injection for tests: drop every GET notification stream, keeping the sessions. */
  dropNotificationStreams(): void;
  /** Streamable HTTP sessions and the events their stores hold (for soak tests). */
  streamableStats(): { sessions: number; streams: number; events: number };
  close(): Promise<void>;
}

function dashboardLink(origin: string, mcpUrl: string, transport = 'streamable-http'): string {
  const params = new URLSearchParams({ server: mcpUrl, transport });
  return `${origin}/?${params.toString()}`;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const refusal = unsafeBinding(options.host, options.token);
  if (refusal) throw new Error(refusal);
  /** The port this server listens on: its own origin is the one browser origin allowed by default. */
  let listeningPort = options.port;
  const state = options.state ?? createDemoState({ tasks: true, taskScope: 'shared', dialect: 'spec', ...options.features });
  const transports = options.transports ?? ['streamable-http', 'sse'];
  const streamable = transports.includes('streamable-http') ? new StreamableHttpEndpoint(state) : undefined;
  const modern = transports.includes('streamable-http') ? new ModernEndpoint(state) : undefined;
  const sse = transports.includes('sse') ? new SseEndpoint(state, '/messages') : undefined;
  const fail = (res: ServerResponse) => (error: unknown) => {
    console.error('MCP request failed:', error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end();
  };
  /** CORS and auth for an MCP path; true when the request was answered already. */
  const guard = (req: IncomingMessage, res: ServerResponse) =>
    applyCors(req, res, options.allowOrigins, listeningPort) ||
    (oauth ? oauth.rejectUnauthorized(req, res) : rejectUnauthorized(req, res, options.token));
  let oauth: DemoAuthorizationServer | undefined;
  if (options.bridge && !isLoopbackListenHost(options.host)) {
    throw new Error('The local bridge runs only on a server listening on loopback (127.0.0.1).');
  }
  const bridge = options.bridge ? createBridge(options.bridge) : undefined;
  let appHandler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let closeApp = async (): Promise<void> => {};

  const httpServer = createServer((req, res) => {
    if (!isAllowedHost(req.headers.host, options.allowHosts ?? [])) {
      res
        .writeHead(421, { 'Content-Type': 'text/plain' })
        .end(`Host ${req.headers.host ?? '(none)'} is not allowed (DNS-rebinding protection). Start with --allow-host.`);
      return;
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (oauth?.handles(path)) {
      // /authorize is a page the browser navigates to; the rest are fetched by the dashboard (CORS).
      if (path === '/authorize' || !applyCors(req, res, options.allowOrigins, listeningPort)) oauth.handle(req, res);
      return;
    }
    if (path === '/mcp' && streamable) {
      if (guard(req, res)) return;
      // Dual-era: a POST that opens no session and names 2026-07-28 goes to the modern endpoint, the rest to the SDK.
      if (modern && req.method === 'POST' && req.headers['mcp-session-id'] === undefined) {
        readMessageBody(req, res, state)
          .then((read) => read && (isModernRequest(req, read.body) ? modern.handle(req, res, read) : streamable.handle(req, res, read)))
          .catch(fail(res));
        return;
      }
      streamable.handle(req, res).catch(fail(res));
      return;
    }
    if (path === '/mcp-2026' && modern) {
      if (!guard(req, res)) modern.handle(req, res).catch(fail(res));
      return;
    }
    if (path === '/sse' && sse) {
      if (guard(req, res)) return;
      if (req.method === 'GET') sse.openStream(req, res).catch(fail(res));
      else res.writeHead(405, { Allow: 'GET', 'Content-Type': 'text/plain' }).end('Legacy SSE: GET this path to open the stream');
      return;
    }
    if (path === '/messages' && sse) {
      if (!guard(req, res)) sse.postMessage(req, res).catch(fail(res));
      return;
    }
    if (bridge && path.startsWith('/bridge/')) {
      bridge.handle(req, res, listeningPort);
      return;
    }
    if (path === '/healthz') {
      const sessions = (streamable?.sessionCount ?? 0) + (sse?.sessionCount ?? 0);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, sessions }));
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
    // The dev server gets a CSP too: Vite marks the scripts and styles it injects with this nonce.
    const nonce = randomBytes(18).toString('base64');
    const vite = await createVite({
      root: options.root,
      appType: 'spa',
      html: { cspNonce: nonce },
      server: { middlewareMode: true, hmr: { server: httpServer } },
    });
    const csp = devCsp(nonce);
    appHandler = (req, res) => {
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      vite.middlewares(req, res);
    };
    closeApp = () => vite.close();
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  listeningPort = port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const origin = `http://${host}:${port}`;
  const mcpUrl = `${origin}/mcp`;
  const sseUrl = `${origin}/sse`;
  if (options.oauth) oauth = createAuthorizationServer(origin, options.oauth);
  return {
    origin,
    mcpUrl,
    modernUrl: `${origin}/mcp-2026`,
    sseUrl,
    state,
    oauth,
    dashboardUrl: streamable ? dashboardLink(origin, mcpUrl) : dashboardLink(origin, sseUrl, 'sse'),
    dropNotificationStreams: () => streamable?.dropNotificationStreams(),
    streamableStats: () => streamable?.stats() ?? { sessions: 0, streams: 0, events: 0 },
    async close() {
      await streamable?.closeAll();
      modern?.closeAll();
      await sse?.closeAll();
      await bridge?.close();
      await closeApp();
      if (!options.state) {
        state.taskStore.cleanup();
        state.seedTasks.cleanup();
        state.modernTasks.cleanup();
      }
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
