import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonLength, NOTIFY_MS, ProtocolLog } from './protocol-log';

describe('ProtocolLog', () => {
  it('pairs each response with its request: method and latency', () => {
    const log = new ProtocolLog(10);
    log.record('out', { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 'a' } }, 1000);
    log.record('in', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: {} }, 1010);
    log.record('in', { jsonrpc: '2.0', id: 1, result: {} }, 1042);
    const { entries } = log.getSnapshot();
    expect(entries.map((e) => [e.direction, e.kind, e.method, e.latencyMs])).toEqual([
      ['out', 'request', 'tasks/get', undefined],
      ['in', 'notification', 'notifications/tasks/status', undefined],
      ['in', 'response', 'tasks/get', 42],
    ]);
  });

  it('pairs server-to-client requests with our responses too', () => {
    const log = new ProtocolLog(10);
    log.record('in', { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: {} }, 0);
    log.record('out', { jsonrpc: '2.0', id: 'e1', error: { code: -1, message: 'x' } }, 5);
    expect(log.getSnapshot().entries[1]).toMatchObject({ kind: 'error', method: 'elicitation/create', latencyMs: 5 });
  });

  it('is bounded: keeps the newest entries in order and counts the dropped ones', () => {
    const log = new ProtocolLog(3);
    for (let i = 0; i < 7; i++) log.record('in', { jsonrpc: '2.0', method: `m${i}` });
    const snap = log.getSnapshot();
    expect(snap.entries.map((e) => e.method)).toEqual(['m4', 'm5', 'm6']);
    expect(snap.dropped).toBe(4);
    expect(snap.total).toBe(7);
  });

  it('never keeps a secret, wherever it appears in a message', () => {
    const log = new ProtocolLog(10);
    log.setSecrets(['tok-12345']);
    log.record('out', {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { arguments: { auth: 'Bearer tok-12345', nested: ['tok-12345'] } },
    });
    const text = JSON.stringify(log.getSnapshot().entries);
    expect(text).not.toContain('tok-12345');
    expect(text).toContain('Bearer [redacted]');
  });

  it('remembers the size of each received result, so it need not be measured again', () => {
    const log = new ProtocolLog(10);
    const result = { content: [{ type: 'text', text: 'x'.repeat(1000) }] };
    log.record('in', { jsonrpc: '2.0', id: 3, result });
    expect(log.measuredSize(result)).toBe(JSON.stringify({ jsonrpc: '2.0', id: 3, result }).length);
    expect(log.measuredSize({ other: true })).toBeUndefined();
  });

  it('records frames that are not JSON-RPC as invalid instead of throwing', () => {
    const log = new ProtocolLog(10);
    log.record('in', 'garbage');
    log.record('in', { hello: 1 });
    expect(log.getSnapshot().entries.map((e) => e.kind)).toEqual(['invalid', 'invalid']);
  });
});

describe('ProtocolLog bounds', () => {
  it('keeps a huge message as the start of its text, and says how many it shortened', () => {
    const log = new ProtocolLog();
    log.record('in', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { statusMessage: 'x'.repeat(1_000_000) } }, 1);
    const { entries, truncated } = log.getSnapshot();
    expect(truncated).toBe(1);
    const kept = entries[0]?.message as { truncated: boolean; size: number; start: string };
    expect(kept.truncated).toBe(true);
    expect(kept.size).toBeGreaterThan(1_000_000);
    expect(kept.start.length).toBeLessThanOrEqual(4096);
    expect(entries[0]?.method).toBe('notifications/tasks/status');
  });

  it('holds at most its character budget however large the messages, dropping the oldest', () => {
    const log = new ProtocolLog(5000, 200_000);
    for (let i = 0; i < 500; i++) log.record('in', { jsonrpc: '2.0', method: 'm', params: { i, pad: 'y'.repeat(30_000) } }, i);
    const { entries, dropped } = log.getSnapshot();
    expect(entries.length).toBeLessThanOrEqual(7);
    expect(entries.length + dropped).toBe(500);
    expect((entries.at(-1)?.message as { params: { i: number } }).params.i).toBe(499);
  });

  it('still drops by count, and a redacted secret never survives truncation', () => {
    const log = new ProtocolLog(10);
    log.setSecrets(['secret-token-1234']);
    for (let i = 0; i < 25; i++) log.record('out', { jsonrpc: '2.0', id: i, method: 'tools/call', params: { i } }, i);
    expect(log.getSnapshot().entries).toHaveLength(10);
    log.record('in', { jsonrpc: '2.0', method: 'm', params: { echo: 'secret-token-1234', pad: 'z'.repeat(100_000) } }, 99);
    expect(JSON.stringify(log.getSnapshot().entries.at(-1))).not.toContain('secret-token-1234');
  });
});

