import { useEffect, useRef } from 'react';

/**
 * A `<dialog>` shown as the browser's own modal while `open` (focus kept inside, Esc closes, the rest inert) and
 * closed otherwise; attach the returned ref to the dialog.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return dialog;
}
