/** How much of a long server text is drawn before the user asks for all of it. Pure. */

export const PREVIEW_CHARS = 100_000;
/** Lines drawn at first: 40,000 short lines cost the browser's layout most of a second. */
export const PREVIEW_LINES = 2_000;

/** Where the preview of a text ends: after PREVIEW_CHARS characters or PREVIEW_LINES lines, whichever comes first. */
export function previewEnd(text: string): number {
  let at = -1;
  for (let line = 0; line < PREVIEW_LINES; line++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1 || at >= PREVIEW_CHARS) return Math.min(text.length, PREVIEW_CHARS);
  }
  return at;
}
