import { useEffect, useState } from 'react';

const SYNC_LIMIT = 200_000;
let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (r: { text?: string; error?: string }) => void>();

function formatWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module' });
  created.onmessage = (event: MessageEvent<{ id: number; text?: string; error?: string }>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  worker = created;
  return created;
}

function formatInWorker(source: { value: unknown } | { text: string }): Promise<{ text?: string; error?: string }> {
  const target = formatWorker();
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    target.postMessage({ id, ...source });
  });
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
