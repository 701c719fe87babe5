/**
 * A listen stream that the server ends (a restart, a proxy's idle cut) is opened again for the same tasks, and the
 * pushes on the new stream reach the page: the subscription outlives the connection it came on.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJsonRpcStub, type JsonRpcStub, type StubRequest } from '../../../server/json-rpc-stub';
import { ProtocolLog } from '../protocol-log';
import { ModernClient } from './modern-client';

const task = (status: string) => ({
  taskId: 'job',
  status,
  createdAt: '2026-12-04T10:00:00.000Z',
  lastUpdatedAt: '2026-12-04T10:00:01.000Z',
  ttlMs: 60_000,
  pollIntervalMs: 60_000,
});

const listens: unknown[] = [];

function answer(message: StubRequest, res: ServerResponse): void {
  if (message.method === 'tools/call') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { resultType: 'task', ...task('working') } }));
    return;
  }
  if (message.method !== 'subscriptions/listen') {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }));
    return;
  }
  listens.push(message.params.notifications);
  if (listens.length === 1) {
    // A proxy in the way answers the first listen request with its own page.
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body>Bad gateway</body></html>');
    return;
  }
  const subscriptionId = `sub-${listens.length}`;
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (m: unknown) => res.write(`data: ${JSON.stringify(m)}\n\n`);
  send({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: {}, notifications: message.params.notifications },
  });
  const meta = { 'io.modelcontextprotocol/subscriptionId': subscriptionId };
  if (listens.length === 2) {
    // The first stream carries one push and then ends without the listen request's response.
    send({ jsonrpc: '2.0', method: 'notifications/tasks', params: { _meta: meta, ...task('working'), statusMessage: 'first stream' } });
    res.end();
    return;
  }
  send({ jsonrpc: '2.0', method: 'notifications/tasks', params: { _meta: meta, ...task('working'), statusMessage: 'second stream' } });
}

let stub: JsonRpcStub;
let url: URL;

beforeAll(async () => {
  stub = await startJsonRpcStub(answer);
  url = stub.url;
});

afterAll(() => stub.close());

describe('a listen stream the server cuts', () => {
  it('is opened again for the same tasks, after a refusal too, and its pushes arrive', async () => {
    const log = new ProtocolLog();
    const pushes: Array<Record<string, unknown>> = [];
    const client = new ModernClient({
      url,
      log,
      events: {
        taskPush: (params) => pushes.push(params as Record<string, unknown>),
        elicitation: () => new Promise(() => {}),
        violation: () => {},
      },
    });
    try {
      await client.request({ method: 'tools/call', params: { name: 'x', arguments: {} } }, undefined as never);
      await vi.waitFor(() => expect(pushes.map((p) => p.statusMessage)).toContain('second stream'), { timeout: 15_000 });
      expect(pushes.map((p) => p.statusMessage)).toEqual(['first stream', 'second stream']);
      expect(listens).toEqual([{ taskIds: ['job'] }, { taskIds: ['job'] }, { taskIds: ['job'] }]);
      // The refusal is in the log as what it was: its HTTP status, and the page the proxy sent as text.
      const messages = JSON.stringify(log.getSnapshot().entries.map((e) => e.message));
      expect(messages).toContain('subscriptions/listen answered HTTP 502');
      expect(messages).toContain('Bad gateway');
    } finally {
      client.close();
    }
  });
});
