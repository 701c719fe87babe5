// @vitest-environment jsdom
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import {
  completeCallback,
  exchangePendingCode,
  oauthSecrets,
  oauthStore,
  signedOut,
  startSignIn,
  TabOAuthProvider,
  usesOAuth,
} from './oauth';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  oauthStore.setState({ records: {} });
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

const SERVER = 'http://127.0.0.1:5999/mcp';

/** This tab left for the authorization server of SERVER with `state`, and comes back to `callback`. */
function backFromAuthorization(state: string, callback: string) {
  oauthStore.setState({ records: { 'http://127.0.0.1:5999': { serverUrl: SERVER, pendingState: state } } });
  sessionStorage.setItem('taskdeck.oauth.pending', JSON.stringify({ origin: 'http://127.0.0.1:5999', return: `/?server=${SERVER}` }));
  history.replaceState(null, '', callback);
  completeCallback();
}

describe('the OAuth callback route', () => {
  it('takes the code when the state is the one sent, and leaves neither in the address bar', () => {
    backFromAuthorization('s-1', '/oauth/callback?code=the-code&state=s-1');
    expect(location.pathname).toBe('/');
    expect(location.search).toBe(`?server=${SERVER}`);
    expect(usesOAuth(SERVER)).toBe(true);
    expect(oauthStore.getState().records['http://127.0.0.1:5999']?.pendingState).toBeUndefined();
    expect(sessionStorage.getItem('taskdeck.oauth.pending')).toBeNull();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('the-code');
  });

  it('refuses a wrong state: the code is dropped, and the failure names the callback step', async () => {
    backFromAuthorization('s-1', '/oauth/callback?code=forged&state=s-2');
    expect(location.search).not.toContain('forged');
    const record = oauthStore.getState().records['http://127.0.0.1:5999'];
    expect(record?.lastError).toMatch(/^Sign-in failed at the callback step: the state in the callback does not match/);
    // Nothing to exchange: no request is made (the server at SERVER does not exist).
    expect(await exchangePendingCode(SERVER, new TabOAuthProvider(SERVER, false))).toBeUndefined();
  });

  it('refuses a code from another issuer than the one discovered (mix-up defence)', async () => {
    oauthStore.setState({
      records: {
        'http://127.0.0.1:5999': {
          serverUrl: SERVER,
          pendingState: 's-1',
          discovery: {
            authorizationServerUrl: 'http://127.0.0.1:5999/',
            authorizationServerMetadata: {
              issuer: 'http://127.0.0.1:5999/',
              authorization_endpoint: 'http://127.0.0.1:5999/authorize',
              token_endpoint: 'http://127.0.0.1:5999/token',
              response_types_supported: ['code'],
            },
          },
        },
      },
    });
    sessionStorage.setItem('taskdeck.oauth.pending', JSON.stringify({ origin: 'http://127.0.0.1:5999', return: '/' }));
    history.replaceState(null, '', '/oauth/callback?code=c&state=s-1&iss=http%3A%2F%2Fevil.example%2F');
    completeCallback();
    expect(oauthStore.getState().records['http://127.0.0.1:5999']?.lastError).toContain('names the issuer http://evil.example/');
    expect(await exchangePendingCode(SERVER, new TabOAuthProvider(SERVER, false))).toBeUndefined();
  });

  it('names the authorization server’s refusal', () => {
    backFromAuthorization('s-1', '/oauth/callback?error=access_denied&error_description=The+user+said+no&state=s-1');
    expect(oauthStore.getState().records['http://127.0.0.1:5999']?.lastError).toBe(
      'Sign-in failed at the callback step: the authorization server answered access_denied: The user said no',
    );
  });
});

describe('a failed sign-in', () => {
  it('names the step and what went wrong, and keeps it for Server info', async () => {
    // Nothing listens on port 1: no metadata is found, and registering at the origin fails.
    const failure = await startSignIn('http://127.0.0.1:1/mcp', 'auto', { message: '' });
    expect(failure).toMatch(/^Sign-in failed at the client registration step: fetch failed \(the authorization server is unreachable/);
    expect(failure).toContain('Discovery found no protected resource or authorization server metadata');
    expect(oauthStore.getState().records['http://127.0.0.1:1']?.lastError).toBe(failure);
  });
});

describe('TabOAuthProvider against the demo server', () => {
  it('signs in, refreshes a token about to expire before handing it out, and forgets everything on sign-out', async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      app: 'none',
      root: process.cwd(),
      allowOrigins: [],
      oauth: { tokenTtlSeconds: 3 },
    });
    const url = server.mcpUrl;
    const provider = new TabOAuthProvider(url, false);
    let code = '';
    provider.redirectToAuthorization = async (authorization: URL) => {
      const answer = await fetch(authorization, { redirect: 'manual' });
      code = new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
    };
    expect(await auth(provider, { serverUrl: url })).toBe('REDIRECT');
    expect(await auth(provider, { serverUrl: url, authorizationCode: code })).toBe('AUTHORIZED');
    const first = (await provider.tokens())?.access_token;
    expect(first).toBeTruthy();
    expect(oauthSecrets(url)).toContain(first);

    // Within the last fifth of its three seconds, tokens() refreshes before handing the token out.
    await expect.poll(async () => (await provider.tokens())?.access_token, { timeout: 10_000 }).not.toBe(first);
    expect(server.oauth?.counters.refreshes).toBeGreaterThanOrEqual(1);
    const fresh = (await provider.tokens())?.access_token ?? '';
    const answer = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fresh}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).not.toBe(401);

    signedOut(url);
    expect(await provider.tokens()).toBeUndefined();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(fresh);
  });
});
