import { useId, useState } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog';
import { messageOf } from '../../lib/errors';
import type { FetchedResult } from '../../tasks/result';
import type { CompareBody as CompareBodyView } from './CompareResults';
// With the button, not with the body loaded later: the dialog is styled from its first frame.
import './compare.css';

type Body = typeof CompareBodyView;
let loadedBody: Body | undefined;
/** The dialog's contents (the picker and both diffs), loaded the first time a comparison is wanted. */
const loadBody = () => import('./CompareResults').then((m) => (loadedBody = m.CompareBody));

/** A "Compare with…" button for a task with a result, opening the Compare results dialog. */
export function CompareButton({ serverUrl, result }: { serverUrl: string; result: FetchedResult | undefined }) {
  const [open, setOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | undefined>();
  const dialog = useModalDialog(open);
  const titleId = useId();
  const CompareBody = loadedBody;
  // The dialog opens once its contents are here, so the browser's modal focuses the picker, not Close.
  const onOpen = () => {
    setLoadError(undefined);
    loadBody().then(
      () => setOpen(true),
      (error: unknown) => setLoadError(`Could not load the comparison: ${messageOf(error)}`),
    );
  };
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!result}
        title={result ? undefined : 'Available once this task has a result here'}
        onPointerEnter={() => void loadBody().catch(() => {})}
        onFocus={() => void loadBody().catch(() => {})}
        onClick={onOpen}
      >
        Compare with…
      </button>
      {loadError ? (
        <p className="error-text" role="alert">
          {loadError}
        </p>
      ) : null}
      <dialog ref={dialog} className="dialog compare-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <h2 id={titleId} className="dialog-title">
          Compare results
        </h2>
        {open && result && CompareBody ? <CompareBody serverUrl={serverUrl} base={result} /> : null}
        <form method="dialog">
          <button type="submit" className="button">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
