/**
 * Large `tasks/result` responses, parsed off the main thread. The fetch wrapper of a session routes the body of
 * each tasks/result POST through a worker (offload.worker.ts): events pass through as they came, except a result
 * larger than OFFLOAD_THRESHOLD, which the worker parses, validates and measures, and replaces with a small
 * stand-in whose `_meta` names the payload kept here. The SDK then parses only the stand-in; `fetchTaskResult`
 * swaps the payload back in (as JSON text, parsed on the main thread only when the viewer is asked to show it).
 * Over legacy SSE every answer comes on the one GET event stream instead: it is routed through the worker for the
 * connection's life, and each tasks/result POST first tells the worker to expect its id (offloadEventStream).
 */
import type { FromWorker, StreamOutput, ToWorker } from './offload-host';
import { OFFLOADED_META_KEY, type OffloadedPayload } from './offload-parser';
import { asStreamPush, type StreamPush } from './push-split';
import { CLIP_ABOVE } from './offload-clip';
import { holdClipped } from '../lib/clipped-text';

/**
 * Results shorter than this (JSON characters) are handled by the SDK as usual. Above it, the SDK's parse and schema
 * check of the answer on the main thread took longer than a frame (a 190 KB result of hostile markdown: 16-52 ms in
 * the hostile-text bench), so the worker does both and the page parses the text in slices when it draws it.
 */
export const OFFLOAD_THRESHOLD = 64_000;
/**
 * Any message at least this long (JSON characters) is parsed in the worker to clip its over-long statusMessages
 * (offload-clip.ts); shorter ones pass through untouched. A statusMessage over CLIP_ABOVE makes a message this long.
 */
const CLIP_SCAN_THRESHOLD = CLIP_ABOVE;
/** Payloads nobody took (a request that timed out): the oldest are dropped beyond this many. */
const KEPT_PAYLOADS = 8;
/** How long a long-lived stream waits for the worker to load before it is left untouched instead. */
const LOAD_TIMEOUT_MS = 5000;
/** How long a Blob request waits for the worker before the text is encoded on this thread instead. */
const BLOB_TIMEOUT_MS = 15_000;

const payloads = new Map<string, OffloadedPayload>();

function keyOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const meta = (result as { _meta?: unknown })._meta;
  const key = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[OFFLOADED_META_KEY] : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** The payload a stand-in result names (with its key), if it is one of ours; it is not kept after this. */
export function takeOffloaded(result: unknown): (OffloadedPayload & { key: string }) | undefined {
  const key = keyOf(result);
  const payload = key === undefined ? undefined : payloads.get(key);
  if (key === undefined || payload === undefined) return undefined;
  payloads.delete(key);
  return { ...payload, key };
}

/** The payload a stand-in result names, left in place (for the protocol log). */
export function peekOffloaded(result: unknown): OffloadedPayload | undefined {
  const key = keyOf(result);
  return key === undefined ? undefined : payloads.get(key);
}

function remember(key: string, payload: OffloadedPayload): void {
  payloads.set(key, payload);
  for (const oldest of payloads.keys()) {
    if (payloads.size <= KEPT_PAYLOADS) break;
    payloads.delete(oldest);
  }
}

let worker: Worker | null | undefined;
/** The worker once it has said it loaded (and until it fails). */
let readyWorker: Worker | null = null;
/** Settles with the worker once it says it has loaded, or with null if it failed to. */
let loaded: Promise<Worker | null> = Promise.resolve(null);
let nextStream = 0;
const handlers = new Map<number, (message: StreamOutput) => void>();
let nextBlobRequest = 0;
const blobRequests = new Map<number, (blob: Blob | null) => void>();

/**
 * An offloaded payload's JSON as a UTF-8 Blob made in the worker, which then lets go of its text: how a large result
 * is kept without encoding tens of megabytes on the main thread. Undefined when the worker no longer has it.
 */
