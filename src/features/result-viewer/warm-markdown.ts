import { useEffect } from 'react';
import { warmMarkdownParser } from './use-markdown-tree';

let warmed = false;

type Idle = (fn: () => void) => void;
const whenIdle: Idle =
  typeof requestIdleCallback === 'function' ? (fn) => void requestIdleCallback(fn, { timeout: 5000 }) : (fn) => void setTimeout(fn, 500);

/**
 * Readies markdown drawing once, when the browser is next idle after a server connects: the view's code is loaded (one
 * small chunk; the markdown parser itself lives in the worker) and the parser's worker started, each in its own idle
 * callback. Without it the first markdown result paid for both in the frame that showed it.
 */
function warmMarkdown(): void {
  if (warmed) return;
  warmed = true;
  whenIdle(() => {
    import('./MarkdownView').then(
      () => whenIdle(warmMarkdownParser),
      () => {
        // Tried again on the next connection (the chunk could not load: offline, a new deployment).
        warmed = false;
      },
    );
  });
}

/** Readies markdown drawing once `connected` turns true (see warmMarkdown). */
export function useWarmMarkdown(connected: boolean): void {
  useEffect(() => {
    if (connected) warmMarkdown();
  }, [connected]);
}
