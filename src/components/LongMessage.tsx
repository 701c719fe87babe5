import { useState } from 'react';
import { copyText } from '../lib/clipboard';
import { clippedLength, clippedStart, wholeText } from '../lib/clipped-text';

/** Characters of a server's message drawn at first: a server may send megabytes of it, and laying out a megabyte
 * of text holds the page for most of a second. */
export const MESSAGE_SHOWN = 2_000;

/**
 * A message from a server (a task's statusMessage): short ones as they are; a long one cut at MESSAGE_SHOWN
 * characters with how much is left, and a button that copies all of it. A message the response worker clipped
 * (offload-clip.ts) counts, and copies, as the whole text it was cut from.
 */
export function LongMessage({ text, limit = MESSAGE_SHOWN }: { text: string; limit?: number }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed' | 'gone'>('no');
  const clipped = clippedLength(text);
  const length = clipped ?? text.length;
  if (length <= limit && clipped === undefined) return <>{text}</>;
  const shown = clippedStart(text).slice(0, limit);
  const copy = () => {
    const whole = wholeText(text);
    if (whole === undefined) {
      setCopied('gone');
      return;
    }
    copyText(whole).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      {shown}
      <span className="muted"> … and {(length - shown.length).toLocaleString()} more characters </span>
      <button type="button" className="link-button" onClick={copy}>
        {copied === 'yes'
          ? 'Copied'
          : copied === 'failed'
            ? 'Could not copy'
            : copied === 'gone'
              ? 'Could not copy: the whole message is no longer held'
              : 'Copy the whole message'}
      </button>
    </>
  );
}