export function offloadedBlob(key: string): Promise<Blob | undefined> {
  const w = worker;
  if (!w) return Promise.resolve(undefined);
  const request = ++nextBlobRequest;
  return new Promise((resolve) => {
    // A worker that died without a word (out of memory, say) never answers: the caller encodes the text itself.
    const timer = setTimeout(() => answer(null), BLOB_TIMEOUT_MS);
    const answer = (blob: Blob | null) => {
      clearTimeout(timer);
      blobRequests.delete(request);
      resolve(blob ?? undefined);
    };
    blobRequests.set(request, answer);
    w.postMessage({ type: 'blob', request, key } satisfies ToWorker);
  });
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  let settle: (loadedWorker: Worker | null) => void = () => {};
  loaded = new Promise((resolve) => (settle = resolve));
  try {
    worker = typeof Worker === 'function' ? new Worker(new URL('./offload.worker.ts', import.meta.url), { type: 'module' }) : null;
  } catch {
    worker = null;
  }
  const w = worker;
  if (!w) {
    settle(null);
    return null;
  }
  w.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'ready') {
      readyWorker = w;
      settle(w);
    } else if (message.type === 'blob') blobRequests.get(message.request)?.(message.blob);
    else handlers.get(message.stream)?.(message);
  };
  w.onerror = (event) => {
    settle(null);
    readyWorker = null;
    // A worker that fails to load fails every stream it was given; later responses are not routed to it.
    for (const handler of [...handlers.values()])
      handler({ stream: -1, type: 'error', message: `The response worker failed: ${event.message || 'it did not load'}` });
    for (const answer of [...blobRequests.values()]) answer(null);
    worker = null;
  };
  return w;
}

/** The worker once it has loaded; null when there is none, it failed to load, or it did not load in time. */
async function loadedWorker(): Promise<Worker | null> {
  if (!getWorker()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LOAD_TIMEOUT_MS)));
  try {
    return await Promise.race([loaded, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The id of a JSON-RPC tasks/result request in a POST body, if it is one. */
export function taskResultRequestId(body: unknown): string | number | undefined {
  if (typeof body !== 'string' || body.length > 10_000 || !body.includes('tasks/result')) return undefined;
  try {
    const message = JSON.parse(body) as { method?: unknown; id?: unknown };
    return message.method === 'tasks/result' && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined;
  } catch {
    return undefined;
  }
}

function modeOf(response: Response): 'sse' | 'json' | undefined {
  const type = (response.headers.get('content-type') ?? '').split(';', 1).join('').trim().toLowerCase();
  return type === 'text/event-stream' ? 'sse' : type === 'application/json' ? 'json' : undefined;
}

/**
 * `source` routed through the worker, which starts out expecting the answers to `expect`; `expectId` adds one
 * while the stream runs. End, cancel and errors propagate both ways.
 */
function routeThrough(
  w: Worker,
  source: ReadableStream<Uint8Array>,
  mode: 'sse' | 'json',
  expect: ReadonlyArray<string | number>,
  tasks = false,
  onPushes?: (pushes: StreamPush[]) => void,
): { body: ReadableStream<Uint8Array>; expectId: (id: string | number) => void } {
  const stream = ++nextStream;
  const reader = source.getReader();
  const encoder = new TextEncoder();
  let finished = false;
  const finish = () => {
    finished = true;
    handlers.delete(stream);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      handlers.set(stream, (message) => {
        if (finished) return;
        switch (message.type) {
          case 'text':
            if (message.text) controller.enqueue(encoder.encode(message.text));
            break;
          case 'offloaded':
            remember(message.key, message.payload);
            if (message.clipped) holdClipped(message.clipped);
            controller.enqueue(encoder.encode(message.text));
            break;
          case 'clipped':
            holdClipped(message.clipped);
            controller.enqueue(encoder.encode(message.text));
            break;
          case 'pushes':
            if (message.clipped) holdClipped(message.clipped);
            if (onPushes) {
              const pushes: StreamPush[] = [];
              for (const text of message.texts) {
                const push = asStreamPush(text);
                if (push) pushes.push(push);
              }
              onPushes(pushes);
            }
            break;
          case 'done':
            finish();
            controller.close();
            break;
          case 'error':
            finish();
            void reader.cancel().catch(() => {});
            controller.error(new Error(message.message));
            break;
        }
      });
      w.postMessage({
        type: 'start',
        stream,
        mode,
        threshold: OFFLOAD_THRESHOLD,
        clipAbove: CLIP_SCAN_THRESHOLD,
        expect,
        ...(tasks && { tasks }),
        ...(onPushes && { splitPushes: true }),
      } satisfies ToWorker);
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (finished) return;
            if (done) break;
            // Transfer, not copy: a view that does not own its whole buffer is copied first.
            const bytes = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
            w.postMessage({ type: 'chunk', stream, bytes } satisfies ToWorker, [bytes.buffer]);
          }
          w.postMessage({ type: 'end', stream } satisfies ToWorker);
        } catch (error) {
          if (finished) return;
          finish();
          w.postMessage({ type: 'cancel', stream } satisfies ToWorker);
          controller.error(error);
        }
      })();
    },
    cancel(reason) {
      finish();
      w.postMessage({ type: 'cancel', stream } satisfies ToWorker);
      return reader.cancel(reason);
    },
  });
  // Posted in order with the chunks, so the worker knows of the id before any chunk that might carry its answer.
  const expectId = (id: string | number) => {
    if (!finished) w.postMessage({ type: 'expect', stream, id } satisfies ToWorker);
  };
  return { body, expectId };
}

