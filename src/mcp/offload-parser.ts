/**
 * The part of large-response offloading that runs in the worker, as plain functions so tests can drive it.
 *
 * A response stream (SSE or a JSON body) is fed in as bytes. Every event passes through unchanged, except a
 * JSON-RPC result for an expected request id whose data is larger than the threshold: that one is parsed,
 * validated and measured here, and the main thread gets a small stand-in in its place plus the result as text.
 */
import { parseTaskResult, summariseResult, type ResultSummary } from '../tasks/result';

/** Key of the stand-in result's `_meta` entry that names the offloaded payload. */
export const OFFLOADED_META_KEY = 'taskdeck/offloaded';

export interface OffloadedPayload {
  /** The result as compact JSON text: what Raw, Copy, Download and the kept copy use. */
  text: string;
  summary: ResultSummary;
  /** JSON length of the result, in characters. */
  size: number;
  /** JSON length of the whole JSON-RPC message, for the protocol log. */
  messageSize: number;
  id: string | number;
}

export type ParserOutput =
  | { type: 'text'; text: string }
  | { type: 'offloaded'; text: string; key: string; payload: OffloadedPayload };

export interface ParserOptions {
  mode: 'sse' | 'json';
  /** Data shorter than this (in characters) always passes through untouched. */
  threshold: number;
  /** Whether a response with this id is one the main thread expects offloaded (a tasks/result). */
  expects: (id: string | number) => boolean;
  /** A fresh key for each offloaded payload. */
  nextKey: () => string;
  emit: (output: ParserOutput) => void;
}

function standIn(id: string | number, key: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { _meta: { [OFFLOADED_META_KEY]: key } } });
}

/** True when `text` is exactly one JSON object or array: its brackets balance and close at its last character. */
function isOneValue(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first !== 123 && first !== 91) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end === -1) return false;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0 && i !== text.length - 1) return false;
    }
  }
  return depth === 0;
}

/**
 * The result's JSON text: cut out of the message's own text when the message is laid out as JSON.stringify would
 * lay it out (the common case: no second serialisation of a huge value), else serialised again.
 */
function resultText(data: string, message: Record<string, unknown>): string {
  const placeholder = '\u0000taskdeck-result';
  const skeleton = JSON.stringify({ ...message, result: placeholder });
  const marker = JSON.stringify(placeholder);
  const at = skeleton.indexOf(marker);
  const prefix = skeleton.slice(0, at);
  const suffix = skeleton.slice(at + marker.length);
  if (at !== -1 && data.startsWith(prefix) && data.endsWith(suffix)) {
    const text = data.slice(prefix.length, data.length - suffix.length);
    if (isOneValue(text)) return text;
  }
  return JSON.stringify(message.result) ?? 'null';
}

/**
 * Parses `data` as a JSON-RPC result for an expected id and offloads it; undefined when it is anything else
 * (an error, a notification, a request, a batch, not JSON), which then passes through as it came.
 */
function tryOffload(data: string, options: ParserOptions): { standIn: string; key: string; payload: OffloadedPayload } | undefined {
  if (data.length < options.threshold) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { jsonrpc?: unknown; id?: unknown; result?: unknown };
  if (m.jsonrpc !== '2.0' || !('result' in m) || (typeof m.id !== 'string' && typeof m.id !== 'number') || !options.expects(m.id)) return undefined;
  const text = resultText(data, m);
  const key = options.nextKey();
  const payload: OffloadedPayload = { text, summary: summariseResult(parseTaskResult(m.result)), size: text.length, messageSize: data.length, id: m.id };
  return { standIn: standIn(m.id, key), key, payload };
}

/**
 * An incremental parser. SSE: lines are found in each chunk as it arrives (a long line is kept as pieces, never
 * re-scanned), events end at a blank line and are re-emitted with the same fields. JSON: the whole body.
 */
export function createOffloadParser(options: ParserOptions): { push: (bytes: Uint8Array) => void; end: () => void } {
  const decoder = new TextDecoder();
  // SSE state: the pieces of the line in progress, the lines of the event in progress, and whether the previous
  // chunk ended in CR (so a LF starting this one belongs to it).
  let pieces: string[] = [];
  let lines: string[] = [];
  let afterCr = false;
  const jsonPieces: string[] = [];

  const dispatch = () => {
    const event = lines;
    lines = [];
    if (event.length === 0) return;
    let dataLength = 0;
    for (const line of event) if (line.startsWith('data:')) dataLength += line.length;
    if (dataLength >= options.threshold) {
      const data = event
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n');
      const offloaded = tryOffload(data, options);
      if (offloaded) {
        const fields = event.filter((line) => !line.startsWith('data:'));
        options.emit({ type: 'offloaded', text: `${[...fields, `data: ${offloaded.standIn}`].join('\n')}\n\n`, key: offloaded.key, payload: offloaded.payload });
        return;
      }
    }
    options.emit({ type: 'text', text: `${event.join('\n')}\n\n` });
  };

  const endLine = () => {
    const line = pieces.length === 1 ? pieces[0]! : pieces.join('');
    pieces = [];
    if (line === '') dispatch();
    else lines.push(line);
  };

  const feedSse = (text: string) => {
    let i = 0;
    if (afterCr && text.startsWith('\n')) i = 1;
    afterCr = false;
    // The next LF and CR at or after i, found once each and reused, so each chunk is scanned in linear time.
    let lf = -2;
    let cr = -2;
    while (i < text.length) {
      if (lf !== -1 && lf < i) lf = text.indexOf('\n', i);
      if (cr !== -1 && cr < i) cr = text.indexOf('\r', i);
      const eol = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
      if (eol === -1) {
        pieces.push(text.slice(i));
        return;
      }
      if (eol > i) pieces.push(text.slice(i, eol));
      endLine();
      if (eol === cr) {
        if (eol + 1 < text.length) i = text.charCodeAt(eol + 1) === 10 ? eol + 2 : eol + 1;
        else {
          afterCr = true;
          i = eol + 1;
        }
      } else i = eol + 1;
    }
  };

  return {
    push(bytes) {
      const text = decoder.decode(bytes, { stream: true });
      if (options.mode === 'json') jsonPieces.push(text);
      else if (text) feedSse(text);
    },
    end() {
      const rest = decoder.decode();
      if (options.mode === 'json') {
        jsonPieces.push(rest);
        const body = jsonPieces.join('');
        const offloaded = tryOffload(body, options);
        options.emit(offloaded ? { type: 'offloaded', text: offloaded.standIn, key: offloaded.key, payload: offloaded.payload } : { type: 'text', text: body });
        return;
      }
      if (rest) feedSse(rest);
      // A stream cut mid-event: pass on what came, as it came (the SDK decides what an unterminated event means).
      const partial = pieces.length > 0;
      if (partial) lines.push(pieces.join(''));
      pieces = [];
      if (lines.length) {
        options.emit({ type: 'text', text: lines.join('\n') + (partial ? '' : '\n') });
        lines = [];
      }
    },
  };
}
