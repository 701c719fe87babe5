import { auth, UnauthorizedError, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app.js';

const REDIRECT = 'http://127.0.0.1:1/oauth/callback';

/** A client that follows the authorization redirect itself (the demo approves at once) and keeps what it is given. */
class NodeProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  discovery: OAuthDiscoveryState | undefined;
  /** Where the authorization server sent the browser back to. */
  callback: URL | undefined;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata = { client_name: 'test', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' };
  clientInformation = () => this.info;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.info = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
  state = () => 'state-123';
  saveDiscoveryState = (state: OAuthDiscoveryState) => void (this.discovery = state);
  discoveryState = () => this.discovery;
  async redirectToAuthorization(url: URL) {
    const answer = await fetch(url, { redirect: 'manual' });
    const location = answer.headers.get('location');
    if (answer.status !== 302 || !location) throw new Error(`authorize answered ${answer.status}: ${await answer.text()}`);
    this.callback = new URL(location);
  }
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function signIn(ttl = 3600, refreshGraceSeconds?: number): Promise<{ server: RunningServer; provider: NodeProvider }> {
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    app: 'none',
    root: process.cwd(),
    allowOrigins: [],
    oauth: { tokenTtlSeconds: ttl, ...(refreshGraceSeconds !== undefined && { refreshGraceSeconds }) },
  });
  const provider = new NodeProvider();
  expect(await auth(provider, { serverUrl: server.mcpUrl })).toBe('REDIRECT');
  const code = provider.callback?.searchParams.get('code');
  expect(provider.callback?.searchParams.get('state')).toBe('state-123');
  if (!code) throw new Error('no code in the callback');
  expect(await auth(provider, { serverUrl: server.mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
  return { server, provider };
}

describe('demo server --oauth', () => {
  it('answers an MCP request without a token with 401 naming its protected resource metadata and scope', async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      app: 'none',
      root: process.cwd(),
      allowOrigins: [],
      oauth: { tokenTtlSeconds: 60 },
    });
    const answer = await fetch(server.mcpUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${server.origin}/.well-known/oauth-protected-resource"`);
    expect(challenge).toContain('scope="mcp:tasks"');
    const prm = (await (await fetch(`${server.origin}/.well-known/oauth-protected-resource`)).json()) as Record<string, unknown>;
    expect(prm).toMatchObject({
      resource: `${server.origin}/`,
      authorization_servers: [`${server.origin}/`],
      scopes_supported: ['mcp:tasks'],
    });
    const meta = (await (await fetch(`${server.origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({ code_challenge_methods_supported: ['S256'], registration_endpoint: `${server.origin}/register` });
  });

  it('signs in with the SDK client flow (registration, PKCE, code exchange) and then serves MCP with the token', async () => {
    const { server, provider } = await signIn();
    expect(server.oauth?.counters).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });
    expect(provider.saved?.scope).toBe('mcp:tasks');
    const client = new Client({ name: 'test', version: '1' }, { capabilities: { tasks: {} } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl), { authProvider: provider }));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('countdown');
    await client.close();
  });

  it('refuses a redirect URI the client did not register, and a code verifier that does not match', async () => {
    const { server, provider } = await signIn();
    const clientId = provider.info?.client_id ?? '';
    const authorize = new URL(`${server.origin}/authorize`);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      redirect_uri: 'http://127.0.0.1:2/elsewhere',
    }).toString();
    const wrong = await fetch(authorize, { redirect: 'manual' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Unregistered redirect_uri');

    authorize.searchParams.set('redirect_uri', REDIRECT);
    const issued = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location') ?? '');
    const token = await fetch(`${server.origin}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: issued.searchParams.get('code') ?? '',
        code_verifier: 'y'.repeat(43),
      }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('an expired access token is refused with invalid_token, and the transport refreshes it and carries on', async () => {
    const { server, provider } = await signIn(1);
    const first = provider.saved?.access_token;
    await expect
      .poll(async () => (await fetch(server.mcpUrl, { method: 'POST', headers: { Authorization: `Bearer ${first}` }, body: '{}' })).status)
      .toBe(401);
    const answer = await fetch(server.mcpUrl, { method: 'POST', headers: { Authorization: `Bearer ${first}` }, body: '{}' });
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const client = new Client({ name: 'test', version: '1' }, { capabilities: { tasks: {} } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl), { authProvider: provider }));
    expect(server.oauth?.counters.refreshes).toBeGreaterThanOrEqual(1);
    expect(provider.saved?.access_token).not.toBe(first);
    await client.close();
  });

  /** Asks the token endpoint for new tokens with a refresh token, as a public client does. */
  async function refresh(mcpUrl: string, provider: NodeProvider, refreshToken: string | undefined) {
    const answer = await fetch(new URL('/token', mcpUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken ?? '',
        client_id: provider.info?.client_id ?? '',
      }),
    });
    return { status: answer.status, body: (await answer.json()) as Partial<OAuthTokens> & { error?: string } };
  }

  it('a rotated refresh token still works within its grace period (a page reloaded mid-refresh), and a revoked one does not', async () => {
    const { server, provider } = await signIn();
    const old = provider.saved?.refresh_token;
    const first = await refresh(server.mcpUrl, provider, old);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(old);
    // The page never saw `first`: it asks again with the token it had.
    const again = await refresh(server.mcpUrl, provider, old);
    expect(again.status).toBe(200);
    expect(again.body.access_token).not.toBe(first.body.access_token);
    // The new access token is accepted (a request it carries is read, not refused with 401).
    const usable = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${again.body.access_token}` },
      body: '{}',
    });
    expect(usable.status).not.toBe(401);
    await fetch(new URL('/revoke', server.mcpUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: old ?? '', client_id: provider.info?.client_id ?? '' }),
    });
    expect(await refresh(server.mcpUrl, provider, old)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('without a grace period a rotated refresh token is refused at once', async () => {
    const { server, provider } = await signIn(3600, 0);
    const old = provider.saved?.refresh_token;
    expect((await refresh(server.mcpUrl, provider, old)).status).toBe(200);
    expect(await refresh(server.mcpUrl, provider, old)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('a client with no token and no way to sign in gets UnauthorizedError', async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      app: 'none',
      root: process.cwd(),
      allowOrigins: [],
      oauth: { tokenTtlSeconds: 60 },
    });
    const provider = new NodeProvider();
    provider.redirectToAuthorization = () => Promise.resolve();
    const client = new Client({ name: 'test', version: '1' }, { capabilities: { tasks: {} } });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl), { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
