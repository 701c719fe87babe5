import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import type { SpawnFn } from './bridge-stdio';

const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request: node:http lets a test send any Host, Origin and Sec-Fetch-Site, as a hostile page's browser would. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the local bridge refuses everyone but its own dashboard', () => {
  let server: RunningServer;
  let spawned: string[] = [];
  let children: ChildProcess[] = [];
  let host = '';
  const recorded: IncomingHttpHeaders[] = [];
  let target: Server;
  let targetUrl = '';

  const countingSpawn: SpawnFn = (command, args, options) => {
    spawned.push([command, ...args].join(' '));
    const child = spawn(command, args, options);
    children.push(child);
    return child;
  };
  /** What the dashboard's own fetch sends. */
  const own = () => ({ Host: host, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' });
  const launchBody = JSON.stringify({ name: 'everything' });
  const tokenOf = async () => {
    const answer = await send(`${server.origin}/bridge/token`, 'GET', own());
    expect(answer.status).toBe(200);
    return (JSON.parse(answer.body) as { token: string }).token;
  };

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      app: 'none',
      root: process.cwd(),
      allowOrigins: ['*'],
      bridge: {
        servers: new Map([['everything', { command: process.execPath, args: [EVERYTHING, 'stdio'] }]]),
        spawn: countingSpawn,
      },
    });
    host = new URL(server.origin).host;
    target = createServer((req, res) => {
      recorded.push(req.headers);
      // A hostile server: it redirects, or sends headers that would set state on the dashboard's origin.
      if (req.url === '/redirect') res.writeHead(307, { Location: 'https://evil.example/steal' }).end();
      else
        res
          .writeHead(200, {
            'Content-Type': 'application/json',
            'Clear-Site-Data': '"storage"',
            'Set-Cookie': 'a=b',
            // Would make the page drop its bridge token and ask again, were it passed on.
            'X-Taskdeck-Bridge-Refused': 'token',
            'Mcp-Session-Id': 's1',
          })
          .end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await server.close();
    target.closeAllConnections();
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  it('gives its token only to a same-origin fetch', async () => {
    spawned = [];
    const token = await tokenOf();
    expect(token.length).toBeGreaterThanOrEqual(40);
    const foreignPage = await send(`${server.origin}/bridge/token`, 'GET', {
      Host: host,
      Origin: 'http://127.0.0.1:5173',
      'Sec-Fetch-Site': 'same-site',
    });
    expect(foreignPage.status).toBe(403);
    expect(foreignPage.body).not.toContain(token);
    expect(foreignPage.headers['access-control-allow-origin']).toBeUndefined();
    const crossSite = await send(`${server.origin}/bridge/token`, 'GET', { Host: host, 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const addressBar = await send(`${server.origin}/bridge/token`, 'GET', { Host: host, 'Sec-Fetch-Site': 'none' });
    expect(addressBar.status).toBe(403);
    const rebound = await send(`${server.origin}/bridge/token`, 'GET', {
      ...own(),
      Host: `attacker.example:${new URL(server.origin).port}`,
    });
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain(token);
  });

  it('refuses a foreign origin, a missing token, a wrong token and a rebinding Host, and spawns nothing', async () => {
    spawned = [];
    const token = await tokenOf();
    const launch = (headers: Record<string, string>) => send(`${server.origin}/bridge/stdio`, 'POST', headers, launchBody);

    const foreign = await launch({ ...own(), Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site', 'X-Taskdeck-Bridge': token });
    expect(foreign.status).toBe(403);
    const otherLocalPort = await launch({
      ...own(),
      Origin: 'http://127.0.0.1:5173',
      'Sec-Fetch-Site': 'same-site',
      'X-Taskdeck-Bridge': token,
    });
    expect(otherLocalPort.status).toBe(403);
    const missing = await launch(own());
    expect(missing.status).toBe(401);
    const wrong = await launch({ ...own(), 'X-Taskdeck-Bridge': `${token.slice(0, -2)}xx` });
    expect(wrong.status).toBe(401);
    // Marked as the bridge's own refusal, so the page asks for the token again (npm start restarted).
    expect(wrong.headers['x-taskdeck-bridge-refused']).toBe('token');
    const empty = await launch({ ...own(), 'X-Taskdeck-Bridge': '' });
    expect(empty.status).toBe(401);
    const rebinding = await launch({
      ...own(),
      Host: `rebind.attacker.example:${new URL(server.origin).port}`,
      'X-Taskdeck-Bridge': token,
    });
    expect(rebinding.status).toBe(421);
    const otherPort = await launch({ ...own(), Host: '127.0.0.1:1', 'X-Taskdeck-Bridge': token });
    expect(otherPort.status).toBe(421);
    const preflight = await send(`${server.origin}/bridge/stdio`, 'OPTIONS', {
      Host: host,
      Origin: 'http://evil.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'x-taskdeck-bridge',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // Even with --allow-origin '*' for MCP, the bridge never answers another origin.
    expect(spawned).toEqual([]);

    const typed = await send(
      `${server.origin}/bridge/stdio`,
      'POST',
      { ...own(), Origin: 'http://evil.example', 'X-Taskdeck-Bridge': token },
      JSON.stringify({ commandLine: `${process.execPath} -e 0` }),
    );
    expect(typed.status).toBe(403);
    expect(spawned).toEqual([]);
  });

  it('forwards nothing without the token', async () => {
    recorded.length = 0;
    const token = await tokenOf();
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const missing = await send(`${server.origin}/bridge/forward`, 'POST', { ...own(), 'X-Taskdeck-Target': targetUrl }, body);
    expect(missing.status).toBe(401);
    const foreign = await send(
      `${server.origin}/bridge/forward`,
      'POST',
      { ...own(), Origin: 'http://evil.example', 'X-Taskdeck-Target': targetUrl, 'X-Taskdeck-Bridge': token },
      body,
    );
    expect(foreign.status).toBe(403);
    expect(recorded).toEqual([]);
    const allowed = await send(
      `${server.origin}/bridge/forward`,
      'POST',
      {
        ...own(),
        'X-Taskdeck-Target': targetUrl,
        'X-Taskdeck-Bridge': token,
        Authorization: 'Bearer upstream-secret',
        'X-Api-Key': 'k1',
        'Last-Event-ID': 'stream-1:7',
      },
      body,
    );
    expect(allowed.status).toBe(200);
    expect(recorded).toHaveLength(1);
    // The target gets the page's credentials, and never the bridge's token or the browser's origin.
    expect(recorded[0]?.authorization).toBe('Bearer upstream-secret');
    expect(recorded[0]?.['x-api-key']).toBe('k1');
    expect(recorded[0]?.['last-event-id']).toBe('stream-1:7');
    expect(recorded[0]?.['x-taskdeck-bridge']).toBeUndefined();
    expect(recorded[0]?.origin).toBeUndefined();
  });

  it('hands the page no redirect and no header that sets state on its origin', async () => {
    const token = await tokenOf();
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const headers = { ...own(), 'X-Taskdeck-Bridge': token };
    const redirected = await send(
      `${server.origin}/bridge/forward`,
      'POST',
      { ...headers, 'X-Taskdeck-Target': targetUrl.replace('/mcp', '/redirect') },
      body,
    );
    expect(redirected.status).toBe(502);
    expect(redirected.headers.location).toBeUndefined();
    const answered = await send(`${server.origin}/bridge/forward`, 'POST', { ...headers, 'X-Taskdeck-Target': targetUrl }, body);
    expect(answered.status).toBe(200);
    expect(answered.headers['mcp-session-id']).toBe('s1');
    expect(answered.headers['clear-site-data']).toBeUndefined();
    expect(answered.headers['x-taskdeck-bridge-refused']).toBeUndefined();
    expect(answered.headers['set-cookie']).toBeUndefined();
  });

  it('with the token, starts a configured server, relays initialize over stdio, and stops it on DELETE', async () => {
    spawned = [];
    const token = await tokenOf();
    const headers = { ...own(), 'X-Taskdeck-Bridge': token };
    const unknown = await send(`${server.origin}/bridge/stdio`, 'POST', headers, JSON.stringify({ name: 'not-configured' }));
    expect(unknown.status).toBe(404);
    expect(spawned).toEqual([]);
    const launched = await send(`${server.origin}/bridge/stdio`, 'POST', headers, launchBody);
    expect(launched.status).toBe(201);
    expect(spawned).toHaveLength(1);
    const { id } = JSON.parse(launched.body) as { id: string };
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bridge-test', version: '0' } },
    };
    const answer = await send(
      `${server.origin}/bridge/stdio/${id}`,
      'POST',
      { ...headers, Accept: 'application/json, text/event-stream' },
      JSON.stringify(initialize),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['mcp-session-id']).toBe(id);
    const result = (JSON.parse(answer.body) as { result: { serverInfo: { name: string } } }).result;
    expect(result.serverInfo.name).toMatch(/everything/i);
    // Without the token, the running process is not reachable either.
    const stranger = await send(`${server.origin}/bridge/stdio/${id}`, 'DELETE', own());
    expect(stranger.status).toBe(401);
    const events = send(`${server.origin}/bridge/stdio/${id}/events`, 'GET', headers);
    const stopped = await send(`${server.origin}/bridge/stdio/${id}`, 'DELETE', headers);
    expect(stopped.status).toBe(200);
    const lines = (await events).body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(lines[0]?.type).toBe('start');
    expect(lines.at(-1)?.type).toBe('exit');
  });

  it('a crashing process: its stderr and exit code reach the page, and the request it did not answer says why', async () => {
    const token = await tokenOf();
    const headers = { ...own(), 'X-Taskdeck-Bridge': token };
    const script = "process.stdin.once('data', () => { console.error('boom: no config'); process.exit(3); })";
    const launched = await send(
      `${server.origin}/bridge/stdio`,
      'POST',
      headers,
      JSON.stringify({ commandLine: `"${process.execPath}" -e "${script}"` }),
    );
    expect(launched.status).toBe(201);
    const { id } = JSON.parse(launched.body) as { id: string };
    const answer = await send(`${server.origin}/bridge/stdio/${id}`, 'POST', headers, '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('code 3');
    expect(answer.body).toContain('boom: no config');
    const events = (await send(`${server.origin}/bridge/stdio/${id}/events`, 'GET', headers)).body;
    expect(events).toContain('"line":"boom: no config"');
    expect(events).toContain('"type":"exit","code":3');
    const after = await send(`${server.origin}/bridge/stdio/${id}`, 'POST', headers, '{"jsonrpc":"2.0","id":2,"method":"ping"}');
    expect(after.status).toBe(404);
  });

  it("resumes a process's notification stream after Last-Event-ID", async () => {
    const token = await tokenOf();
    const headers = { ...own(), 'X-Taskdeck-Bridge': token };
    // Answers each request after a notification of its own.
    const script = [
      "require('readline').createInterface({ input: process.stdin }).on('line', (line) => {",
      'const m = JSON.parse(line);',
      "console.log(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'note ' + m.id } }));",
      "console.log(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} })); })",
    ].join(' ');
    const launched = await send(
      `${server.origin}/bridge/stdio`,
      'POST',
      headers,
      JSON.stringify({ commandLine: `"${process.execPath}" -e "${script}"` }),
    );
    const { id } = JSON.parse(launched.body) as { id: string };
    for (const n of [1, 2]) {
      const answer = await send(`${server.origin}/bridge/stdio/${id}`, 'POST', headers, `{"jsonrpc":"2.0","id":${n},"method":"ping"}`);
      expect(JSON.parse(answer.body)).toEqual({ jsonrpc: '2.0', id: n, result: {} });
    }
    const stream = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${server.origin}/bridge/stdio/${id}`,
        { headers: { ...headers, Accept: 'text/event-stream', 'Last-Event-ID': '1' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('note 2')) {
              resolve(text);
              req.destroy();
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(stream).toContain('id: 2');
    expect(stream).not.toContain('note 1');
    await send(`${server.origin}/bridge/stdio/${id}`, 'DELETE', headers);
  });

  it('stops a process that no page follows any more (a closed tab)', async () => {
    children = [];
    const quick = await startServer({
      port: 0,
      host: '127.0.0.1',
      app: 'none',
      root: process.cwd(),
      allowOrigins: [],
      bridge: {
        servers: new Map([['idle', { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }]]),
        spawn: countingSpawn,
        orphanGraceMs: 300,
      },
    });
    try {
      const ownHeaders = { Host: new URL(quick.origin).host, 'Sec-Fetch-Site': 'same-origin' };
      const token = (JSON.parse((await send(`${quick.origin}/bridge/token`, 'GET', ownHeaders)).body) as { token: string }).token;
      const launched = await send(
        `${quick.origin}/bridge/stdio`,
        'POST',
        { ...ownHeaders, 'X-Taskdeck-Bridge': token },
        JSON.stringify({ name: 'idle' }),
      );
      expect(launched.status).toBe(201);
      const child = children[0];
      if (!child) throw new Error('nothing was spawned');
      // Nobody opens its events or its notification stream: it is stopped after the grace.
      const signal =
        child.exitCode !== null || child.signalCode !== null
          ? child.signalCode
          : await new Promise<string | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      expect(signal).toBe('SIGTERM');
    } finally {
      await quick.close();
    }
  });
});
