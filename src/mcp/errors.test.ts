import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { ConnectionError, describeConnectError, describeRequestError, parseServerUrl } from './errors';

const httpError = (code: number, message = 'x') => Object.assign(new Error(message), { code });
const ctx = { url: 'http://127.0.0.1:1/mcp', transport: 'streamable-http' as const };

describe('connect error classification', () => {
  it.each([
    [httpError(401), 'unauthorized'],
    [httpError(403), 'forbidden'],
    [httpError(404), 'not-found'],
    [httpError(405), 'wrong-transport'],
    [httpError(502), 'server-error'],
    [new Error("Server's protocol version is not supported: 1999-01-01"), 'protocol-version'],
    [Object.assign(new Error('MCP error -32001: Request timed out'), { code: -32001 }), 'timeout'],
    [new TypeError('Failed to fetch'), 'unreachable'],
  ])('%s → %s', (error, kind) => {
    expect(describeConnectError(error, ctx).kind).toBe(kind);
  });

  it('tells a CORS block from an unreachable server by whether an opaque request got through', () => {
    const blocked = describeConnectError(new TypeError('Failed to fetch'), { ...ctx, reachable: true });
    expect(blocked.kind).toBe('cors');
    expect(blocked.hint).toMatch(/Access-Control-Allow-Origin/);
    expect(blocked.hint).toMatch(/Mcp-Session-Id/);
  });

  it('says which transport to try when the other one answers', () => {
    expect(describeConnectError(httpError(400), { ...ctx, transport: 'sse' }).hint).toMatch(/Streamable HTTP/);
    expect(describeConnectError(httpError(405), ctx).hint).toMatch(/SSE/);
  });

  it('rejects malformed and non-http URLs before any request', () => {
    expect(() => parseServerUrl('')).toThrow(ConnectionError);
    expect(() => parseServerUrl('localhost:3000')).toThrow(/http and https/);
    expect(() => parseServerUrl('not a url')).toThrow(/is not a URL/);
    expect(parseServerUrl(' http://h:1/mcp ').toString()).toBe('http://h:1/mcp');
  });

  it('knows which failures need the user rather than a retry', () => {
    expect(describeConnectError(httpError(401), ctx).needsUser).toBe(true);
    expect(describeConnectError(new TypeError('Failed to fetch'), ctx).needsUser).toBe(false);
  });
});

describe('request errors', () => {
  it('reports -32601 from tasks/* as a missing capability', () => {
    const error = Object.assign(new Error('MCP error -32601: Method not found'), { code: -32601 });
    expect(describeRequestError(error, 'tasks/list')).toMatch(/^Capability missing: .*tasks\/list/);
  });

  it('explains a -32021 (2026-07-28) with the capabilities the server named', () => {
    const error = Object.assign(new Error('MCP error -32021: Missing required client capability'), {
      code: -32021,
      data: { requiredCapabilities: { sampling: {}, extensions: { 'io.example/thing': {} } } },
    });
    const text = describeRequestError(error, 'tools/call');
    expect(text).toContain('-32021 Missing required client capability');
    expect(text).toContain('the capability sampling and the extension io.example/thing');
    const bare = Object.assign(new Error('MCP error -32021: no'), { code: -32021 });
    expect(describeRequestError(bare, 'tools/call')).toContain('a capability it did not name');
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially, is capped, and jitters within half the delay', () => {
    const none = () => 1;
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { baseMs: 100, capMs: 1000, jitter: 0.5 }, none))).toEqual([100, 200, 400, 800]);
    expect(backoffDelay(20, { baseMs: 100, capMs: 1000, jitter: 0.5 }, none)).toBe(1000);
    expect(backoffDelay(4, { baseMs: 100, capMs: 1000, jitter: 0.5 }, () => 0)).toBe(400);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(600);
      expect(d).toBeLessThanOrEqual(1200);
    }
  });
});
