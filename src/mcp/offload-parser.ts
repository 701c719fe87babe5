/**
 * The part of large-response offloading that runs in the worker, as plain functions so tests can drive it.
 *
 * A response stream (SSE or a JSON body) is fed in as bytes. Every event passes through unchanged, except a
 * JSON-RPC result for an expected request id whose data is larger than the threshold: that one is parsed,
 * validated and measured here, and the main thread gets a small stand-in in its place plus the result as text.
 */
import { TopLevelSpans } from './json-spans';
import { RELATED_TASK_META_KEY } from '@modelcontextprotocol/sdk/types.js';
import { parseTaskResult, summariseResult, type ResultSummary } from './task-result';
import { clipTaskMessages } from './offload-clip';
import type { ClippedText } from '../lib/clipped-text';
import { pushOf, PushIds, readEvent, type StreamPush } from './push-split';

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
  | { type: 'offloaded'; text: string; key: string; payload: OffloadedPayload; clipped?: ClippedText[] }
  /** A message whose over-long statusMessages were clipped (offload-clip.ts), with their whole texts. */
  | { type: 'clipped'; text: string; clipped: ClippedText[] };

/**
 * Status pushes taken out of the stream (ParserOptions.splitPushes), parsed, in order, with the whole texts of the
 * statusMessages clipped in them.
 */
export interface PushesOutput {
  type: 'pushes';
  pushes: StreamPush[];
  clipped?: ClippedText[];
}

export interface ParserOptions {
  mode: 'sse' | 'json';
  /** Data shorter than this (in characters) always passes through untouched. */
  threshold: number;
  /** Whether a response with this id is one the main thread expects offloaded (a tasks/result). */
  expects: (id: string | number) => boolean;
  /**
   * False while no id at all is expected (a long-lived stream between tasks/result requests): a large event then
   * passes through without being parsed here first. Always true when not given.
   */
  expecting?: () => boolean;
  /**
   * MCP 2026-07-28: the result comes inlined in a task, in the answer to an expected tasks/get (`result.result`) or
   * in a `notifications/tasks` push (`params.result`); that inner result is offloaded, the task around it kept.
   */
  tasks?: boolean;
  /**
   * Data at least this long (in characters) is parsed here to clip over-long statusMessages (offload-clip.ts),
   * whether or not it is a result to offload. Never, when not given.
   */
  clipAbove?: number;
  /**
   * SSE: take task status pushes out of the stream (push-split.ts) and give them here parsed, in order with what
   * `emit` gets, so the main thread neither parses them again nor hands them to the SDK; the SDK gets each one's id
   * (as an event with empty data, see PushIds) and every other event as it came.
   */
  splitPushes?: (output: PushesOutput) => void;
  /** A fresh key for each offloaded payload. */
  nextKey: () => string;
  emit: (output: ParserOutput) => void;
}

function standIn(id: string | number, key: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { _meta: { [OFFLOADED_META_KEY]: key } } });
}

/**
 * The result's JSON text: cut out of the message's own text when the message is laid out as JSON.stringify would
 * lay it out (the common case: no second serialisation of a huge value), else serialised again. `spans` were found
 * over exactly `data`; they tell whether the cut is one whole value (not, say, two members named "result").
 */
function resultText(data: string, message: Record<string, unknown>, spans: TopLevelSpans): string {
  const placeholder = '\u0000taskdeck-result';
  const skeleton = JSON.stringify({ ...message, result: placeholder });
  const marker = JSON.stringify(placeholder);
  const at = skeleton.indexOf(marker);
  const prefix = skeleton.slice(0, at);
  const suffix = skeleton.slice(at + marker.length);
  if (at !== -1 && data.startsWith(prefix) && data.endsWith(suffix) && spans.has(prefix.length, data.length - suffix.length - 1)) {
    return data.slice(prefix.length, data.length - suffix.length);
  }
  return JSON.stringify(message.result) ?? 'null';
}

/**
 * Parses `data` as a JSON-RPC result for an expected id and offloads it; undefined when it is anything else
 * (an error, a notification, a request, a batch, not JSON), which then passes through as it came.
 */
