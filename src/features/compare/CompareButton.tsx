import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { FetchedResult } from '../../tasks/result';

/** The dialog's contents (the picker and both diffs), loaded the first time a comparison is opened. */
const CompareBody = lazy(() => import('./CompareResults').then((m) => ({ default: m.CompareBody })));

/** A "Compare with…" button for a task with a result, opening the Compare results dialog. */
export function CompareButton({ serverUrl, result }: { serverUrl: string; result: FetchedResult | undefined }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!result}
        title={result ? undefined : 'Available once this task has a result here'}
        onClick={() => setOpen(true)}
      >
        Compare with…
      </button>
      <dialog ref={dialog} className="dialog compare-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <h2 id={titleId} className="dialog-title">
          Compare results
        </h2>
        {open && result ? (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <CompareBody serverUrl={serverUrl} base={result} />
          </Suspense>
        ) : null}
        <form method="dialog">
          <button type="submit" className="button">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
