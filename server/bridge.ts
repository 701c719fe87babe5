import { spawn as nodeSpawn } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeSpec, SERVER_NAME, splitCommandLine, type StdioSpec } from './bridge-config.js';
import { forwardRequest, refuse } from './bridge-forward.js';
import { LOOPBACK_NAMES, LOOPBACK_PEERS } from './loopback.js';
import { readBody, StdioProcess, type SpawnFn } from './bridge-stdio.js';

/**
 * The local bridge: the `npm start` server starts stdio MCP servers and forwards requests to HTTP servers that send
 * no CORS headers, for its own dashboard only. It is a process launcher on the user's machine, so every request must
 *  - come over loopback, to a server listening on loopback;
 *  - carry a Host that is this server's loopback name and port (a rebound DNS name is refused);
 *  - carry no Origin but this server's own, and no Sec-Fetch-Site but same-origin;
 *  - carry the per-start token in the X-Taskdeck-Bridge header. The page fetches the token from /bridge/token, which
 *    answers only a same-origin fetch (Sec-Fetch-Site: same-origin, checked): another origin's page cannot read it
 *    (no CORS headers are ever sent here, and a preflight is refused), and a custom header cannot be sent
 *    cross-origin without a preflight. The page keeps it in memory only: never in a URL, storage or the protocol log.
 * A cookie would not do: cookies ignore ports, so every other local server (127.0.0.1:5173…) would be sent it, and
 * SameSite=Strict counts all of them as the same site.
 */
const BRIDGE_HEADER = 'x-taskdeck-bridge';

export interface BridgeOptions {
  /** Servers configured on the command line (`--server name=…`, `--config mcp.json`): the only ones a link may name. */
  servers?: ReadonlyMap<string, StdioSpec>;
  /** Whether the page may start a command typed into it (default true; still needs the token). */
  allowCommands?: boolean;
  /** For tests: how processes are started. */
  spawn?: SpawnFn;
  /** For tests: how long a process no page follows lives on (default 15 s). */
  orphanGraceMs?: number;
}

export interface Bridge {
  /** Answers a request under /bridge/. */
  handle(req: IncomingMessage, res: ServerResponse, ownPort: number): void;
  /** Stops every process it started. */
  close(): Promise<void>;
}

const MAX_PROCESSES = 16;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(body));
}

/** On the bridge's own 401: the token sent is not this start's token. */
const TOKEN_REFUSED_HEADER = 'X-Taskdeck-Bridge-Refused';

/** Why a request may not use the bridge at all (before any token is looked at), or undefined. */
function outsideRefusal(req: IncomingMessage, ownPort: number): string | undefined {
  if (!LOOPBACK_PEERS.has(req.socket.remoteAddress ?? '')) return 'The bridge answers only this machine.';
  const own = [...LOOPBACK_NAMES].map((name) => `${name}:${ownPort}`);
  if (!own.includes(req.headers.host ?? '')) return `Host ${req.headers.host ?? '(none)'} is not this server (DNS-rebinding protection).`;
  const origin = req.headers.origin;
  if (origin !== undefined && !own.map((h) => `http://${h}`).includes(origin)) return `Origin ${origin} may not use the bridge.`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return 'Only the dashboard itself may use the bridge.';
  if (req.method === 'OPTIONS') return 'The bridge answers no preflight: only the dashboard itself may use it.';
  return undefined;
}