describe('ProtocolLog, measuring without serialising', () => {
  it('measures any JSON data exactly as JSON.stringify would write it', () => {
    const samples: unknown[] = [
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'a "quoted"\\ line\n\ttab \u0001 é 😀 \ud800' }] } },
      [1, -2.5, 1e21, true, false, null, [], {}, [undefined], { skipped: undefined, kept: 0 }],
      { ['__proto__']: 1, '': '', nested: { deeper: [[['x']]] } },
      'just a string',
      42,
    ];
    for (const value of samples) expect(jsonLength(value)).toBe(JSON.stringify(value).length);
  });

  it('keeps a preview of a huge message from a copy with long strings cut, with its exact size, and redacts it', () => {
    const log = new ProtocolLog();
    log.setSecrets(['tok-12345']);
    const message = {
      jsonrpc: '2.0',
      id: 9,
      result: { content: [{ type: 'text', text: `Bearer tok-12345 ${'y'.repeat(2_000_000)}` }], structuredContent: { n: 1 } },
    };
    log.record('in', message, 1);
    const entry = log.getSnapshot().entries[0];
    const kept = entry?.message as { truncated: boolean; size: number; start: string };
    expect(kept.truncated).toBe(true);
    expect(kept.size).toBe(JSON.stringify(message).length);
    expect(entry?.size).toBe(JSON.stringify(message).length);
    expect(kept.start.startsWith('{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"Bearer [redacted] yyy')).toBe(true);
    expect(kept.start).not.toContain('tok-12345');
    expect(log.measuredSize(message.result)).toBe(JSON.stringify(message).length);
  });
});

describe('telling subscribers of new entries', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('once per burst of messages, by a timer: never by asking the page for an animation frame', () => {
    vi.useFakeTimers();
    const frames = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frames);
    const log = new ProtocolLog(100);
    const told = vi.fn();
    log.subscribe(told);
    for (let i = 0; i < 50; i++) log.record('in', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { i } });
    expect(told).not.toHaveBeenCalled();
    vi.advanceTimersByTime(NOTIFY_MS);
    expect(told).toHaveBeenCalledTimes(1);
    expect(log.getSnapshot().entries).toHaveLength(50);
    expect(frames).not.toHaveBeenCalled();
  });

  it('not at all while nobody listens (the panel is not shown), and a later subscriber reads every entry', () => {
    vi.useFakeTimers();
    const log = new ProtocolLog(100);
    for (let i = 0; i < 20; i++) log.record('in', { jsonrpc: '2.0', method: `m${i}` });
    expect(vi.getTimerCount()).toBe(0);
    const told = vi.fn();
    log.subscribe(told);
    expect(log.getSnapshot().entries.map((e) => e.method)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    log.record('in', { jsonrpc: '2.0', method: 'm20' });
    vi.advanceTimersByTime(NOTIFY_MS);
    expect(told).toHaveBeenCalledTimes(1);
    expect(log.getSnapshot().entries).toHaveLength(21);
  });
});
