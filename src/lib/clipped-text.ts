/**
 * Clipped texts: a long server text cut to its first CLIP_CHARS characters plus a marker naming its whole length and
 * a hash, and a bounded store of the whole texts by clipped text, for "Copy the whole message". The response worker
 * clips over-long statusMessages (mcp/offload-clip.ts), so the main thread never parses, validates, logs or compares
 * a megabyte of one; what draws a message (LongMessage) counts and copies the whole text from here.
 *
 * The clipped text is the same for the same text (so a message sent again compares equal, as the task cache and
 * React expect) and differs when the text differs.
 */

/** What is kept of a clipped message in place: more than any view draws (LongMessage draws 2,000). */
export const CLIP_CHARS = 4_096;
/** Whole texts kept for copying, at most this many characters in all (the least recently used go first). */
const HELD_CHARS = 32 * 1024 * 1024;
/** Whole texts kept for copying, at most this many. */
const HELD_TEXTS = 256;

export interface ClippedText {
  clipped: string;
  full: string;
}

/** A 53-bit FNV-1a style hash of the text, in base 36: tells clipped texts with the same start apart. */
function hashOf(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ code ^ (low >>> 24), 0x01000193) >>> 0;
  }
  return ((high & 0x1fffff) * 0x100000000 + low).toString(36);
}

const MARKER = /\u2026 \[(\d+) characters in all, clipped: ([0-9a-z]+)\]$/;

/** The text cut to CLIP_CHARS characters (never inside a surrogate pair) with its marker. */
export function clipText(full: string): string {
  let end = CLIP_CHARS;
  const code = full.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${full.slice(0, end)}\u2026 [${full.length} characters in all, clipped: ${hashOf(full)}]`;
}

/** For a clipped text: the length of the whole text it was cut from; undefined for any other text. */
export function clippedLength(text: string): number | undefined {
  if (text.length > CLIP_CHARS + 80) return undefined;
  const match = MARKER.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The part of a clipped text that is the message's own start (without the marker). */
export function clippedStart(text: string): string {
  const match = MARKER.exec(text);
  return match ? text.slice(0, match.index) : text;
}

// The main thread's store of whole texts, by clipped text; a Map keeps insertion order, refreshed on use.
const held = new Map<string, string>();
let heldChars = 0;

/** Keeps the whole texts of what the worker clipped, for copying; the least recently used go beyond the bounds. */
export function holdClipped(texts: readonly ClippedText[]): void {
  for (const { clipped, full } of texts) {
    const before = held.get(clipped);
    if (before !== undefined) {
      held.delete(clipped);
      heldChars -= before.length;
    }
    held.set(clipped, full);
    heldChars += full.length;
  }
  for (const [clipped, full] of held) {
    if (held.size <= HELD_TEXTS && heldChars <= HELD_CHARS) break;
    held.delete(clipped);
    heldChars -= full.length;
  }
}

/**
 * The whole text a clipped message was cut from, while it is held; the text itself when it was not clipped;
 * undefined for a clipped text no longer held.
 */
export function wholeText(text: string): string | undefined {
  if (clippedLength(text) === undefined) return text;
  const full = held.get(text);
  if (full === undefined) return undefined;
  held.delete(text);
  held.set(text, full);
  return full;
}
