/** An error's message is cut here: servers put megabytes in them, and they are shown and matched against. */
export const ERROR_MESSAGE_CAP = 4_000;

/** What went wrong, as text: an Error's message, or anything else as a string; at most ERROR_MESSAGE_CAP characters
 * and a note of how many more there were. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length <= ERROR_MESSAGE_CAP
    ? text
    : `${text.slice(0, ERROR_MESSAGE_CAP)}… (${(text.length - ERROR_MESSAGE_CAP).toLocaleString()} more characters)`;
}
