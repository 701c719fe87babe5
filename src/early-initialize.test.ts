/**
 * The early `initialize` (src/early-connect.ts) taken over by the app's first connection, against the real demo
 * server over loopback. Every request is counted on its way out (the requests themselves are real). And the early
 * session ended when nobody will use it: the app's connect gave up before its GET, or the early script's 30 s timer
 * ended it before the app loaded; its stream is opened only when the SDK would open one (the notification answered 202).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import { startEarlyInitialize } from './early-connect';
import { withEarlyInitialize, type EarlyInitialize } from './mcp/early-initialize';
import { connectToServer, type McpSession } from './mcp/session';
import { startToolTask } from './tasks/api';
import { parseTask } from './tasks/task';

interface Sent {
  method: string;
  rpc: string | undefined;
  session: string | null;
}

let server: RunningServer;
const sent: Sent[] = [];
const realFetch = globalThis.fetch;
/** The real fetch, noting each request. */
const countingFetch: typeof fetch = (input, init) => {
  let rpc: string | undefined;
  try {
    rpc = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }).method : undefined;
  } catch {
    rpc = undefined;
  }
  sent.push({ method: (init?.method ?? 'GET').toUpperCase(), rpc, session: new Headers(init?.headers).get('mcp-session-id') });
  return realFetch(input, init);
};
const initializes = () => sent.filter((s) => s.rpc === 'initialize').length;
const initializeds = () => sent.filter((s) => s.rpc === 'notifications/initialized').length;
const deletes = () => sent.filter((s) => s.method === 'DELETE');
const gets = () => sent.filter((s) => s.method === 'GET');

const link = (url: string) => `?${new URLSearchParams({ server: url, transport: 'streamable-http' }).toString()}`;

/** The JSON-RPC method a request's body names, if any. */
const rpcOf = (init?: RequestInit) => {
  try {
    return typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }).method : undefined;
  } catch {
    return undefined;
  }
};
/** The real fetch, except that the server's 202 to the initialized notification reads 200 (the SDK then opens no stream). */
const as200: typeof fetch = async (input, init) => {
  const response = await realFetch(input, init);
  if (rpcOf(init) === 'notifications/initialized' && response.status === 202) return new Response(null, { status: 200 });
  return response;
};
const quiet = { taskPush: () => {}, elicitation: () => Promise.resolve({ action: 'decline' as const }), lost: () => {} };

/** The statuses pushed to the last connection made, per task. */
const pushed: Array<{ taskId: string; status: string }> = [];

function connect(headers?: Record<string, string>): Promise<McpSession> {
  return connectToServer({
    url: server.mcpUrl,
    transport: 'streamable-http',
    generation: 1,
    ...(headers && { headers }),
    events: {
      taskPush: (params) => {
        const task = parseTask(params);
        if (task) pushed.push({ taskId: task.taskId, status: task.status });
      },
      elicitation: () => Promise.resolve({ action: 'decline' }),
      lost: () => {},
    },
  });
}

/**
 * The early script's work, as on a page opened from a link to `url`; `fetch` sends its requests, `appFetch` the app's.
 */
function early(
  url: string,
  fetch: typeof globalThis.fetch = countingFetch,
  appFetch: typeof globalThis.fetch = countingFetch,
): { early: EarlyInitialize; expire: () => void } {
  let expire = () => {};
  const started = startEarlyInitialize(link(url), fetch, (run) => (expire = run));
  if (!started) throw new Error('no early request for this link');
  vi.stubGlobal('window', { taskdeckEarlyInitialize: started });
  vi.stubGlobal('fetch', appFetch);
  return { early: started, expire };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
  pushed.length = 0;
});

