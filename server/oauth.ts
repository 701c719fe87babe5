import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** The demo's one scope: it guards every MCP request. */
const OAUTH_SCOPE = 'mcp:tasks';

export interface OAuthOptions {
  /** Access token lifetime in seconds (short in tests, to watch a refresh happen mid-task). */
  tokenTtlSeconds: number;
  /**
   * How long a rotated refresh token can still be used, in seconds (default 30). A page reloaded while its refresh was
   * in flight never saw the new tokens: it asks again with the old one, and gets a new pair instead of a sign-in.
   */
  refreshGraceSeconds?: number;
}

/** The default reuse window of a rotated refresh token (providers call it a grace period or reuse interval). */
const REFRESH_GRACE_SECONDS = 30;

/** What the authorization server did, for tests and for the log line a developer reads. */
interface OAuthCounters {
  registrations: number;
  authorizations: number;
  codeExchanges: number;
  refreshes: number;
  refused: number;
}

interface CodeGrant {
  client: string;
  challenge: string;
  redirectUri: string;
  scopes: string[];
  resource: string | undefined;
  expiresAt: number;
}

/** A rotated refresh token: still accepted until `until` (milliseconds since the epoch). */
interface SpentRefreshToken {
  grant: Omit<IssuedToken, 'expiresAt'>;
  until: number;
}

interface IssuedToken {
  client: string;
  scopes: string[];
  resource: string | undefined;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** Only what the provider calls on the SDK's Express response: the SDK types it as Express's Response. */
interface RedirectingResponse {
  redirect(url: string): void;
}

class MemoryClients implements OAuthRegisteredClientsStore {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  constructor(private readonly counters: OAuthCounters) {}
  getClient(clientId: string) {
    return this.clients.get(clientId);
  }
  registerClient(client: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): OAuthClientInformationFull {
    const full = { ...client, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) };
    this.clients.set(full.client_id, full);
    this.counters.registrations++;
    return full;
  }
}

const secret = () => randomBytes(24).toString('base64url');

/**
 * The demo's authorization server: it approves every request at once (there is one user, on loopback), issues
 * short-lived opaque access tokens bound to the resource they were asked for, and rotates refresh tokens.
 */
class DemoOAuthProvider implements OAuthServerProvider {
  readonly counters: OAuthCounters = { registrations: 0, authorizations: 0, codeExchanges: 0, refreshes: 0, refused: 0 };
  readonly clientsStore = new MemoryClients(this.counters);
  private readonly codes = new Map<string, CodeGrant>();
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, Omit<IssuedToken, 'expiresAt'>>();
  private readonly spentRefreshTokens = new Map<string, SpentRefreshToken>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly resource: URL,
    private readonly refreshGraceSeconds: number,
  ) {}

  authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: RedirectingResponse): Promise<void> {
    const code = secret();
    this.codes.set(code, {
      client: client.client_id,
      challenge: params.codeChallenge,
      redirectUri: params.redirectUri,
      scopes: params.scopes?.length ? params.scopes : [OAUTH_SCOPE],
      resource: params.resource?.href,
      expiresAt: Date.now() + 60_000,
    });
    this.counters.authorizations++;
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    // RFC 9207: the client can check the answer comes from the authorization server it meant to ask.
    target.searchParams.set('iss', this.resource.href);
    res.redirect(target.href);
    return Promise.resolve();
  }

  private grant(client: OAuthClientInformationFull, code: string): CodeGrant {
    const grant = this.codes.get(code);
    if (!grant || grant.client !== client.client_id || grant.expiresAt < Date.now()) {
      this.counters.refused++;
      throw new InvalidGrantError('Unknown, expired or foreign authorization code');
    }
    return grant;
  }

  challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    return Promise.resolve(this.grant(client, code).challenge);
  }

  private issue(client: string, scopes: string[], resource: string | undefined): OAuthTokens {
    const access = secret();
    const refresh = secret();
    this.accessTokens.set(access, { client, scopes, resource, expiresAt: Date.now() + this.ttlSeconds * 1000 });
    this.refreshTokens.set(refresh, { client, scopes, resource });
    return { access_token: access, token_type: 'Bearer', expires_in: this.ttlSeconds, refresh_token: refresh, scope: scopes.join(' ') };
  }

  private checkResource(resource: string | undefined): void {
    // A token asked for another resource would be replayable there: only this server's own is issued.
    if (resource !== undefined && !resource.startsWith(this.resource.href)) {
      this.counters.refused++;
      throw new InvalidGrantError(`This server issues tokens for ${this.resource.href} only, not ${resource}`);
    }
  }

  exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _verifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const grant = this.grant(client, code);
    this.codes.delete(code);
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri) {
      this.counters.refused++;
      throw new InvalidGrantError('redirect_uri differs from the one the code was issued for');
    }
    this.checkResource(resource?.href ?? grant.resource);
    this.counters.codeExchanges++;
    return Promise.resolve(this.issue(client.client_id, grant.scopes, resource?.href ?? grant.resource));
  }

  exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    const now = Date.now();
    for (const [token, spent] of this.spentRefreshTokens) if (spent.until <= now) this.spentRefreshTokens.delete(token);
    const held = this.refreshTokens.get(refreshToken) ?? this.spentRefreshTokens.get(refreshToken)?.grant;
    if (!held || held.client !== client.client_id) {
      this.counters.refused++;
      throw new InvalidGrantError('Unknown or revoked refresh token');
    }
    this.checkResource(resource?.href ?? held.resource);
    // Rotation (OAuth 2.1 for public clients): the old refresh token is spent, and refused once its grace period ends.
    if (this.refreshTokens.delete(refreshToken) && this.refreshGraceSeconds > 0) {
      this.spentRefreshTokens.set(refreshToken, { grant: held, until: now + this.refreshGraceSeconds * 1000 });
    }
    this.counters.refreshes++;
    const narrowed = scopes?.length ? scopes.filter((s) => held.scopes.includes(s)) : held.scopes;
    return Promise.resolve(this.issue(client.client_id, narrowed, held.resource));
  }

  /** The token's grant, or why it is refused (synchronous: the MCP paths check it before reading the request). */
  inspect(token: string): AuthInfo | InvalidTokenError {
    const held = this.accessTokens.get(token);
    if (!held) return new InvalidTokenError('Unknown access token');
    if (held.expiresAt <= Date.now()) {
      this.accessTokens.delete(token);
      return new InvalidTokenError('The access token expired');
    }
    return {
      token,
      clientId: held.client,
      scopes: held.scopes,
      expiresAt: Math.floor(held.expiresAt / 1000),
      ...(held.resource !== undefined && { resource: new URL(held.resource) }),
    };
  }

  verifyAccessToken(token: string): Promise<AuthInfo> {
    const info = this.inspect(token);
    return info instanceof InvalidTokenError ? Promise.reject(info) : Promise.resolve(info);
  }

  revokeToken(_client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    this.accessTokens.delete(request.token);
    this.refreshTokens.delete(request.token);
    this.spentRefreshTokens.delete(request.token);
    return Promise.resolve();
  }
}

