import { useStore } from 'zustand';
import { originOf } from '../../mcp/errors';
import { oauthStore, type OAuthRecord } from '../../mcp/oauth';

function Document({ title, url, body }: { title: string; url: string | undefined; body: unknown }) {
  if (body === undefined) return null;
  return (
    <details>
      <summary>
        {title} {url ? <span className="mono muted">{url}</span> : null}
      </summary>
      <pre className="text-block">{JSON.stringify(body, null, 2)}</pre>
    </details>
  );
}

/** What the OAuth sign-in found and holds, for debugging it: never a token itself. */
function OAuthFacts({ record }: { record: OAuthRecord }) {
  const { discovery, client, tokens } = record;
  const prmUrl = discovery?.resourceMetadataUrl ?? (originOf(record.serverUrl) ?? '') + '/.well-known/oauth-protected-resource';
  return (
    <div role="group" aria-label="OAuth" className="oauth-info">
      <h3 className="small">OAuth</h3>
      <dl className="facts">
        <dt>Authorization server</dt>
        <dd className="mono">{discovery?.authorizationServerUrl ?? 'not discovered yet'}</dd>
        <dt>Client</dt>
        <dd>
          {client ? (
            <>
              <span className="mono">{client.client_id}</span> <span className="muted">({record.clientSource ?? 'stored'})</span>
            </>
          ) : (
            'not registered yet'
          )}
        </dd>
        <dt>Scopes</dt>
        <dd className="mono">{tokens?.scope ?? discovery?.resourceMetadata?.scopes_supported?.join(' ') ?? 'none asked'}</dd>
        <dt>Access token</dt>
        <dd>
          {tokens ? (
            <>
              held{' '}
              {record.expiresAt !== undefined ? (
                <>
                  · expires at{' '}
                  <time dateTime={new Date(record.expiresAt).toISOString()}>{new Date(record.expiresAt).toLocaleTimeString()}</time>
                </>
              ) : (
                '· no expiry given'
              )}{' '}
              · {tokens.refresh_token ? 'refresh token held' : 'no refresh token'}
              {record.refreshes ? ` · refreshed ${record.refreshes}×` : ''}
            </>
          ) : (
            'none'
          )}
        </dd>
        {record.lastError ? (
          <>
            <dt>Last failure</dt>
            <dd className="warning-text">{record.lastError}</dd>
          </>
        ) : null}
      </dl>
      <Document title="Protected resource metadata" url={prmUrl} body={discovery?.resourceMetadata} />
      <Document
        title="Authorization server metadata"
        url={discovery?.authorizationServerUrl}
        body={discovery?.authorizationServerMetadata}
      />
    </div>
  );
}

export function OAuthInfo({ serverUrl }: { serverUrl: string }) {
  const origin = originOf(serverUrl);
  const record = useStore(oauthStore, (s) => (origin === undefined ? undefined : s.records[origin]));
  return record ? <OAuthFacts record={record} /> : null;
}
