/** `text` cut to at most `max` characters, marked with "…" where it was cut (for a server's names and messages). */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