export function createBridge(options: BridgeOptions = {}): Bridge {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  const servers = options.servers ?? new Map<string, StdioSpec>();
  const spawn: SpawnFn = options.spawn ?? nodeSpawn;
  const processes = new Map<string, StdioProcess>();

  const tokenMatches = (req: IncomingMessage) => {
    const given = Buffer.from(String(req.headers[BRIDGE_HEADER] ?? ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const launch = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req, 256 * 1024);
    let asked: { name?: unknown; commandLine?: unknown; cwd?: unknown; env?: unknown };
    try {
      asked = JSON.parse(body?.toString('utf8') ?? '') as typeof asked;
      if (typeof asked !== 'object' || asked === null) throw new Error('not an object');
    } catch {
      refuse(res, 400, 'Send {"name": "<configured server>"} or {"commandLine", "cwd", "env"}.');
      return;
    }
    let spec: StdioSpec;
    if (asked.name !== undefined) {
      const found = typeof asked.name === 'string' && SERVER_NAME.test(asked.name) ? servers.get(asked.name) : undefined;
      if (!found) {
        const names = [...servers.keys()].join(', ') || 'none';
        refuse(res, 404, `No server named ${JSON.stringify(asked.name)} is configured on the npm start side (configured: ${names}).`);
        return;
      }
      spec = found;
    } else {
      if (options.allowCommands === false) {
        refuse(res, 403, 'This bridge runs only the servers configured with --server or --config.');
        return;
      }
      const { commandLine, cwd, env = {} } = asked;
      const envOk =
        typeof env === 'object' && env !== null && !Array.isArray(env) && Object.values(env).every((v) => typeof v === 'string');
      let words: string[];
      try {
        words = typeof commandLine === 'string' ? splitCommandLine(commandLine) : [];
      } catch (error) {
        refuse(res, 400, (error as Error).message);
        return;
      }
      const [command, ...args] = words;
      if (command === undefined || !command || (cwd !== undefined && typeof cwd !== 'string') || !envOk) {
        refuse(res, 400, 'commandLine must name a command; cwd must be a string, env a map of strings.');
        return;
      }
      spec = { command, args, ...(cwd && { cwd }), env: env as Record<string, string> };
    }
    if ([...processes.values()].filter((p) => p.running).length >= MAX_PROCESSES) {
      refuse(res, 429, `The bridge already runs ${MAX_PROCESSES} processes: disconnect one first.`);
      return;
    }
    let started: StdioProcess;
    try {
      started = new StdioProcess(spec, spawn, (gone) => processes.delete(gone.id), options.orphanGraceMs);
    } catch (error) {
      refuse(res, 502, `Could not start ${describeSpec(spec)}: ${(error as Error).message}`);
      return;
    }
    processes.set(started.id, started);
    sendJson(res, 201, { id: started.id, command: started.command });
  };

  const route = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/bridge/servers' && req.method === 'GET') {
      sendJson(res, 200, { servers: [...servers].map(([name, spec]) => ({ name, command: describeSpec(spec) })) });
      return;
    }
    if (path === '/bridge/stdio' && req.method === 'POST') return launch(req, res);
    if (path === '/bridge/forward') return forwardRequest(req, res);
    const match = /^\/bridge\/stdio\/([0-9a-f-]{36})(\/events)?$/.exec(path);
    const proc = match?.[1] !== undefined ? processes.get(match[1]) : undefined;
    if (!proc) {
      refuse(res, 404, 'No such bridge process (it exited, or was stopped).');
      return;
    }
    if (match?.[2]) {
      if (req.method === 'GET') proc.streamEvents(res);
      else refuse(res, 405, 'GET');
      return;
    }
    await proc.handle(req, res);
  };

  return {
    handle(req, res, ownPort) {
      const refusal = outsideRefusal(req, ownPort);
      if (refusal) {
        refuse(res, refusal.startsWith('Host') ? 421 : 403, refusal);
        return;
      }
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/bridge/token') {
        // Only a fetch from the dashboard's own pages: a browser always says so (Fetch Metadata), another page cannot.
        if (req.method !== 'GET' || req.headers['sec-fetch-site'] !== 'same-origin') {
          refuse(res, 403, 'The bridge token is only for the dashboard served here.');
          return;
        }
        sendJson(res, 200, { token });
        return;
      }
      if (!tokenMatches(req)) {
        // Said in a header a forwarded server's answer cannot carry (only MCP headers come back through the bridge):
        // the page then asks for the token again, as after a restart of npm start, which makes a new one.
        res.setHeader(TOKEN_REFUSED_HEADER, 'token');
        refuse(res, 401, 'The bridge needs its token (X-Taskdeck-Bridge), which only the dashboard served here can read.');
        return;
      }
      route(req, res, path).catch((error: unknown) => {
        console.error('Bridge request failed:', (error as Error).message);
        if (!res.headersSent) refuse(res, 500, 'The bridge failed on this request.');
        else res.end();
      });
    },
    async close() {
      await Promise.all([...processes.values()].map((p) => p.stop()));
      processes.clear();
    },
  };
}
