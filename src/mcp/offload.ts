/**
 * Large `tasks/result` responses, parsed off the main thread. The fetch wrapper of a session routes the body of
 * each tasks/result POST through a worker (offload.worker.ts): events pass through as they came, except a result
 * larger than OFFLOAD_THRESHOLD, which the worker parses, validates and measures, and replaces with a small
 * stand-in whose `_meta` names the payload kept here. The SDK then parses only the stand-in; `fetchTaskResult`
 * swaps the payload back in (as JSON text, parsed on the main thread only when the viewer is asked to show it).
 */
import { OFFLOADED_META_KEY, type OffloadedPayload, type ParserOutput } from './offload-parser';

/** Results shorter than this (JSON characters) are handled by the SDK as usual. */
export const OFFLOAD_THRESHOLD = 256_000;
/** Payloads nobody took (a request that timed out): the oldest are dropped beyond this many. */
const KEPT_PAYLOADS = 8;

export type ToWorker =
  | { type: 'start'; stream: number; mode: 'sse' | 'json'; threshold: number; expect: ReadonlyArray<string | number> }
  | { type: 'chunk'; stream: number; bytes: Uint8Array }
  | { type: 'end'; stream: number }
  | { type: 'cancel'; stream: number };

type FromWorker = { stream: number } & (ParserOutput | { type: 'done' } | { type: 'error'; message: string });

const payloads = new Map<string, OffloadedPayload>();

function keyOf(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const meta = (result as { _meta?: unknown })._meta;
  const key = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[OFFLOADED_META_KEY] : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** The payload a stand-in result names, if it is one of ours; it is not kept after this. */
export function takeOffloaded(result: unknown): OffloadedPayload | undefined {
  const key = keyOf(result);
  const payload = key === undefined ? undefined : payloads.get(key);
  if (key !== undefined) payloads.delete(key);
  return payload;
}

/** The payload a stand-in result names, left in place (for the protocol log). */
export function peekOffloaded(result: unknown): OffloadedPayload | undefined {
  const key = keyOf(result);
  return key === undefined ? undefined : payloads.get(key);
}

function remember(key: string, payload: OffloadedPayload): void {
  payloads.set(key, payload);
  while (payloads.size > KEPT_PAYLOADS) payloads.delete(payloads.keys().next().value!);
}

let worker: Worker | null | undefined;
let nextStream = 0;
const handlers = new Map<number, (message: FromWorker) => void>();

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'function' ? new Worker(new URL('./offload.worker.ts', import.meta.url), { type: 'module' }) : null;
  } catch {
    worker = null;
  }
  if (worker) {
    worker.onmessage = (event: MessageEvent<FromWorker>) => handlers.get(event.data.stream)?.(event.data);
    worker.onerror = (event) => {
      // A worker that fails to load fails every stream it was given; later responses are not routed to it.
      for (const handler of [...handlers.values()]) handler({ stream: -1, type: 'error', message: `The response worker failed: ${event.message || 'it did not load'}` });
      worker = null;
    };
  }
  return worker;
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
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'text/event-stream' ? 'sse' : type === 'application/json' ? 'json' : undefined;
}

/**
 * The response with its body routed through the worker, for the response to request `id`. Unchanged when there is
 * no worker, the response failed, or its body is neither SSE nor JSON.
 */
export function offloadResponse(response: Response, id: string | number): Response {
  const mode = modeOf(response);
  const w = response.ok && mode && response.body ? getWorker() : null;
  if (!w || !mode || !response.body) return response;
  const stream = ++nextStream;
  const source = response.body.getReader();
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
            controller.enqueue(encoder.encode(message.text));
            break;
          case 'done':
            finish();
            controller.close();
            break;
          case 'error':
            finish();
            void source.cancel().catch(() => {});
            controller.error(new Error(message.message));
            break;
        }
      });
      w.postMessage({ type: 'start', stream, mode, threshold: OFFLOAD_THRESHOLD, expect: [id] } satisfies ToWorker);
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await source.read();
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
      return source.cancel(reason);
    },
  });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
