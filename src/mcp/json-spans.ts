/**
 * Finds the extent of a JSON text's top-level members as the text streams in, so the offload parser can cut a
 * large value out of its message without serialising it again.
 */

/** A JSON-RPC message has a handful of members; a top-level object with more is not worth tracking. */
const MAX_SPANS = 64;

/**
 * Where the members of a JSON text's top-level object that are objects or arrays begin and end, found while the
 * text arrives in pieces (so the work overlaps the download instead of following it). It tracks only strings and
 * brackets, so it is exact for valid JSON; whether the text is valid is JSON.parse's call.
 */
export class TopLevelSpans {
  #offset = 0;
  #depth = 0;
  #inString = false;
  /** Inside a string, the next character is escaped (a piece ended on an odd run of backslashes). */
  #escaped = false;
  #start = -1;
  #first = true;
  #tracking = true;
  /** Start offset → offset of the closing bracket. */
  readonly #spans = new Map<number, number>();

  feed(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false;
          i++;
          continue;
        }
        // To the next quote; it ends the string unless an odd run of backslashes comes right before it.
        const quote = text.indexOf('"', i);
        const end = quote === -1 ? n : quote;
        let slashes = 0;
        while (end - 1 - slashes >= i && text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (quote === -1) {
          this.#escaped = slashes % 2 === 1;
          break;
        }
        if (slashes % 2 === 0) this.#inString = false;
        i = quote + 1;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === 34) this.#inString = true;
      else if (c === 123 || c === 91) {
        if (this.#first) {
          this.#first = false;
          this.#tracking = c === 123;
        } else if (this.#depth === 1) this.#start = this.#offset + i;
        this.#depth++;
      } else if (c === 125 || c === 93) {
        this.#depth--;
        if (this.#depth === 1 && this.#tracking) {
          this.#spans.set(this.#start, this.#offset + i);
          if (this.#spans.size > MAX_SPANS) this.#tracking = false;
        }
      }
      i++;
    }
    this.#offset += n;
  }

  /** True when a member's value runs exactly from `start` to `end` (its closing bracket). */
  has(start: number, end: number): boolean {
    return this.#tracking && this.#spans.get(start) === end;
  }
}