describe('the early initialize, taken by the first connection', () => {
  it('answers the app’s own initialize: the server is asked once, and the session works', async () => {
    const { early: sentEarly } = early(server.mcpUrl);
    const session = await connect();
    try {
      expect(sentEarly.taken).toBe(true);
      expect(initializes()).toBe(1);
      // The initialized notification too: the early script sent it, with the session and version the answer named.
      expect(initializeds()).toBe(1);
      const notified = await sentEarly.initialized;
      expect(notified?.headers).toEqual({ 'mcp-session-id': expect.any(String) as unknown, 'mcp-protocol-version': '2025-11-25' });
      expect((await notified?.response)?.status).toBe(202);
      expect(session.serverInfo?.name).toBe('taskdeck-demo');
      const tools = await session.client.listTools();
      expect(tools.tools.length).toBeGreaterThan(0);
      expect(deletes()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('hands the app the notification stream it opened: one GET for the session, and pushes come through it', async () => {
    const { early: sentEarly } = early(server.mcpUrl);
    const session = await connect();
    try {
      expect(await session.notificationStream).toBe('open');
      const stream = await sentEarly.stream;
      expect(stream?.headers).toMatchObject({ accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' });
      // The server allows one stream per session: a second GET would have been refused (409).
      expect(gets()).toHaveLength(1);
      const task = await startToolTask(session.client, 'countdown', { seconds: 0.2, steps: 1 });
      await until(() => pushed.some((p) => p.taskId === task.taskId && p.status === 'completed'));
      expect(gets()).toHaveLength(1);
    } finally {
      await session.close();
    }
    // Closing the session ends the stream the early script opened.
    expect((await sentEarly.stream)?.signal.aborted).toBe(true);
  });

  it('ends its stream when the app does not take the session, and the app opens its own', async () => {
    const { early: sentEarly } = early(server.mcpUrl);
    await sentEarly.stream;
    const session = await connect({ 'X-Team': 'blue' });
    try {
      expect(await session.notificationStream).toBe('open');
      expect((await sentEarly.stream)?.signal.aborted).toBe(true);
      expect(gets()).toHaveLength(2);
      const task = await startToolTask(session.client, 'countdown', { seconds: 0.2, steps: 1 });
      await until(() => pushed.some((p) => p.taskId === task.taskId && p.status === 'completed'));
    } finally {
      await session.close();
    }
  });

  it('is only taken once: a second connection asks for itself', async () => {
    early(server.mcpUrl);
    const first = await connect();
    const second = await connect();
    try {
      expect(initializes()).toBe(2);
      expect(initializeds()).toBe(2);
      expect(second.serverInfo?.name).toBe('taskdeck-demo');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is not used when the app sends headers of the user’s: the app asks itself, and the early session is ended', async () => {
    const { early: sentEarly } = early(server.mcpUrl);
    const earlySession = (await sentEarly.response).headers.get('mcp-session-id');
    expect(earlySession).toBeTruthy();
    const session = await connect({ 'X-Team': 'blue' });
    try {
      expect(initializes()).toBe(2);
      await until(() => deletes().some((d) => d.session === earlySession));
      expect(deletes().every((d) => d.session === earlySession)).toBe(true);
      expect(await session.client.listTools()).toHaveProperty('tools');
    } finally {
      await session.close();
    }
  });

  it('is not taken by a connection to another server, and is ended when nobody took it in time', async () => {
    const other = await startServer({ port: 0, host: '127.0.0.1', app: 'none', root: process.cwd(), allowOrigins: [] });
    try {
      const { early: sentEarly, expire } = early(other.mcpUrl);
      const earlySession = (await sentEarly.response).headers.get('mcp-session-id');
      const session = await connect();
      await session.close();
      expect(sentEarly.taken).toBe(false);
      expect(initializes()).toBe(2);
      expect(deletes().filter((d) => d.session === earlySession)).toEqual([]);
      expire();
      await until(() => deletes().some((d) => d.session === earlySession));
    } finally {
      await other.close();
    }
  });

  it('is not claimed by a connection that ends before its first request (an auth provider that throws): the next takes it', async () => {
    const { early: sentEarly } = early(server.mcpUrl);
    // Made, never used: the SDK asks the auth provider for its tokens before it sends anything.
    withEarlyInitialize(new URL(server.mcpUrl), countingFetch);
    expect(sentEarly.taken).toBe(false);
    const session = await connect();
    try {
      expect(sentEarly.taken).toBe(true);
      expect(initializes()).toBe(1);
      expect(await session.notificationStream).toBe('open');
    } finally {
      await session.close();
    }
  });

  it('left untaken by a connection that sent nothing is ended by the timer', async () => {
    const { early: sentEarly, expire } = early(server.mcpUrl);
    const earlySession = (await sentEarly.response).headers.get('mcp-session-id');
    withEarlyInitialize(new URL(server.mcpUrl), countingFetch);
    expire();
    expect(sentEarly.dropped).toBe(true);
    await until(() => deletes().some((d) => d.session === earlySession));
  });

  it('that failed to reach the server leaves the app to send its own request', async () => {
    early(server.mcpUrl, () => Promise.reject(new TypeError('Failed to fetch')));
    const session = await connect();
    try {
      expect(initializes()).toBe(1);
      expect(session.serverInfo?.name).toBe('taskdeck-demo');
    } finally {
      await session.close();
    }
  });
});

describe('the early notification stream', () => {
  it('is ended, with its session, when the connect that took the early initialize gives up before its GET', async () => {
    const deleted: string[] = [];
    // A slow network at cold start: the answer to initialize is held until the app's connect has given up.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slowFetch: typeof fetch = async (input, init) => {
      if ((init?.method ?? 'GET') === 'DELETE') deleted.push(new Headers(init?.headers).get('mcp-session-id') ?? '');
      if (rpcOf(init) === 'initialize') await held;
      return realFetch(input, init);
    };
    const { early: started } = early(server.mcpUrl, slowFetch, slowFetch);
    await expect(
      connectToServer({ url: server.mcpUrl, transport: 'streamable-http', generation: 1, timeoutMs: 100, events: quiet }),
    ).rejects.toThrow();
    expect(started.taken).toBe(true);
    expect(started.dropped).toBe(true);
    answer();
    const session = (await started.response).headers.get('mcp-session-id');
    expect(session).toBeTruthy();
    // Nobody will read the stream: it is never opened (or, opened first, aborted), and the session is deleted.
    const stream = await started.stream;
    expect(stream === undefined || stream.signal.aborted).toBe(true);
    await until(() => deleted.includes(session ?? ''));
  });

  it('is not opened when the server accepts the notification with 200, not 202 (the SDK then opens none)', async () => {
    const { early: started } = early(server.mcpUrl, as200, as200);
    const session = await connect();
    try {
      expect(started.taken).toBe(true);
      expect(await started.stream).toBeUndefined();
      expect(await session.client.listTools()).toHaveProperty('tools');
    } finally {
      await session.close();
    }
  });
});

describe('an early session the app took', () => {
  it('is not deleted by the early script when the app closes it without a DELETE (a lost session), its stream never asked for', async () => {
    const { early: started } = early(server.mcpUrl, as200, as200);
    const session = await connect();
    expect(await session.client.listTools()).toHaveProperty('tools');
    // What a lost session's close does: the transport closes, no DELETE (the session is the app's to end, or not).
    // The client is the SDK's Client behind the app's narrower TaskClient type.
    await (session.client as unknown as { close: () => Promise<void> }).close();
    expect(started.dropped).toBe(false);
  });
});

describe('an early session ended by the 30 s timer', () => {
  it('is not taken by an app that loads later: the app asks for itself', async () => {
    const { early: started, expire } = early(server.mcpUrl, realFetch, realFetch);
    await started.stream;
    // The app's bundle took more than 30 s: the early session is ended (its stream aborted, then a DELETE).
    expire();
    expect(started.dropped).toBe(true);
    const session = await connect();
    try {
      expect(started.taken).toBe(false);
      expect(await session.client.listTools()).toHaveProperty('tools');
      expect(await session.notificationStream).toBe('open');
    } finally {
      await session.close();
    }
  });
});
