import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { answeredVersion, EARLY_INITIALIZE_PARAMS, earlyRequest } from './early-connect';
import { CLIENT_CAPABILITIES, CLIENT_INFO } from './mcp/client-identity';

describe('the early initialize request', () => {
  it('is the request the app sends: its client info, capabilities and the SDK’s protocol version', () => {
    expect(EARLY_INITIALIZE_PARAMS).toEqual({
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: CLIENT_CAPABILITIES,
      clientInfo: CLIENT_INFO,
    });
    const request = earlyRequest('?server=http%3A%2F%2F127.0.0.1%3A3000%2Fmcp');
    expect(request?.url).toBe('http://127.0.0.1:3000/mcp');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ method: 'initialize', params: EARLY_INITIALIZE_PARAMS, jsonrpc: '2.0', id: 0 });
  });

  it('is sent for a linked server reached over Streamable HTTP (Auto, or named), never for SSE, the bridge or stdio', () => {
    const link = (transport?: string) =>
      earlyRequest(
        `?${new URLSearchParams({ server: 'https://example.test/mcp', ...(transport !== undefined && { transport }) }).toString()}`,
      );
    expect(link()?.url).toBe('https://example.test/mcp');
    expect(link('auto')?.url).toBe('https://example.test/mcp');
    expect(link('streamable-http')?.url).toBe('https://example.test/mcp');
    // The app reads a transport it does not know as Auto.
    expect(link('carrier-pigeon')?.url).toBe('https://example.test/mcp');
    expect(link('sse')).toBeUndefined();
    expect(link('bridge')).toBeUndefined();
    expect(link('stdio')).toBeUndefined();
  });

  it('is not sent without a server, for an address that is not http(s), or for one with a user name or password', () => {
    expect(earlyRequest('')).toBeUndefined();
    expect(earlyRequest('?task=abc')).toBeUndefined();
    expect(earlyRequest('?server=not%20a%20url')).toBeUndefined();
    expect(earlyRequest('?server=stdio%3Aeverything')).toBeUndefined();
    expect(earlyRequest('?server=javascript%3Aalert(1)')).toBeUndefined();
    expect(earlyRequest('?server=http%3A%2F%2Fuser%3Apass%40127.0.0.1%3A3000%2Fmcp')).toBeUndefined();
  });
});

describe('the protocol version the answer names', () => {
  const answer = (chunks: string[], type: string) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
      { headers: { 'content-type': type } },
    );
  const result = JSON.stringify({ result: { protocolVersion: '2025-06-18', capabilities: {} }, jsonrpc: '2.0', id: 0 });

  it('is read from a JSON answer, and from an event stream up to the answer, split across chunks', async () => {
    expect(await answeredVersion(answer([result], 'application/json'))).toBe('2025-06-18');
    const events = `id: a:1\ndata: \n\nevent: message\nid: a:2\ndata: ${result}\n\n`;
    expect(await answeredVersion(answer([events.slice(0, 40), events.slice(40, 90), events.slice(90)], 'text/event-stream'))).toBe(
      '2025-06-18',
    );
  });

  it('is read from an answer whose data spans several lines of its event, on a stream left open', async () => {
    const lines = result.replace('{"result"', '{\n"result"').split('\n');
    expect(lines).toHaveLength(2);
    // The stream is never closed: the version must come from the event itself.
    const open = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`event: message\r\n${lines.map((l) => `data: ${l}\r\n`).join('')}\r\n`));
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
    expect(await answeredVersion(open)).toBe('2025-06-18');
  });

  it('is read from an event stream whose media type is written in capitals, left open', async () => {
    const open = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`event: message\ndata: ${result}\n\n`));
        },
      }),
      { headers: { 'content-type': 'Text/Event-Stream; charset=UTF-8' } },
    );
    expect(await answeredVersion(open)).toBe('2025-06-18');
  });

  it('is read when a CRLF is split between two pieces of the stream', async () => {
    const events = `data: {"jsonrpc":"2.0",\r\ndata: "id":0,"result":{"protocolVersion":"2025-06-18"}}\r\n\r\n`;
    const cut = events.indexOf('\r\n') + 1;
    expect(await answeredVersion(answer([events.slice(0, cut), events.slice(cut)], 'text/event-stream'))).toBe('2025-06-18');
  });

  it('is not found in an error, an answer to another request, or past the first 64 KB', async () => {
    expect(
      await answeredVersion(
        answer([JSON.stringify({ error: { code: -32600, message: 'no' }, jsonrpc: '2.0', id: 0 })], 'application/json'),
      ),
    ).toBeUndefined();
    expect(await answeredVersion(answer([`data: ${result.replace('"id":0', '"id":7')}\n\n`], 'text/event-stream'))).toBeUndefined();
    expect(await answeredVersion(answer([`: ${'x'.repeat(70_000)}\n`, `data: ${result}\n\n`], 'text/event-stream'))).toBeUndefined();
  });
});
