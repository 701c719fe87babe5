import { describe, expect, it } from 'vitest';
import { ProtocolLog } from './protocol-log';

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
    log.record('out', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { arguments: { auth: 'Bearer tok-12345', nested: ['tok-12345'] } } });
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
