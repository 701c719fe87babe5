import { useModalDialog } from '../../components/use-modal-dialog';
import { SHORTCUTS } from './shortcuts';
import './shortcuts.css';

/**
 * The `?` help: every keyboard shortcut, in the browser's own modal dialog (focus kept inside, Esc closes, the
 * rest of the page inert), which needs no injected styles under the app's strict CSP.
 */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="shortcuts-title" onClose={() => onOpenChange(false)}>
      <h2 id="shortcuts-title" className="dialog-title">
        Keyboard shortcuts
      </h2>
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.does}>
              <th scope="row">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? <span className="muted"> or </span> : null}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">Shortcuts are off while you type in a field. F8 jumps to the notifications.</p>
      <form method="dialog">
        <button type="submit" className="button" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
