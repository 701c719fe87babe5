/**
 * A 2026-07-28 server that breaks the extension's rules, over loopback: each broken rule reaches Server behaviour as
 * a violation, and the page still gets what can be read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJsonRpcStub, type JsonRpcStub, type StubRequest } from '../../../server/json-rpc-stub';
import { ModernClient } from './modern-client';

const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 't1',
  status,
  createdAt: '2026-12-04T10:00:00.000Z',
  lastUpdatedAt: '2026-12-04T10:00:01.000Z',
  ttlMs: 60_000,
  pollIntervalMs: 1000,
  ...extra,
});

const seenHeaders: Array<Record<string, string | string[] | undefined>> = [];

function answer(message: StubRequest, res: ServerResponse, req: IncomingMessage): void {
  seenHeaders.push({ method: message.method, ...req.headers });
  const reply = (result: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
  };
  switch (message.method) {
    case 'tools/call':
      return reply({ resultType: 'task', ...task('working') });
    case 'tasks/get':
      if (message.params.taskId === 'misshapen') {
        // Breaks no rule of wire.ts, but its fields have the wrong types for the extension's schema.
        return reply({
          resultType: 'complete',
          ...task('failed', { taskId: 'misshapen', createdAt: 42, pollIntervalMs: 'often', error: { code: -32603, message: 'x' } }),
        });
      }
      // No resultType, and a result while still working.
      return reply(task('working', { result: { content: [{ type: 'text', text: 'too early' }] } }));
    case 'subscriptions/listen': {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (m: unknown) => res.write(`data: ${JSON.stringify(m)}\n\n`);
      send({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: {}, notifications: { taskIds: ['t1'] } },
      });
      // A push for a task nobody asked about, then the subscribed one, completed without its result.
      send({ jsonrpc: '2.0', method: 'notifications/tasks', params: { _meta: {}, ...task('working', { taskId: 'other' }) } });
      send({ jsonrpc: '2.0', method: 'notifications/tasks', params: { _meta: {}, ...task('completed') } });
      return;
    }
    default:
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }));
  }
}

let stub: JsonRpcStub;
let url: URL;

beforeAll(async () => {
  stub = await startJsonRpcStub(answer);
  url = stub.url;
});

afterAll(() => stub.close());

describe('a 2026-07-28 server that breaks the rules', () => {
  it('reports each broken rule, and still passes on the statuses it could read', async () => {
    const violations: Array<{ detail: string; taskId?: string }> = [];
    const pushes: unknown[] = [];
    const client = new ModernClient({
      url,
      events: {
        taskPush: (params) => pushes.push(params),
        elicitation: () => new Promise(() => {}),
        violation: (detail, taskId) => violations.push({ detail, ...(taskId !== undefined && { taskId }) }),
      },
    });
    try {
      const created = await client.request({ method: 'tools/call', params: { name: 'x', arguments: {}, task: {} } }, undefined as never);
      expect(created).toMatchObject({ task: { taskId: 't1', status: 'working', ttl: 60_000, pollInterval: 1000 } });
      const got = await client.request({ method: 'tasks/get', params: { taskId: 't1' } }, undefined as never);
      expect(got).toMatchObject({ taskId: 't1', status: 'working' });
      // The client watches t1 now: its listen stream brings the two pushes.
      await vi.waitFor(() => expect(pushes).toHaveLength(2), { timeout: 15_000 });
      const details = violations.map((v) => `${v.taskId ?? ''} ${v.detail}`);
      expect(details).toEqual(
        expect.arrayContaining([
          't1 tasks/get answered without resultType',
          't1 tasks/get carried a result while the task was working',
          'other notifications/tasks for a task never subscribed to',
          't1 notifications/tasks: a completed task without its result inlined',
        ]),
      );
      expect(pushes).toEqual([
        expect.objectContaining({ taskId: 'other' }),
        expect.objectContaining({ taskId: 't1', status: 'completed' }),
      ]);
      // The official schema judges the shape of what the rules let through, naming the fields at fault.
      const misshapen = await client.request({ method: 'tasks/get', params: { taskId: 'misshapen' } }, undefined as never);
      expect(misshapen).toMatchObject({ taskId: 'misshapen', status: 'failed' });
      const shape = violations.filter((v) => v.taskId === 'misshapen').map((v) => v.detail);
      expect(shape).toHaveLength(1);
      expect(shape[0]).toMatch(/^tasks\/get does not match the tasks extension's schema: /);
      expect(shape[0]).toContain('createdAt');
      expect(shape[0]).toContain('pollIntervalMs');
      // A task the rules already found at fault is not reported a second time by the schema.
      expect(violations.filter((v) => v.detail.includes('schema'))).toHaveLength(1);
      // Every request named its subject and version in the headers the transport asks for.
      const get = seenHeaders.find((h) => h.method === 'tasks/get');
      expect(get).toMatchObject({ 'mcp-name': 't1', 'mcp-method': 'tasks/get', 'mcp-protocol-version': '2026-07-28' });
      expect(seenHeaders.find((h) => h.method === 'tools/call')).toMatchObject({ 'mcp-name': 'x' });
      expect(seenHeaders.find((h) => h.method === 'subscriptions/listen')?.['mcp-name']).toBeUndefined();
    } finally {
      client.close();
    }
  });
});
