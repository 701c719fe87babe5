import { useConnectionStore } from './use-connection';

/** Extra request headers (an API key, a tenant id…). Kept with the token in sessionStorage, redacted in the log. */
export function HeadersEditor({ disabled }: { disabled: boolean }) {
  const headers = useConnectionStore((s) => s.headers);
  const headerAdded = useConnectionStore((s) => s.headerAdded);
  const headerEdited = useConnectionStore((s) => s.headerEdited);
  const headerRemoved = useConnectionStore((s) => s.headerRemoved);
  return (
    <details className="headers-editor">
      <summary>Headers{headers.length ? ` (${headers.length})` : ''}</summary>
      <div className="headers-rows">
        {headers.map((h, i) => (
          <div className="header-row" key={h.id}>
            <input
              aria-label={`Header ${i + 1} name`}
              placeholder="X-Api-Key"
              value={h.name}
              disabled={disabled}
              spellCheck={false}
              onChange={(e) => headerEdited(h.id, e.target.value, h.value)}
            />
            <input
              aria-label={`Header ${i + 1} value`}
              type="password"
              placeholder="value"
              value={h.value}
              disabled={disabled}
              autoComplete="off"
              onChange={(e) => headerEdited(h.id, h.name, e.target.value)}
            />
            <button
              type="button"
              className="button small"
              disabled={disabled}
              onClick={() => headerRemoved(h.id)}
              aria-label={`Remove header ${i + 1}`}
            >
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="button small" disabled={disabled} onClick={headerAdded}>
          Add header
        </button>
        <p className="muted small">Kept in this tab only (sessionStorage); never put in the URL or the protocol log.</p>
      </div>
    </details>
  );
}
