import { useState } from 'react';
import { useStore } from 'zustand';
import { originOf } from '../../mcp/errors';
import { oauthStore } from '../../mcp/oauth';
import { useConnectionStore } from './use-connection';

/** Sign in (the server asked for OAuth) and Sign out (this tab holds its tokens), beside the connection status. */
export function SignIn() {
  const serverUrl = useConnectionStore((s) => s.serverUrl);
  const status = useConnectionStore((s) => s.status);
  const signIn = useConnectionStore((s) => s.signIn);
  const signInRequested = useConnectionStore((s) => s.signInRequested);
  const signOutRequested = useConnectionStore((s) => s.signOutRequested);
  const origin = originOf(serverUrl);
  const signedIn = useStore(oauthStore, (s) => (origin === undefined ? false : s.records[origin]?.tokens !== undefined));
  const [clientId, setClientId] = useState('');
  const waiting = status === 'Connecting' || status === 'Reconnecting';
  return (
    <div className="sign-in">
      {signIn && !signedIn && status === 'Error' ? (
        <>
          <button type="button" className="button primary" onClick={() => void signInRequested(clientId.trim() || undefined)}>
            Sign in
          </button>
          <details className="sign-in-client">
            <summary>Client ID</summary>
            <label className="field">
              <span>OAuth client ID</span>
              <input
                value={clientId}
                placeholder="registered for you (optional)"
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => setClientId(e.target.value)}
              />
            </label>
            <p className="muted small">For an authorization server that does not register clients itself.</p>
          </details>
        </>
      ) : null}
      {signedIn ? (
        <button type="button" className="button" disabled={waiting} onClick={() => void signOutRequested()}>
          Sign out
        </button>
      ) : null}
    </div>
  );
}
