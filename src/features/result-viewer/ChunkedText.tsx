import { useEffect, useMemo, useState } from 'react';
import { textChunks } from './text-chunks';

/**
 * A long server text in a `<pre>`, drawn a slice at a time: the first slice at once, then one more per task until all
 * of it is on screen. The browser lays out (and shapes) each slice on its own, so no frame holds the page for the
 * whole text; 64 KB without a space took 230 ms in one go. Busy (`aria-busy`) while slices are still to come.
 */
export function ChunkedText({ text, className }: { text: string; className: string }) {
  const chunks = useMemo(() => textChunks(text), [text]);
  const [drawn, setDrawn] = useState({ text, count: 1 });
  const count = drawn.text === text ? drawn.count : 1;
  useEffect(() => {
    if (count >= chunks.length) return;
    const timer = setTimeout(() => setDrawn({ text, count: count + 1 }), 0);
    return () => clearTimeout(timer);
  }, [text, count, chunks.length]);
  const busy = count < chunks.length;
  return (
    <pre className={className} aria-busy={busy ? 'true' : undefined}>
      {chunks.slice(0, count).map((chunk, i) => (
        <span key={i} className="text-chunk">
          {chunk}
        </span>
      ))}
    </pre>
  );
}
