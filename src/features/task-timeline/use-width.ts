import { useEffect, useRef, useState } from 'react';

/** An element's content width, followed as it resizes (`fallback` until measured, or where ResizeObserver is missing). */
export function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([e]) => setWidth(e?.contentRect.width || fallback));
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}
