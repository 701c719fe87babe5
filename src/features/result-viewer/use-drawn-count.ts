import { useEffect, useState } from 'react';

/**
 * How many of `total` slices of `source` to draw now: one at first, then one more per task (a zero-delay timer, so
 * the browser paints and handles input between slices). Starts over when `source` changes.
 */
export function useDrawnCount(source: unknown, total: number): number {
  const [drawn, setDrawn] = useState({ source, count: 1 });
  const count = drawn.source === source ? drawn.count : 1;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setDrawn({ source, count: count + 1 }), 0);
    return () => clearTimeout(timer);
  }, [source, count, total]);
  return Math.min(count, total);
}
