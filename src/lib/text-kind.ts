/** Guesses what a text block holds, so the viewer can offer the right rendering. Pure. */
export type TextKind = 'json' | 'markdown' | 'plain';

const MARKDOWN_HINTS = [/^#{1,6}\s+\S/m, /^\s*[-*+]\s+\S/m, /^\s*\d+\.\s+\S/m, /\[[^\]]+\]\([^)]+\)/, /^```/m, /\*\*[^*]+\*\*/, /^\|.+\|\s*$/m, /^>\s+\S/m];

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
  const hits = MARKDOWN_HINTS.filter((re) => re.test(text)).length;
  return hits >= 2 ? 'markdown' : 'plain';
}