function withBody(response: Response, body: ReadableStream<Uint8Array>): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The response with its body routed through the worker, for the response to request `id` (a tasks/result), or to
 * any other request when `id` is undefined (its over-long statusMessages clipped there). Unchanged when there is
 * no worker, the response failed, or its body is neither SSE nor JSON; for any other request, also while the worker
 * has not loaded yet (a worker failing to load would fail the request). `tasks`: an MCP 2026-07-28 answer or
 * listen stream, whose results come inlined in tasks (the answer to `id`, and every status push).
 */
export function offloadResponse(response: Response, id: string | number | undefined, tasks = false): Response {
  const mode = modeOf(response);
  const w = response.ok && mode && response.body ? (id === undefined && !tasks ? readyWorker : getWorker()) : null;
  if (!w || !mode || !response.body) return response;
  return withBody(response, routeThrough(w, response.body, mode, id === undefined ? [] : [id], tasks).body);
}

export interface OffloadedEventStream {
  response: Response;
  /** The answer to request `id` will come on this stream: call it before the request is sent. */
  expect: (id: string | number) => void;
  /** Whether the worker takes the status pushes out (they then go to `onPushes`, not into `response`). */
  splitsPushes: boolean;
}

/** Starts loading the worker now, so a stream that waits for it (offloadEventStream) waits less. */
export function warmUpOffloadWorker(): void {
  getWorker();
}

/**
 * An event stream that lives as long as the connection (legacy SSE's, which carries every answer, or Streamable
 * HTTP's GET notification stream), routed through the worker for the connection's life. Given `onPushes`, the
 * worker also takes the task status pushes out of it and posts them here, a chunk's together, each as its JSON text
 * (clipped there), parsed here once and handed on; the SDK still gets their ids (push-split.ts). Unchanged (`expect` does
 * nothing, `splitsPushes` is false) when there is no worker, the response failed, or it is not SSE. It waits for the
 * worker to load first: a worker failing after the stream was routed would end the stream, and a legacy SSE session
 * does not outlive its stream.
 */
export async function offloadEventStream(response: Response, onPushes?: (pushes: StreamPush[]) => void): Promise<OffloadedEventStream> {
  const untouched: OffloadedEventStream = { response, expect: () => {}, splitsPushes: false };
  if (!response.ok || modeOf(response) !== 'sse' || !response.body) return untouched;
  const w = await loadedWorker();
  if (!w) return untouched;
  const routed = routeThrough(w, response.body, 'sse', [], false, onPushes);
  return { response: withBody(response, routed.body), expect: routed.expectId, splitsPushes: onPushes !== undefined };
}