/** The SDK's Express app, as far as it is used here: a request handler that can be given routers. */
interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  use(handler: unknown): void;
}

/** The paths the authorization server answers (everything else is the MCP server's or the app's). */
const OAUTH_PATHS = new Set(['/authorize', '/token', '/register', '/revoke', '/.well-known/oauth-authorization-server']);

export interface DemoAuthorizationServer {
  counters: OAuthCounters;
  /** Whether this path belongs to the authorization server (or its protected resource metadata). */
  handles(path: string): boolean;
  /** Answers an authorization server or metadata request. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** For an MCP request: true when it was answered 401 (no, unknown or expired token). */
  rejectUnauthorized(req: IncomingMessage, res: ServerResponse): boolean;
  /** The protected resource metadata URL, as WWW-Authenticate names it. */
  resourceMetadataUrl: string;
}

/**
 * An authorization server on the demo's own origin, made of the SDK's server auth pieces (metadata, /authorize,
 * /token with PKCE, dynamic registration, revocation), and the resource-server check of MCP requests.
 * The protected resource is the whole origin: /mcp, /mcp-2026 and the legacy SSE endpoints share one token.
 */
export function createAuthorizationServer(origin: string, options: OAuthOptions): DemoAuthorizationServer {
  const resource = new URL('/', origin);
  const provider = new DemoOAuthProvider(options.tokenTtlSeconds, resource, options.refreshGraceSeconds ?? REFRESH_GRACE_SECONDS);
  const app = createMcpExpressApp({ host: resource.hostname }) as unknown as ExpressApp;
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: resource,
      resourceServerUrl: resource,
      scopesSupported: [OAUTH_SCOPE],
      resourceName: 'Taskdeck demo',
      // One user on loopback, and every e2e test signing in: no rate limits.
      authorizationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      revocationOptions: { rateLimit: false },
    }),
  );
  const resourceMetadataUrl = new URL('/.well-known/oauth-protected-resource', origin).href;

  const challenge = (res: ServerResponse, status: 401 | 403, error: string | undefined, description: string) => {
    const params = [
      ...(error ? [`error="${error}"`, `error_description="${description.replace(/["\\]/g, '')}"`] : []),
      `scope="${OAUTH_SCOPE}"`,
      `resource_metadata="${resourceMetadataUrl}"`,
    ];
    res.writeHead(status, { 'Content-Type': 'application/json', 'WWW-Authenticate': `Bearer ${params.join(', ')}` });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: description }, id: null }));
    return true;
  };

  return {
    counters: provider.counters,
    resourceMetadataUrl,
    handles: (path) => OAUTH_PATHS.has(path) || path.startsWith('/.well-known/oauth-protected-resource'),
    handle(req, res) {
      app(req, res, () => {
        if (!res.headersSent) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      });
    },
    rejectUnauthorized(req, res) {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const token = match?.[1];
      if (!token) return challenge(res, 401, undefined, 'This server needs a sign-in (OAuth): send Authorization: Bearer <access token>');
      const info = provider.inspect(token);
      if (info instanceof InvalidTokenError) return challenge(res, 401, 'invalid_token', info.message);
      if (info.resource && info.resource.href !== resource.href)
        return challenge(res, 401, 'invalid_token', 'The token is for another resource');
      if (!info.scopes.includes(OAUTH_SCOPE)) return challenge(res, 403, 'insufficient_scope', `The token lacks the scope ${OAUTH_SCOPE}`);
      return false;
    },
  };
}
