/** Guesses what a text block holds, so the viewer can offer the right rendering. Pure. */
export type TextKind = 'json' | 'markdown' | 'plain';

/** Markdown hints look at this much of a text: enough to tell, and a bound on the work server text can cause. */
const HINT_SAMPLE_CHARS = 64 * 1024;

// Each hint is linear in its input: no quantifier that can cross a line (whitespace runs are spaces and tabs only),
// and inline ones bounded in length, so no pattern rescans the text from every position.
const MARKDOWN_HINTS = [
  /^#{1,6}[ \t]+\S/m,
  /^[ \t]*[-*+][ \t]+\S/m,
  /^[ \t]*\d{1,9}\.[ \t]+\S/m,
  /\[[^\]\n]{1,200}\]\([^)\s]{1,500}\)/,
  /^```/m,
  /\*\*[^*\n]{1,200}\*\*/,
  /^\|[^\n]*\|[ \t]*$/m,
  /^>[ \t]+\S/m,
];

export function textKind(text: string): TextKind {
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    if (trimmed.length < 5_000_000) {
      try {
        JSON.parse(trimmed);
        return 'json';
      } catch {
        // not JSON after all
      }
    }
  }
  const sample = text.length > HINT_SAMPLE_CHARS ? text.slice(0, HINT_SAMPLE_CHARS) : text;
  const hits = MARKDOWN_HINTS.filter((re) => re.test(sample)).length;
  return hits >= 2 ? 'markdown' : 'plain';
}
