import { useState } from 'react';
import { copyText } from '../lib/clipboard';

/** Characters of a server's message drawn at first: a server may send megabytes of it, and laying out a megabyte
 * of text holds the page for most of a second. */
export const MESSAGE_SHOWN = 2_000;

/**
 * A message from a server (a task's statusMessage): short ones as they are; a long one cut at MESSAGE_SHOWN
 * characters with how much is left, and a button that copies all of it.
 */
export function LongMessage({ text, limit = MESSAGE_SHOWN }: { text: string; limit?: number }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  if (text.length <= limit) return <>{text}</>;
  const copy = () => {
    copyText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <>
      {text.slice(0, limit)}
      <span className="muted"> … and {(text.length - limit).toLocaleString()} more characters </span>
      <button type="button" className="link-button" onClick={copy}>
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Could not copy' : 'Copy the whole message'}
      </button>
    </>
  );
}
