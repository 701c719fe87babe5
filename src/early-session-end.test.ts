/**
 * The early session is ended when nobody will use it: the app took the early initialize but its connect gave up
 * before its GET, or the early script's 30 s timer ended it before the app loaded. And its stream is opened only when
 * the SDK would open one (the notification answered 202). Against the real demo server over loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../server/app';
import { startEarlyInitialize } from './early-connect';
import { connectToServer } from './mcp/session';

let server: RunningServer;
const realFetch = globalThis.fetch;
const rpcOf = (init?: RequestInit) => {
  try {
    return typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }).method : undefined;
  } catch {
    return undefined;
  }
};
const link = (url: string) => `?${new URLSearchParams({ server: url, transport: 'streamable-http' }).toString()}`;
const events = { taskPush: () => {}, elicitation: () => Promise.resolve({ action: 'decline' as const }), lost: () => {} };

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
afterEach(() => vi.unstubAllGlobals());

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
    const early = startEarlyInitialize(link(server.mcpUrl), slowFetch, () => {});
    if (!early) throw new Error('no early request');
    vi.stubGlobal('window', { taskdeckEarlyInitialize: early });
    vi.stubGlobal('fetch', slowFetch);
    await expect(
      connectToServer({ url: server.mcpUrl, transport: 'streamable-http', generation: 1, timeoutMs: 100, events }),
    ).rejects.toThrow();
    expect(early.taken).toBe(true);
    expect(early.dropped).toBe(true);
    answer();
    const session = (await early.response).headers.get('mcp-session-id');
    expect(session).toBeTruthy();
    // Nobody will read the stream: it is never opened (or, opened first, aborted), and the session is deleted.
    const stream = await early.stream;
    expect(stream === undefined || stream.signal.aborted).toBe(true);
    await until(() => deleted.includes(session ?? ''));
  });

  it('is not opened when the server accepts the notification with 200, not 202 (the SDK then opens none)', async () => {
    const as200: typeof fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (rpcOf(init) === 'notifications/initialized' && response.status === 202) return new Response(null, { status: 200 });
      return response;
    };
    const early = startEarlyInitialize(link(server.mcpUrl), as200, () => {});
    if (!early) throw new Error('no early request');
    vi.stubGlobal('window', { taskdeckEarlyInitialize: early });
    vi.stubGlobal('fetch', as200);
    const session = await connectToServer({ url: server.mcpUrl, transport: 'streamable-http', generation: 1, events });
    try {
      expect(early.taken).toBe(true);
      expect(await early.stream).toBeUndefined();
      expect(await session.client.listTools()).toHaveProperty('tools');
    } finally {
      await session.close();
    }
  });
});

describe('an early session the app took', () => {
  it('is not deleted by the early script when the app closes it without a DELETE (a lost session), its stream never asked for', async () => {
    const as200: typeof fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (rpcOf(init) === 'notifications/initialized' && response.status === 202) return new Response(null, { status: 200 });
      return response;
    };
    const early = startEarlyInitialize(link(server.mcpUrl), as200, () => {});
    if (!early) throw new Error('no early request');
    vi.stubGlobal('window', { taskdeckEarlyInitialize: early });
    vi.stubGlobal('fetch', as200);
    const session = await connectToServer({ url: server.mcpUrl, transport: 'streamable-http', generation: 1, events });
    expect(await session.client.listTools()).toHaveProperty('tools');
    // What a lost session's close does: the transport closes, no DELETE (the session is the app's to end, or not).
    // The client is the SDK's Client behind the app's narrower TaskClient type.
    await (session.client as unknown as { close: () => Promise<void> }).close();
    expect(early.dropped).toBe(false);
  });
});

describe('an early session ended by the 30 s timer', () => {
  it('is not taken by an app that loads later: the app asks for itself', async () => {
    let expire = () => {};
    const early = startEarlyInitialize(link(server.mcpUrl), realFetch, (run) => (expire = run));
    if (!early) throw new Error('no early request');
    await early.stream;
    // The app's bundle took more than 30 s: the early session is ended (its stream aborted, then a DELETE).
    expire();
    expect(early.dropped).toBe(true);
    vi.stubGlobal('window', { taskdeckEarlyInitialize: early });
    const session = await connectToServer({ url: server.mcpUrl, transport: 'streamable-http', generation: 1, events });
    try {
      expect(early.taken).toBe(false);
      expect(await session.client.listTools()).toHaveProperty('tools');
      expect(await session.notificationStream).toBe('open');
    } finally {
      await session.close();
    }
  });
});
