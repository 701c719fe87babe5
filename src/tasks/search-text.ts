/**
 * The text a task's result is searched by: its text blocks, resource texts and structuredContent as JSON, lower-cased
 * and bounded in size. Pure, so the search worker (search.worker.ts) and the main thread share it.
 */

/** At most this many characters of a result are searched (its first ones). */
const SEARCH_TEXT_LIMIT = 1_000_000;

/** Keys whose strings are base64 bytes (images, audio, blobs) or metadata: not searched. */
const SKIPPED_KEYS = new Set(['data', 'blob', '_meta', 'mimeType', 'type', 'annotations']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects the searchable text of a result (raw JSON value), at most `limit` characters, lower-cased. */
export function searchableText(raw: unknown, limit = SEARCH_TEXT_LIMIT): string {
  const parts: string[] = [];
  let used = 0;
  const add = (text: string) => {
    if (used >= limit) return;
    const piece = text.length > limit - used ? text.slice(0, limit - used) : text;
    parts.push(piece);
    used += piece.length + 1;
  };
  // An explicit stack, not recursion: a deeply nested hostile result cannot overflow the call stack.
  const stack: unknown[] = [raw];
  while (stack.length && used < limit) {
    const value = stack.pop();
    if (typeof value === 'string') add(value);
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    else if (isRecord(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] ?? '';
        if (SKIPPED_KEYS.has(key)) continue;
        const inner = value[key];
        if (key === 'structuredContent' && inner !== undefined) {
          let json: string | undefined;
          try {
            json = JSON.stringify(inner);
          } catch {
            json = undefined;
          }
          // Pushed as a string: its keys and values are searched as the JSON reads.
          if (json !== undefined) stack.push(json);
          continue;
        }
        stack.push(inner);
      }
    } else if (typeof value === 'number' || typeof value === 'boolean') add(String(value));
  }
  return parts.join('\n').toLowerCase();
}

/** The same from a result's JSON text (a large result); text that is not JSON is searched as it is. */
export function searchableTextOfJson(text: string, limit = SEARCH_TEXT_LIMIT): string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return text.slice(0, limit).toLowerCase();
  }
  return searchableText(raw, limit);
}
