/**
 * The worker's side of large-response offloading: the messages the main thread and the worker exchange, and a
 * parser per stream fed by them (the parser itself is offload-parser.ts).
 */
import { createOffloadParser, type ParserOutput, type PushesOutput } from './offload-parser';
import type { ClippedText } from '../lib/clipped-text';
import { messageOf } from '../lib/errors';

/** What the main thread tells the worker: streams are numbered, and each message names its stream. */
export type ToWorker =
  | {
      type: 'start';
      stream: number;
      mode: 'sse' | 'json';
      threshold: number;
      /** Messages at least this long are parsed to clip over-long statusMessages (ParserOptions.clipAbove). */
      clipAbove?: number;
      expect: ReadonlyArray<string | number>;
      /** MCP 2026-07-28: results come inlined in tasks (see ParserOptions.tasks). */
      tasks?: boolean;
      /** SSE: take the status pushes out and post them parsed (ParserOptions.splitPushes). */
      splitPushes?: boolean;
    }
  /** A long-lived stream will carry the answer to this request: sent before the request itself. */
  | { type: 'expect'; stream: number; id: string | number }
  | { type: 'chunk'; stream: number; bytes: Uint8Array }
  | { type: 'end'; stream: number }
  | { type: 'cancel'; stream: number }
  /** The offloaded payload `key` as a UTF-8 Blob, to keep it: encoded here, not on the main thread. */
  | { type: 'blob'; request: number; key: string };

/** What the worker answers: `ready` once it has loaded, then what each stream gives, and the Blobs asked for. */
export type FromWorker = { type: 'ready' } | { type: 'blob'; request: number; blob: Blob | null } | StreamOutput;
export type StreamOutput = { stream: number } & (ParserOutput | PushTexts | { type: 'done' } | { type: 'error'; message: string });

/**
 * Status pushes taken out of the stream, posted as their JSON texts (a clipped one as clipped), in order: the page
 * parses each once. Not the parsed objects: structured-cloning an object tree into the page cost it several times
 * what JSON.parse of the same text does (the storm bench's profile: 30 µs a push in the message handler).
 */
interface PushTexts {
  type: 'pushes';
  texts: string[];
  clipped?: ClippedText[];
}

/**
 * Ids a stream expects at once, at most. An answer too small to offload never leaves the set, so a stream that
 * lives as long as the connection forgets the oldest instead of growing (an answer it forgot passes through as it
 * came: correct, only not offloaded).
 */
export const MAX_EXPECTED = 256;

/**
 * Status pushes posted together at most: a chunk's pushes go in as few messages as this allows, and each message is
 * a task of its own on the main thread, which can paint between them when a backlog arrives at once.
 */
export const PUSH_BATCH = 32;

/** Offloaded texts held for a Blob request; the main thread asks right after it has drawn the result. */
const KEPT_TEXTS = 4;

/** The worker's side: a parser per stream, fed by the main thread's messages, its output posted back. */
export function createOffloadHost(
  post: (output: Exclude<FromWorker, { type: 'ready' }>) => void,
  newKey: () => string,
): (message: ToWorker) => void {
  const streams = new Map<number, { parser: ReturnType<typeof createOffloadParser>; expected: Set<string | number>; flush: () => void }>();
  // The text of the last few payloads, until the main thread asks for it as a Blob (to keep it) or it is dropped.
  const texts = new Map<string, string>();
  const remember = (key: string, text: string) => {
    texts.set(key, text);
    for (const oldest of texts.keys()) {
      if (texts.size <= KEPT_TEXTS) break;
      texts.delete(oldest);
    }
  };
  const blob = (request: number, key: string) => {
    const text = texts.get(key);
    texts.delete(key);
    post({ type: 'blob', request, blob: text === undefined ? null : new Blob([text], { type: 'application/json' }) });
  };

  const start = (message: Extract<ToWorker, { type: 'start' }>) => {
    const { stream, mode, threshold, clipAbove } = message;
    const expected = new Set(message.expect);
    // A chunk's pushes are posted together (up to PUSH_BATCH), in order with the text around them.
    const takePushes = (output: PushesOutput) => {
      const last = outputs.at(-1);
      const texts = output.pushes.map((push) => push.text);
      if (last?.type !== 'pushes' || last.texts.length >= PUSH_BATCH) {
        outputs.push({ type: 'pushes', texts, ...(output.clipped && { clipped: [...output.clipped] }) });
        return;
      }
      last.texts.push(...texts);
      if (output.clipped) (last.clipped ??= []).push(...output.clipped);
    };
    const parser = createOffloadParser({
      mode,
      threshold,
      tasks: message.tasks === true,
      ...(message.splitPushes === true && mode === 'sse' && { splitPushes: takePushes }),
      ...(clipAbove !== undefined && { clipAbove }),
      expects: (id) => expected.has(id),
      expecting: () => expected.size > 0,
      nextKey: newKey,
      emit: (output) => {
        if (output.type === 'offloaded') {
          expected.delete(output.payload.id);
          remember(output.key, output.payload.text);
        }
        // Events that pass through as text are posted together, once per chunk: a storm of small pushes is then
        // one message to the main thread per chunk, not one per push.
        const last = outputs.at(-1);
        if (output.type === 'text' && last?.type === 'text') last.text += output.text;
        else outputs.push(output.type === 'text' ? { ...output } : output);
      },
    });
    const outputs: Array<ParserOutput | PushTexts> = [];
    const flush = () => {
      for (const output of outputs.splice(0)) post({ stream, ...output });
    };
    streams.set(stream, { parser, expected, flush });
  };

  const expectId = (stream: number, id: string | number) => {
    const expected = streams.get(stream)?.expected;
    if (!expected) return;
    expected.add(id);
    const oldest = expected.values().next();
    if (expected.size > MAX_EXPECTED && !oldest.done) expected.delete(oldest.value);
  };

  return (message) => {
    try {
      switch (message.type) {
        case 'start':
          start(message);
          break;
        case 'expect':
          expectId(message.stream, message.id);
          break;
        case 'chunk': {
          const entry = streams.get(message.stream);
          entry?.parser.push(message.bytes);
          entry?.flush();
          break;
        }
        case 'end': {
          const entry = streams.get(message.stream);
          entry?.parser.end();
          entry?.flush();
          streams.delete(message.stream);
          post({ stream: message.stream, type: 'done' });
          break;
        }
        case 'cancel':
          streams.delete(message.stream);
          break;
        case 'blob':
          blob(message.request, message.key);
          break;
      }
    } catch (error) {
      if (message.type === 'blob') {
        post({ type: 'blob', request: message.request, blob: null });
        return;
      }
      streams.delete(message.stream);
      post({ stream: message.stream, type: 'error', message: messageOf(error) });
    }
  };
}
