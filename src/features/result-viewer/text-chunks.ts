/** Slices of a long text for drawing a piece at a time. Pure. */

/** About how many characters one slice holds: a slice of text without spaces takes the browser ~15 ms to lay out. */
const CHUNK_CHARS = 4_096;

/**
 * The text cut into slices of at most `size` characters, each ending at a line break where one falls in its second
 * half (so most cuts fall between lines), never inside a surrogate pair. Joined, the slices are the text.
 */
export function textChunks(text: string, size = CHUNK_CHARS): string[] {
  if (text.length <= size) return [text];
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline >= start + size / 2) end = newline + 1;
      else {
        const code = text.charCodeAt(end - 1);
        if (code >= 0xd800 && code <= 0xdbff) end -= 1;
      }
    }
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
