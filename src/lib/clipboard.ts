/** Copies text; rejects with a message where the page has no clipboard (plain http on another host than localhost). */
export function copyText(text: string): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  return clipboard ? clipboard.writeText(text) : Promise.reject(new Error('this page has no clipboard (it needs https or localhost)'));
}