function tryOffload(
  data: string,
  message: unknown,
  spans: TopLevelSpans,
  options: ParserOptions,
): { standIn: string; key: string; payload: OffloadedPayload; clipped?: ClippedText[] } | undefined {
  if (data.length < options.threshold) return undefined;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  if (options.tasks) return tryOffloadInTask(data, message as Record<string, unknown>, options);
  const m = message as { jsonrpc?: unknown; id?: unknown; result?: unknown };
  if (m.jsonrpc !== '2.0' || !('result' in m) || (typeof m.id !== 'string' && typeof m.id !== 'number') || !options.expects(m.id))
    return undefined;
  const text = resultText(data, m, spans);
  const key = options.nextKey();
  const payload: OffloadedPayload = {
    text,
    summary: summariseResult(parseTaskResult(m.result)),
    size: text.length,
    messageSize: data.length,
    id: m.id,
  };
  return { standIn: standIn(m.id, key), key, payload };
}

/**
 * The 2026-07-28 case: the result inlined in a task, in an expected answer (tasks/get) or in a status push, is
 * offloaded; the message keeps the task, with a stand-in in place of its result. Undefined for anything else.
 */
function tryOffloadInTask(
  data: string,
  m: Record<string, unknown>,
  options: ParserOptions,
): { standIn: string; key: string; payload: OffloadedPayload; clipped?: ClippedText[] } | undefined {
  if (m.jsonrpc !== '2.0') return undefined;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
  const holder = id !== undefined && options.expects(id) ? 'result' : m.method === 'notifications/tasks' ? 'params' : undefined;
  if (!holder) return undefined;
  const task = m[holder];
  if (typeof task !== 'object' || task === null || Array.isArray(task) || !('result' in task)) return undefined;
  const inner = task.result;
  const taskId = (task as { taskId?: unknown }).taskId;
  const text = JSON.stringify(inner) ?? 'null';
  // Read as tasks/result gives it in 2025-11-25, which the client hands on: tied to its task by _meta.
  const asHandedOn =
    typeof inner === 'object' && inner !== null && !Array.isArray(inner) && typeof taskId === 'string'
      ? { ...inner, _meta: { ...(inner as { _meta?: object })._meta, [RELATED_TASK_META_KEY]: { taskId } } }
      : inner;
  const key = options.nextKey();
  const withStandIn = { ...m, [holder]: { ...task, result: { _meta: { [OFFLOADED_META_KEY]: key } } } };
  // The task around the result keeps its fields, but not a megabyte of statusMessage.
  const clipped = options.clipAbove === undefined ? [] : clipTaskMessages(withStandIn);
  const standIn = JSON.stringify(withStandIn);
  const payload: OffloadedPayload = {
    text,
    summary: summariseResult(parseTaskResult(asHandedOn)),
    size: text.length,
    messageSize: data.length,
    id: id ?? `push:${key}`,
  };
  return { standIn, key, payload, ...(clipped.length > 0 && { clipped }) };
}

/**
 * What the main thread gets for one message (an SSE event's data, or a JSON body): a result for an expected id
 * offloaded (when `offloadable`), else the message with its over-long statusMessages clipped (when it is at least
 * `clipAbove` long), else undefined: it passes through as it came.
 */
function processMessage(data: string, spans: TopLevelSpans, options: ParserOptions, offloadable: boolean): ParserOutput | undefined {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  const offloaded = offloadable ? tryOffload(data, message, spans, options) : undefined;
  if (offloaded) {
    const { standIn, key, payload, clipped } = offloaded;
    return { type: 'offloaded', text: standIn, key, payload, ...(clipped && { clipped }) };
  }
  if (options.clipAbove === undefined || data.length < options.clipAbove) return undefined;
  // A tasks/result answer is shown exactly as it came, whatever members its result has.
  const id = (message as { id?: unknown } | null)?.id;
  if (!options.tasks && (typeof id === 'string' || typeof id === 'number') && options.expects(id)) return undefined;
  const clipped = clipTaskMessages(message);
  return clipped.length > 0 ? { type: 'clipped', text: JSON.stringify(message), clipped } : undefined;
}

/**
 * An incremental parser. SSE: lines are found in each chunk as it arrives (a long line is kept as pieces, never
 * re-scanned), events end at a blank line and are re-emitted with the same fields, each as soon as it is complete
 * (a long-lived stream carries notifications too), and nothing of an event is kept once it is emitted. JSON: the
 * whole body.
 */
