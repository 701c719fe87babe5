import { useMemo } from 'react';
import { textChunks } from './text-chunks';
import { useDrawnCount } from './use-drawn-count';

/**
 * A long server text in a `<pre>`, drawn a slice at a time: the first slice at once, then one more per task until all
 * of it is on screen. The browser lays out (and shapes) each slice on its own, so no frame holds the page for the
 * whole text; 64 KB without a space took 230 ms in one go. Busy (`aria-busy`) while slices are still to come.
 */
export function ChunkedText({ text, className }: { text: string; className: string }) {
  const chunks = useMemo(() => textChunks(text), [text]);
  const count = useDrawnCount(chunks, chunks.length);
  return (
    <pre className={className} aria-busy={count < chunks.length ? 'true' : undefined}>
      {chunks.slice(0, count).map((chunk, i) => (
        <span key={i} className="text-chunk">
          {chunk}
        </span>
      ))}
    </pre>
  );
}
