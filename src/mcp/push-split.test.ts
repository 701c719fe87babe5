import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { asStreamPush, PushSplitter, type StreamPush } from './push-split';

const push = (taskId: string, status = 'working') =>
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId, status } });

function split(pieces: string[]): { out: string; pushes: StreamPush[] } {
  const pushes: StreamPush[] = [];
  const splitter = new PushSplitter((p) => pushes.push(p));
  return { out: pieces.map((p) => splitter.feed(p)).join(''), pushes };
}

describe('asStreamPush', () => {
  it('takes both dialects’ status pushes with object params', () => {
    expect(asStreamPush(push('a'))?.params).toEqual({ taskId: 'a', status: 'working' });
    const seed = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/updated', params: { taskId: 'b' } });
    expect(asStreamPush(seed)?.method).toBe('notifications/tasks/updated');
  });

  it('leaves requests, other notifications, bad JSON and missing params to the SDK', () => {
    expect(asStreamPush(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'notifications/tasks/status', params: {} }))).toBeUndefined();
    expect(
      asStreamPush(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'notifications/tasks/' } })),
    ).toBeUndefined();
    expect(asStreamPush('{"jsonrpc":"2.0","method":"notifications/tasks/status",')).toBeUndefined();
    expect(asStreamPush(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/status' }))).toBeUndefined();
    expect(asStreamPush(JSON.stringify({ jsonrpc: '1.0', method: 'notifications/tasks/status', params: {} }))).toBeUndefined();
  });
});

describe('PushSplitter', () => {
  it('takes pushes out, hands the SDK the last push id, and passes every other event through in order', () => {
    const elicit = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'hi' } });
    const { out, pushes } = split([
      `id: 1\ndata: ${push('a')}\n\nid: 2\ndata: ${push('b')}\n\n`,
      `id: 3\ndata: ${elicit}\n\n: keep-alive\n\nid: 4\ndata: ${push('c')}\n\n`,
    ]);
    expect(pushes.map((p) => (p.params as { taskId: string }).taskId)).toEqual(['a', 'b', 'c']);
    expect(pushes[0]?.text).toBe(push('a'));
    expect(out).toBe(`id: 2\ndata:\n\nid: 3\ndata: ${elicit}\n\n: keep-alive\n\nid: 4\ndata:\n\n`);
  });

  it('hands the SDK ids its own SSE parser dispatches, so it resumes after the last push (Last-Event-ID)', () => {
    const { out } = split([`id: 7\ndata: ${push('a')}\n\nid: 8\ndata: ${push('b')}\n\n`]);
    // What the SDK's transport does with the text: parse it with eventsource-parser and remember each event's id.
    const ids: string[] = [];
    const parser = createParser({ onEvent: (event) => event.id !== undefined && ids.push(event.id) });
    parser.feed(out);
    expect(ids.at(-1)).toBe('8');
  });

  it('reads events split anywhere, with CRLF, CR or LF line ends and multi-line data', () => {
    const text = `id: 9\r\ndata: ${push('x')}\r\n\r\nevent: message\rdata: {"jsonrpc":"2.0",\rdata: "method":"notifications/tasks/status","params":{"taskId":"y"}}\r\r\n`;
    for (const size of [1, 2, 5, 17, text.length]) {
      const pieces: string[] = [];
      for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
      const { out, pushes } = split(pieces);
      expect(pushes.map((p) => (p.params as { taskId: string }).taskId)).toEqual(['x', 'y']);
      expect(out).toBe('id: 9\ndata:\n\n');
    }
  });

  it('passes events of another type and a push without an id through or away as it should', () => {
    const { out, pushes } = split([`event: other\ndata: ${push('a')}\n\ndata: ${push('b')}\nretry: 500\n\n`]);
    expect(pushes).toHaveLength(1);
    expect(out).toBe(`event: other\ndata: ${push('a')}\n\nretry: 500\n\n`);
  });

  it('holds an event whose blank line has not arrived yet', () => {
    const pushes: StreamPush[] = [];
    const splitter = new PushSplitter((p) => pushes.push(p));
    expect(splitter.feed(`id: 1\ndata: ${push('a')}\n`)).toBe('');
    expect(pushes).toHaveLength(0);
    expect(splitter.feed('\n')).toBe('id: 1\ndata:\n\n');
    expect(pushes).toHaveLength(1);
  });
});
