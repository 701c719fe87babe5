/**
 * The protocol log: every JSON-RPC message in and out, with the latency of each request paired with its response.
 * Bounded (a ring buffer; the count of dropped entries is kept), redacts credentials, and notifies subscribers at
 * most once per NOTIFY_MS so a storm of messages costs one render. No React.
 */

import { redactSecrets, textMayHoldSecret } from '../lib/redact';

export type Direction = 'out' | 'in';
type MessageKind = 'request' | 'response' | 'error' | 'notification' | 'invalid';

export interface LogEntry {
  seq: number;
  time: number;
  direction: Direction;
  kind: MessageKind;
  /** The method, or for a response the method of its request. */
  method: string;
  id?: string | number;
  /** Length of the message as JSON text. */
  size: number;
  /** For a response: ms since its request. */
  latencyMs?: number;
  message: unknown;
}

export interface LogSnapshot {
  entries: readonly LogEntry[];
  dropped: number;
  /** Messages kept only as the start of their text, being over MAX_ENTRY_CHARS. */
  truncated: number;
  total: number;
}

/** A message longer than this (as JSON text) is kept in the log as its first PREVIEW_CHARS characters only. */
export const MAX_ENTRY_CHARS = 64 * 1024;
const PREVIEW_CHARS = 4 * 1024;
/** The log keeps at most this many characters of messages: older entries go first. */
const MAX_LOG_CHARS = 8 * 1024 * 1024;

/** What the log keeps of a message too long to keep whole. */
interface TruncatedMessage {
  truncated: true;
  size: number;
  start: string;
}

function classify(message: unknown): { kind: MessageKind; method?: string; id?: string | number } {
  if (typeof message !== 'object' || message === null) return { kind: 'invalid' };
  const m = message as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
  if (typeof m.method === 'string')
    return id === undefined ? { kind: 'notification', method: m.method } : { kind: 'request', method: m.method, id };
  if ('error' in m) return id === undefined ? { kind: 'error' } : { kind: 'error', id };
  if ('result' in m && id !== undefined) return { kind: 'response', id };
  return { kind: 'invalid' };
}

// The characters JSON.stringify writes as more than one (control characters on purpose; surrogates, paired or not).
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The length of JSON.stringify(value) for JSON data (what a parsed message is), found without building the text:
 * strings by their length (serialised only when they hold a character JSON escapes). Stops early, with a length
 * over `stopAbove`, once it knows the text is longer than that (a megabyte message is not walked to its end).
 */
