import { useEffect, useState } from 'react';
import { timedWorker } from '../../lib/timed-worker';

const SYNC_LIMIT = 200_000;
/** Formatting is linear, but a hundred megabytes on a busy machine takes a while: the limit only stops a stuck worker. */
const FORMAT_TIME_LIMIT_MS = 120_000;

export interface Formatted {
  text?: string;
  error?: string;
}

const formatter = timedWorker<{ value: unknown } | { text: string }, Formatted>(
  () => new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module' }),
);

async function formatInWorker(source: { value: unknown } | { text: string }): Promise<Formatted> {
  const answer = await formatter.run(source, FORMAT_TIME_LIMIT_MS);
  return answer.done ? answer.value : { error: `Could not format the result: ${answer.reason}` };
}

/**
 * A result as indented JSON text: formatted on the main thread when small, in a worker when large. A result held
 * as JSON text (`text`) is sent to the worker as text, so reading `raw` never parses it here.
 */
export function useFormattedJson(
  result: { readonly raw: unknown; text?: string },
  size: number,
  enabled: boolean,
): { text?: string; error?: string; pending: boolean } {
  const [state, setState] = useState<{ text?: string; error?: string; for?: unknown }>({});
  const sync = size <= SYNC_LIMIT;
  useEffect(() => {
    if (!enabled || sync) return;
    let live = true;
    void formatInWorker(result.text !== undefined ? { text: result.text } : { value: result.raw }).then(
      (r) => live && setState({ ...r, for: result }),
    );
    return () => {
      live = false;
    };
  }, [result, enabled, sync]);
  if (!enabled) return { pending: false };
  if (sync) {
    try {
      return { text: JSON.stringify(result.raw, null, 2), pending: false };
    } catch (error) {
      return { error: String(error), pending: false };
    }
  }
  return state.for === result
    ? { ...(state.text !== undefined && { text: state.text }), ...(state.error !== undefined && { error: state.error }), pending: false }
    : { pending: true };
}
