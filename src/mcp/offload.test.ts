import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as OffloadModule from './offload';
import { createOffloadHost, type FromWorker, type ToWorker } from './offload-host';
import { OFFLOADED_META_KEY } from './offload-parser';

// Imported afresh for each test: the module keeps its worker (or its failure) for the page's life.
type Offload = typeof OffloadModule;

/**
 * The worker, in this thread: the same host the real worker runs, its messages delivered in order on later tasks
 * (as a worker's are). `load: 'fails'` reports an error instead of `ready`, as a worker whose script fails does.
 */
function fakeWorker(load: 'ready' | 'fails') {
  const received: ToWorker[] = [];
  class FakeWorker {
    onmessage: ((event: { data: FromWorker }) => void) | null = null;
    onerror: ((event: { message: string }) => void) | null = null;
    readonly #host = createOffloadHost(
      (output) => setTimeout(() => this.onmessage?.({ data: output })),
      () => `key${received.length}`,
    );
    constructor() {
      setTimeout(() => (load === 'ready' ? this.onmessage?.({ data: { type: 'ready' } }) : this.onerror?.({ message: 'blocked' })));
    }
    postMessage(message: ToWorker) {
      received.push(message);
      setTimeout(() => this.#host(message));
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return received;
}

/** An SSE response whose body the test writes to, event by event. */
function sseResponse(init: { status?: number; type?: string } = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cancelled: unknown[] = [];
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c), cancel: (reason) => void cancelled.push(reason) });
  const response = new Response(body, { status: init.status ?? 200, headers: { 'content-type': init.type ?? 'text/event-stream' } });
  return {
    response,
    write: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    close: () => controller.close(),
    fail: (error: Error) => controller.error(error),
    cancelled,
  };
}

/** Reads from `reader` until the text read so far ends a whole number of events (or the stream ends). */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  do {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  } while (!text.endsWith('\n\n'));
  return text;
}

const answer = (id: number, size: number) =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'x'.repeat(size) }] } });

describe('the legacy SSE event stream, routed through the worker', () => {
  let offload: Offload;

  beforeEach(async () => {
    vi.resetModules();
    offload = await import('./offload');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('passes each event on as it comes, and offloads a large answer once its id is expected', async () => {
    const received = fakeWorker('ready');
    const source = sseResponse();
    const { response, expect: expectId } = await offload.offloadEventStream(source.response);
    const reader = response.body!.getReader();

    source.write('event: endpoint\ndata: /messages?sessionId=1\n\n');
    expect(await readEvents(reader)).toBe('event: endpoint\ndata: /messages?sessionId=1\n\n');
    // Not expected: a large answer passes through as it came.
    const other = `event: message\ndata: ${answer(4, 300_000)}\n\n`;
    source.write(other);
    expect(await readEvents(reader)).toBe(other);

    expectId(5);
    source.write(`event: message\ndata: ${answer(5, 300_000).slice(0, 1000)}`);
    source.write(`${answer(5, 300_000).slice(1000)}\n\n`);
    const standIn = await readEvents(reader);
    const message = JSON.parse(standIn.replace(/^event: message\ndata: /, '')) as { id: number; result: unknown };
    expect(message.id).toBe(5);
    expect(message.result).toEqual({ _meta: { [OFFLOADED_META_KEY]: expect.any(String) as string } });
    expect(offload.takeOffloaded(message.result)?.text).toBe(JSON.stringify({ content: [{ type: 'text', text: 'x'.repeat(300_000) }] }));
    // The expectation went to the worker before the chunk that carried the answer.
    const types = received.map((m) => (m.type === 'expect' ? `expect ${m.id}` : m.type));
    const at = types.indexOf('expect 5');
    expect(types.slice(0, at)).toEqual(['start', 'chunk', 'chunk']);
    expect(types.slice(at + 1)).toContain('chunk');
    expect(types.slice(at + 1).every((type) => type === 'chunk')).toBe(true);

    source.close();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('passes a cancel on to the source, and an error of the source on to the reader', async () => {
    fakeWorker('ready');
    const cancelled = sseResponse();
    const first = await offload.offloadEventStream(cancelled.response);
    await first.response.body!.cancel('closing');
    expect(cancelled.cancelled).toEqual(['closing']);

    const failing = sseResponse();
    const second = await offload.offloadEventStream(failing.response);
    const reader = second.response.body!.getReader();
    failing.fail(new Error('network gone'));
    await expect(reader.read()).rejects.toThrow('network gone');
  });

  it('is left untouched when the worker fails to load, and when the response is not a working event stream', async () => {
    fakeWorker('fails');
    const source = sseResponse();
    const { response, expect: expectId } = await offload.offloadEventStream(source.response);
    expect(response).toBe(source.response);
    expectId(1);

    vi.resetModules();
    offload = await import('./offload');
    fakeWorker('ready');
    for (const init of [{ status: 500 }, { type: 'application/json' }]) {
      const other = sseResponse(init);
      expect((await offload.offloadEventStream(other.response)).response).toBe(other.response);
    }
  });
});

describe('any other answer, routed through the worker once it has loaded', () => {
  const long = 'x'.repeat(1_000_000);
  const getAnswer = () =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: 3, result: { taskId: 't', status: 'completed', statusMessage: long, ttl: null } }), {
      headers: { 'content-type': 'application/json' },
    });

  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('is left untouched until the worker has loaded; then a megabyte statusMessage is clipped, its whole text held for copying', async () => {
    fakeWorker('ready');
    const offload = await import('./offload');
    const clip = await import('../lib/clipped-text');
    const early = getAnswer();
    expect(offload.offloadResponse(early, undefined)).toBe(early);
    // Waits for the worker to load (an event stream is routed only once it has).
    await offload.offloadEventStream(sseResponse().response);

    const routed = offload.offloadResponse(getAnswer(), undefined);
    const message = (await routed.json()) as { id: number; result: { taskId: string; statusMessage: string } };
    expect(message.id).toBe(3);
    expect(message.result.taskId).toBe('t');
    expect(message.result.statusMessage.length).toBeLessThan(5000);
    expect(clip.clippedLength(message.result.statusMessage)).toBe(1_000_000);
    expect(clip.wholeText(message.result.statusMessage)).toBe(long);
  });

  it('is left untouched when the worker failed to load', async () => {
    fakeWorker('fails');
    const offload = await import('./offload');
    const source = sseResponse();
    expect((await offload.offloadEventStream(source.response)).response).toBe(source.response);
    const answer = getAnswer();
    expect(offload.offloadResponse(answer, undefined)).toBe(answer);
  });
});
