/**
 * Takes task status pushes out of a Streamable HTTP notification stream (server-sent events) before the SDK reads it.
 * In a storm of pushes the SDK's own path validated every message against its whole JSON-RPC schema (a union whose
 * failing branches build issue lists), then the notification handler's schema, and the log stringified the message
 * again: most of the main thread's time. Here each event's text is parsed once; a status push goes straight to
 * `onPush` with that text, and the SDK is handed only the event's id (so it still resumes from the right place after
 * a reconnect). Every other event passes through unchanged, in order.
 *
 * Where the response worker runs, it does this itself (offload-parser.ts, `splitPushes`) and posts the pushes
 * already parsed; PushSplitter is the main thread's fallback when the worker is not loaded.
 */

/** Both older dialects' status push: the spec's name and the seed's. */
export const TASK_PUSH_METHODS = ['notifications/tasks/status', 'notifications/tasks/updated'] as const;
export type StreamPushMethod = (typeof TASK_PUSH_METHODS)[number];

export interface StreamPush {
  method: StreamPushMethod;
  params: unknown;
  /** The whole message, parsed, and its JSON text as received (for the protocol log). */
  message: unknown;
  text: string;
}

/** A status push, if this JSON text is one: a JSON-RPC 2.0 notification of a push method with object params. */
export function asStreamPush(text: string): StreamPush | undefined {
  // Cheap look first: most events that are not pushes are not worth parsing here.
  if (!text.includes('notifications/tasks/')) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { jsonrpc?: unknown; method?: unknown; params?: unknown };
  if (m.jsonrpc !== '2.0' || 'id' in m) return undefined;
  const method = TASK_PUSH_METHODS.find((name) => name === m.method);
  if (method === undefined || typeof m.params !== 'object' || m.params === null) return undefined;
  return { method, params: m.params, message, text };
}

/**
 * A streaming splitter over the stream's text: `feed` takes the next piece (any boundaries) and returns the text to
 * hand on to the SDK; status pushes found meanwhile go to `onPush`. Lines may end in CRLF, LF or CR (as the SSE
 * format allows); a trailing CR is held until the next piece shows whether an LF follows.
 */
export class PushSplitter {
  /** Text not yet ending in a line break. */
  private partial = '';
  /** The current event's lines so far. */
  private lines: string[] = [];
  /** The ids of pushes taken out, to hand on to the SDK. */
  private readonly ids = new PushIds();

  constructor(private readonly onPush: (push: StreamPush) => void) {}

  feed(piece: string): string {
    let text = this.partial + piece;
    // A CR at the very end may be the first half of a CRLF.
    let held = '';
    if (text.endsWith('\r')) {
      held = '\r';
      text = text.slice(0, -1);
    }
    let out = '';
    let at = 0;
    const breaks = /\r\n|\r|\n/g;
    for (let m = breaks.exec(text); m !== null; m = breaks.exec(text)) {
      const line = text.slice(at, m.index);
      at = m.index + m[0].length;
      if (line === '') out += this.endEvent();
      else this.lines.push(line);
    }
    this.partial = text.slice(at) + held;
    return out + this.ids.flush();
  }

  /** One event ended (a blank line): the text to hand on for it. */
  private endEvent(): string {
    const lines = this.lines;
    this.lines = [];
    if (lines.length === 0) return '';
    const push = pushOf(readEvent(lines));
    if (push) {
      this.onPush(push.push);
      return this.ids.taken(push.id, push.retry);
    }
    return `${this.ids.flush()}${lines.join('\n')}\n\n`;
  }
}

/** An SSE event's fields, as eventsource-parser reads them from the event's lines (comments skipped). */
export interface SseEvent {
  event: string;
  id: string | undefined;
  /** The data lines' values; undefined when the event has none. */
  data: string[] | undefined;
  retry: string | undefined;
}

/** The fields of one event, from its lines (no line breaks in them). */
export function readEvent(lines: readonly string[]): SseEvent {
  let event = '';
  let id: string | undefined;
  let data: string[] | undefined;
  let retry: string | undefined;
  for (const line of lines) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') (data ??= []).push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry') retry = value;
  }
  return { event, id, data, retry };
}

/** The status push an event carries (a message event whose data is one), with the event's id and retry. */
export function pushOf(event: SseEvent): { push: StreamPush; id: string | undefined; retry: string | undefined } | undefined {
  if (event.data === undefined || (event.event !== '' && event.event !== 'message')) return undefined;
  const push = asStreamPush(event.data.join('\n'));
  return push && { push, id: event.id, retry: event.retry };
}

/**
 * The ids of pushes taken out of a stream, handed on to the SDK: the last one, as an event of its own with an empty
 * data line, before the next event handed on or at the end of a piece. An event without any data line is not
 * dispatched at all (eventsource-parser), so the SDK would never see its id and could not resume after it; an empty
 * one is dispatched, its id recorded, and skipped as having no data.
 */
export class PushIds {
  private pending: string | undefined;

  /** A push was taken out: the text to hand on for it now (only a retry field, which cannot wait). */
  taken(id: string | undefined, retry: string | undefined): string {
    if (id !== undefined) this.pending = id;
    return retry === undefined ? '' : `${this.flush()}retry: ${retry}\n\n`;
  }

  /** The id event to hand on now, if a push's id has not been handed on yet. */
  flush(): string {
    if (this.pending === undefined) return '';
    const out = `id: ${this.pending}\ndata:\n\n`;
    this.pending = undefined;
    return out;
  }
}
