/**
 * The fetch wrappers a session's SDK transport sends through: the Streamable HTTP notification stream watched, its
 * status pushes taken out, and answers routed through the response worker (offload.ts); legacy SSE's event stream
 * likewise.
 */
import { yieldToMain } from '../lib/yield-to-main';
import { offloadEventStream, offloadResponse, taskResultRequestId, warmUpOffloadWorker, type OffloadedEventStream } from './offload';
import { PushSplitter, type StreamPush } from './push-split';

export type StreamState = 'open' | 'unsupported';

/** Bytes of the notification stream handed on per task when a large chunk arrives (about 30 pushes). */
const STREAM_PIECE = 8 * 1024;

/**
 * Wraps fetch for Streamable HTTP to learn when the GET notification stream opens (or is refused) and when it
 * ends, so a dead server is noticed at once rather than at the next request; to take the status pushes out of that
 * stream and hand them to `onPush` directly (push-split.ts: the SDK's validation of each message was most of a
 * storm's cost); and to route the answer to each tasks/result through the response worker, so a large result is
 * parsed off the main thread (offload.ts).
 */
export function watchGetStream(
  onStreamEnded: () => void,
  fetch: typeof globalThis.fetch,
  onUnauthorized?: (response: Response) => void,
  onPush?: (push: StreamPush) => void,
): { fetch: typeof fetch; opened: Promise<StreamState> } {
  let settle: (state: StreamState) => void = () => {};
  const opened = new Promise<StreamState>((resolve) => (settle = resolve));
  warmUpOffloadWorker();
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 401) onUnauthorized?.(response);
    // Every answer goes through the response worker (a large result is parsed there, a megabyte statusMessage clipped).
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return offloadResponse(response, taskResultRequestId(init?.body));
    const isStream = response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream');
    settle(isStream ? 'open' : 'unsupported');
    if (!isStream || !response.body) return response;
    // The pushes too: the worker takes the status pushes out of the stream (a megabyte statusMessage
    // clipped), and posts them here to hand to the page; the rest, with the pushes' ids, goes on to the SDK. Without
    // the worker, they are taken out here (push-split.ts).
    const offloaded = await offloadEventStream(response, onPush && ((pushes) => pushes.forEach(onPush)));
    const source = (offloaded.response.body ?? response.body).getReader();
    const splitter = onPush && !offloaded.splitsPushes ? new PushSplitter(onPush) : undefined;
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    // What is left of a large chunk: a backlog of pushes (the page was busy, the server was not) is handed on in
    // pieces, one task each, so the page paints between them instead of working through it all in one long task.
    let rest: Uint8Array | undefined;
    /** The next piece of the stream, or undefined at its end (the stream then closed or errored). */
    const next = async (controller: ReadableStreamDefaultController<Uint8Array>): Promise<Uint8Array | undefined> => {
      if (rest) {
        await yieldToMain();
        const piece = rest.subarray(0, STREAM_PIECE);
        rest = rest.length > STREAM_PIECE ? rest.subarray(STREAM_PIECE) : undefined;
        return piece;
      }
      try {
        const { done, value } = await source.read();
        if (done) {
          controller.close();
          onStreamEnded();
          return undefined;
        }
        if (value.length <= STREAM_PIECE) return value;
        rest = value.subarray(STREAM_PIECE);
        return value.subarray(0, STREAM_PIECE);
      } catch (error) {
        controller.error(error);
        onStreamEnded();
        return undefined;
      }
    };
    const monitored = new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          // Until there is something for the SDK (a piece of only status pushes leaves nothing for it).
          for (;;) {
            const piece = await next(controller);
            if (!piece) return;
            if (!splitter) {
              controller.enqueue(piece);
              return;
            }
            const out = splitter.feed(decoder.decode(piece, { stream: true }));
            if (out) return controller.enqueue(encoder.encode(out));
          }
        },
        cancel(reason) {
          return source.cancel(reason);
        },
      }),
      { status: response.status, statusText: response.statusText, headers: response.headers },
    );
    return monitored;
  };
  return { fetch: wrapped, opened };
}

/**
 * Wraps fetch for legacy SSE, where every answer arrives on the GET event stream rather than on its POST: the stream
 * is routed through the response worker, and each tasks/result POST tells the worker to expect its answer there
 * before the POST is sent (so before any of the answer can arrive).
 */
export function offloadSseAnswers(fetch: typeof globalThis.fetch): typeof fetch {
  // Loading meanwhile: the event stream's GET is held until the worker is ready.
  warmUpOffloadWorker();
  // The EventSource holds one GET at a time; a reconnect replaces it (and a legacy session with it).
  let stream: OffloadedEventStream | undefined;
  return async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
      stream = await offloadEventStream(await fetch(input, init));
      return stream.response;
    }
    const resultId = taskResultRequestId(init?.body);
    if (resultId !== undefined) stream?.expect(resultId);
    return fetch(input, init);
  };
}
