import { Suspense, type FormEvent } from 'react';
import { useConnectionStore } from './use-connection';
import type { TransportChoice } from '../../mcp/session';
import { HeadersEditor } from './HeadersEditor';
import { lazyNamed } from '../../components/lazy-named';

/** Only for the stdio transport: loaded when it is chosen. */
const StdioFields = lazyNamed(() => import('./StdioFields'), 'StdioFields');

const TRANSPORT_OPTIONS: ReadonlyArray<{ value: TransportChoice; label: string }> = [
  { value: 'auto', label: 'Auto' },
  { value: 'streamable-http', label: 'Streamable HTTP' },
  { value: 'sse', label: 'SSE (legacy, deprecated)' },
  { value: 'bridge', label: 'Through local bridge' },
  { value: 'stdio', label: 'stdio' },
];

export function ConnectionForm() {
  const serverUrl = useConnectionStore((s) => s.serverUrl);
  const transport = useConnectionStore((s) => s.transport);
  const bearerToken = useConnectionStore((s) => s.bearerToken);
  const status = useConnectionStore((s) => s.status);
  const serverUrlEdited = useConnectionStore((s) => s.serverUrlEdited);
  const transportChosen = useConnectionStore((s) => s.transportChosen);
  const bearerTokenEdited = useConnectionStore((s) => s.bearerTokenEdited);
  const connectRequested = useConnectionStore((s) => s.connectRequested);
  const disconnectRequested = useConnectionStore((s) => s.disconnectRequested);
  const recent = useConnectionStore((s) => s.recent);
  const serverLinked = useConnectionStore((s) => s.serverLinked);
  const credentialsConfirmed = useConnectionStore((s) => s.credentialsConfirmed);
  const droppedFor = useConnectionStore((s) => s.credentialsDroppedFor);

  const live = status === 'Connected' || status === 'Connecting' || status === 'Reconnecting';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!live) credentialsConfirmed();
    void (live ? disconnectRequested() : connectRequested());
  };

  return (
    <form className="connection-form" onSubmit={onSubmit} aria-label="Connection" noValidate>
      {transport === 'stdio' ? (
        <Suspense fallback={<p className="muted">Loading the stdio fields…</p>}>
          <StdioFields disabled={live} />
        </Suspense>
      ) : null}
      {transport === 'stdio' ? null : (
        <label className="field grow">
          <span>Server URL</span>
          <input
            type="url"
            value={serverUrl}
            placeholder="http://127.0.0.1:3210/mcp"
            spellCheck={false}
            autoComplete="url"
            onChange={(e) => serverUrlEdited(e.target.value)}
            disabled={live}
            required
          />
        </label>
      )}
      {recent.length > 0 && !live ? (
        <label className="field">
          <span>Recent servers</span>
          <select
            value=""
            onChange={(e) => {
              const chosen = recent.find((r) => r.url === e.target.value);
              if (!chosen) return;
              serverLinked(chosen.url, chosen.transport);
            }}
          >
            <option value="">{recent.length} recent…</option>
            {recent.map((r) => (
              <option key={r.url} value={r.url}>
                {r.url}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        <span>Transport</span>
        <select value={transport} onChange={(e) => transportChosen(e.target.value as TransportChoice)} disabled={live}>
          {TRANSPORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {transport === 'stdio' ? null : (
        <label className="field">
          <span>Bearer token</span>
          <input
            type="password"
            value={bearerToken}
            placeholder="optional"
            autoComplete="off"
            onChange={(e) => bearerTokenEdited(e.target.value)}
            disabled={live}
          />
        </label>
      )}
      {transport === 'stdio' ? null : <HeadersEditor disabled={live} />}
      {droppedFor && !live ? (
        <p className="muted small credentials-note" role="note">
          Token and headers cleared: they were entered for {droppedFor} and are never sent to another server.
        </p>
      ) : null}
      <button type="submit" className={live ? 'button' : 'button primary'}>
        {live ? 'Disconnect' : 'Connect'}
      </button>
    </form>
  );
}