export function createOffloadParser(options: ParserOptions): { push: (bytes: Uint8Array) => void; end: () => void } {
  const decoder = new TextDecoder();
  // SSE state: the pieces of the line in progress, the lines of the event in progress, and whether the previous
  // chunk ended in CR (so a LF starting this one belongs to it).
  let pieces: string[] = [];
  let lines: string[] = [];
  let afterCr = false;
  const jsonPieces: string[] = [];
  // The event's data (its data lines joined by LF, as dispatch joins them) is scanned for its structure as it
  // arrives. Whether the line in progress is a data line is known once its first six characters are in.
  let spans = new TopLevelSpans();
  let eventHasData = false;
  let lineKind: 'unknown' | 'data' | 'other' = 'unknown';
  let headLength = 0;
  const jsonSpans = new TopLevelSpans();

  const classifyLine = () => {
    const head = pieces.join('');
    if (!head.startsWith('data:')) {
      lineKind = 'other';
      return;
    }
    lineKind = 'data';
    if (eventHasData) spans.feed('\n');
    eventHasData = true;
    spans.feed(head.slice(head.startsWith('data: ') ? 6 : 5));
  };

  const addPiece = (piece: string) => {
    pieces.push(piece);
    if (lineKind === 'data') spans.feed(piece);
    else if (lineKind === 'unknown' && (headLength += piece.length) >= 6) classifyLine();
  };

  // Pushes taken out whose id the SDK has not been handed yet (splitPushes only).
  const ids = options.splitPushes ? new PushIds() : undefined;
  /** Text for the SDK, after the id of any push taken out before it. */
  const emitText = (text: string) => {
    const id = ids?.flush();
    options.emit({ type: 'text', text: id ? id + text : text });
  };
  /** Whether the event was a status push, taken out (its over-long statusMessage clipped) and emitted parsed. */
  const takePush = (event: string[], pushIds: PushIds, emitPushes: (output: PushesOutput) => void): boolean => {
    const found = pushOf(readEvent(event));
    if (!found) return false;
    const { push } = found;
    // Clipped in place (params is part of the message); the log then shows the message as the page has it.
    const clipped = options.clipAbove !== undefined && push.text.length >= options.clipAbove ? clipTaskMessages(push.message) : [];
    if (clipped.length > 0) push.text = JSON.stringify(push.message);
    emitPushes({ type: 'pushes', pushes: [push], ...(clipped.length > 0 && { clipped }) });
    const text = pushIds.taken(found.id, found.retry);
    if (text) options.emit({ type: 'text', text });
    return true;
  };
  /** The end of a chunk: the last push's id goes on to the SDK now, not at the next event (which may be far off). */
  const flushIds = () => {
    const id = ids?.flush();
    if (id) options.emit({ type: 'text', text: id });
  };

  const dispatch = () => {
    const event = lines;
    const eventSpans = spans;
    lines = [];
    spans = new TopLevelSpans();
    eventHasData = false;
    if (event.length === 0) return;
    if (ids && options.splitPushes && takePush(event, ids, options.splitPushes)) return;
    let dataLength = 0;
    for (const line of event) if (line.startsWith('data:')) dataLength += line.length;
    const offloadable = dataLength >= options.threshold && (options.tasks || (options.expecting?.() ?? true));
    if (offloadable || (options.clipAbove !== undefined && dataLength >= options.clipAbove)) {
      const data = event
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
        .join('\n');
      const output = processMessage(data, eventSpans, options, offloadable);
      if (output && output.type !== 'text') {
        const fields = event.filter((line) => !line.startsWith('data:'));
        flushIds();
        options.emit({ ...output, text: `${[...fields, `data: ${output.text}`].join('\n')}\n\n` });
        return;
      }
    }
    emitText(`${event.join('\n')}\n\n`);
  };

  const endLine = () => {
    if (lineKind === 'unknown' && pieces.length > 0) classifyLine();
    lineKind = 'unknown';
    headLength = 0;
    const line = pieces.join('');
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
        addPiece(text.slice(i));
        return;
      }
      if (eol > i) addPiece(text.slice(i, eol));
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
      if (options.mode === 'json') {
        jsonPieces.push(text);
        jsonSpans.feed(text);
      } else if (text) {
        feedSse(text);
        flushIds();
      }
    },
    end() {
      const rest = decoder.decode();
      if (options.mode === 'json') {
        jsonPieces.push(rest);
        jsonSpans.feed(rest);
        const body = jsonPieces.join('');
        const big = body.length >= options.threshold || (options.clipAbove !== undefined && body.length >= options.clipAbove);
        options.emit((big && processMessage(body, jsonSpans, options, true)) || { type: 'text', text: body });
        return;
      }
      if (rest) feedSse(rest);
      flushIds();
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