export function jsonLength(value: unknown, stopAbove = Infinity): number {
  let total = 0;
  const measure = (v: unknown): void => {
    if (total > stopAbove) return;
    if (typeof v === 'string') total += NEEDS_ESCAPE.test(v) ? JSON.stringify(v).length : v.length + 2;
    else if (typeof v === 'number') total += Number.isFinite(v) ? String(v).length : 4;
    else if (typeof v === 'boolean') total += v ? 4 : 5;
    else if (v === null) total += 4;
    else if (Array.isArray(v)) {
      total += 2 + Math.max(0, v.length - 1);
      for (const item of v) {
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') total += 4;
        else measure(item);
        if (total > stopAbove) return;
      }
    } else if (typeof v === 'object') {
      let members = 0;
      total += 2;
      for (const [key, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        members++;
        measure(key);
        total += 1;
        measure(item);
        if (total > stopAbove) return;
      }
      total += Math.max(0, members - 1);
    } else total += 4;
  };
  measure(value);
  return total;
}

/** A copy of the message with long strings cut and long arrays and objects shortened: what its preview is made of. */
function previewOf(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > PREVIEW_CHARS ? value.slice(0, PREVIEW_CHARS) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 32) return '…';
  if (Array.isArray(value)) return value.slice(0, 64).map((item: unknown) => previewOf(item, depth + 1));
  const out: Record<string, unknown> = {};
  let members = 0;
  for (const [key, item] of Object.entries(value)) {
    if (++members > 64) break;
    Object.defineProperty(out, key, { value: previewOf(item, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Subscribers are told of new entries at most this often, by a timer. Not by requestAnimationFrame: asking for a
 * frame makes the page draw one (style, pre-paint and a commit, every spinning status icon with them), and in a storm
 * the log asked at almost every frame, about 50 of the 60 a second the page drew, for a panel that redraws at most
 * four times a second, or not at all while the drawer is folded.
 */
export const NOTIFY_MS = 16;

/** JSON length of each received result (any connection's log), so a large payload is not stringified twice. */
const resultSizes = new WeakMap<object, number>();

export class ProtocolLog {
  /** The entries kept, oldest first, from `start` on (the ones before it were dropped; compacted now and then). */
  private buffer: LogEntry[] = [];
  private start = 0;
  /** Characters of message text the kept entries hold. */
  private chars = 0;
  /** Characters each entry of `buffer` holds, at the same index (a plain array: no weak map per message). */
  private keptChars: number[] = [];
  private seq = 0;
  private dropped = 0;
  private truncated = 0;
  private readonly pending = new Map<string, { method: string; time: number }>();
  private readonly listeners = new Set<() => void>();
  private snapshot: LogSnapshot = { entries: [], dropped: 0, truncated: 0, total: 0 };
  private dirty = false;
  private notifyScheduled = false;
  private secrets: string[] = [];

  constructor(
    readonly capacity = 5000,
    readonly maxChars = MAX_LOG_CHARS,
  ) {}

  /** Strings that must never appear in the log (tokens, header values). */
  setSecrets(secrets: readonly string[]): void {
    this.secrets = secrets.filter((s) => s.length > 0);
  }

  /**
   * Records a message; `knownSize` is its JSON length when the caller knows it (the message is then a preview);
   * `receivedText` is the JSON text it was parsed from, when the caller has it (then it is not stringified again).
   */
  record(direction: Direction, message: unknown, now = Date.now(), knownSize?: number, receivedText?: string): void {
    // A hostile server's megabyte messages must not pile up here, nor be serialised whole only to keep their start:
    // a message over MAX_ENTRY_CHARS is measured without building its text, and keeps a preview of its start, made
    // from a copy with long strings cut.
    const large =
      knownSize === undefined &&
      (receivedText !== undefined ? receivedText.length > MAX_ENTRY_CHARS : jsonLength(message, MAX_ENTRY_CHARS) > MAX_ENTRY_CHARS);
    const shown = large ? previewOf(message) : message;
    let text: string;
    if (receivedText !== undefined && !large) text = receivedText;
    else
      try {
        text = JSON.stringify(shown) ?? '';
      } catch {
        text = '';
      }
    const size = knownSize ?? (large ? (receivedText?.length ?? jsonLength(message)) : text.length);
    const redacted = this.secrets.length > 0 && textMayHoldSecret(text, this.secrets) ? redactSecrets(shown, this.secrets) : shown;
    let safe: unknown = redacted;
    let keptChars = knownSize === undefined ? text.length : Math.min(text.length, MAX_ENTRY_CHARS);
    if (large) {
      const safeText = redacted === shown ? text : (JSON.stringify(redacted) ?? '');
      safe = { truncated: true, size, start: safeText.slice(0, PREVIEW_CHARS) } satisfies TruncatedMessage;
      keptChars = PREVIEW_CHARS;
      this.truncated++;
    }
    const { kind, method, id } = classify(message);
    const result = kind === 'response' ? (message as { result?: unknown }).result : undefined;
    if (direction === 'in' && typeof result === 'object' && result !== null) resultSizes.set(result, size);
    const entry: LogEntry = { seq: ++this.seq, time: now, direction, kind, method: method ?? '', size, message: safe };
    if (id !== undefined) entry.id = id;
    // Requests wait for their response in the other direction; responses find their request's method and latency.
    if (kind === 'request' && id !== undefined) {
      this.pending.set(`${direction}:${id}`, { method: entry.method, time: now });
      const oldest = this.pending.keys().next();
      if (this.pending.size > this.capacity && !oldest.done) this.pending.delete(oldest.value);
    } else if ((kind === 'response' || kind === 'error') && id !== undefined) {
      const key = `${direction === 'in' ? 'out' : 'in'}:${id}`;
      const request = this.pending.get(key);
      if (request) {
        this.pending.delete(key);
        entry.method = request.method;
        entry.latencyMs = now - request.time;
      }
    }
    this.buffer.push(entry);
    this.keptChars.push(keptChars);
    this.chars += keptChars;
    while (this.buffer.length - this.start > 1 && (this.buffer.length - this.start > this.capacity || this.chars > this.maxChars)) {
      this.chars -= this.keptChars[this.start] ?? 0;
      this.start++;
      this.dropped++;
    }
    if (this.start > 1024 && this.start * 2 > this.buffer.length) {
      this.buffer = this.buffer.slice(this.start);
      this.keptChars = this.keptChars.slice(this.start);
      this.start = 0;
    }
    this.dirty = true;
    // Nobody listening (the log's panel is not shown): nothing to tell; a subscriber reads the snapshot as it is then.
    if (!this.notifyScheduled && this.listeners.size > 0) {
      this.notifyScheduled = true;
      setTimeout(() => {
        this.notifyScheduled = false;
        for (const listener of this.listeners) listener();
      }, NOTIFY_MS);
    }
  }

  /** The JSON length measured when this result object arrived, if it came through a log. */
  measuredSize(value: unknown): number | undefined {
    return typeof value === 'object' && value !== null ? resultSizes.get(value) : undefined;
  }

  clear(): void {
    this.buffer = [];
    this.keptChars = [];
    this.start = 0;
    this.chars = 0;
    this.dropped = 0;
    this.truncated = 0;
    this.pending.clear();
    this.dirty = true;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LogSnapshot => {
    if (this.dirty) {
      this.snapshot = { entries: this.buffer.slice(this.start), dropped: this.dropped, truncated: this.truncated, total: this.seq };
      this.dirty = false;
    }
    return this.snapshot;
  };
}

/** A log for measuring sizes and for tests; each server connection writes its own log (request ids are per connection). */
export const protocolLog = new ProtocolLog();
