import { startTransition, useEffect, useState } from 'react';

/**
 * False for the app's first commit, true from then on. The shell (the brand bar, the connection form and the
 * connection status) is drawn and painted first; the workbench (task list, details, drawer), most of the first
 * render's work, follows in a transition. So a start from a link shows the connection's progress as soon as the
 * script has run, not after the whole dashboard has been drawn.
 */
export function useShellFirst(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}
