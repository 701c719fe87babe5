import {
  auth,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  refreshAuthorization,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createStore } from 'zustand/vanilla';
import { messageOf, originOf } from './errors';

/**
 * OAuth sign-in for protected servers (the MCP authorization spec), through the SDK's client flow: `auth()` does the
 * discovery, registration, PKCE and token requests; this module is the `OAuthClientProvider` it calls, keeping what
 * it is given per server origin in this tab's sessionStorage (never localStorage, the URL or the protocol log).
 */

/** Why a connection needs a sign-in, and what the server's challenge said to use. */
export interface SignInChallenge {
  message: string;
  resourceMetadataUrl?: string;
  scope?: string;
}

/** The steps of a sign-in, as named to the user when one fails. */
export type SignInStep = 'discovery' | 'client registration' | 'authorization' | 'callback' | 'token exchange' | 'token refresh';

export interface OAuthRecord {
  serverUrl: string;
  discovery?: OAuthDiscoveryState;
  /** The registration, and how it was obtained. */
  client?: OAuthClientInformationMixed;
  clientSource?: 'dynamic registration' | 'entered by you';
  tokens?: OAuthTokens;
  /** Milliseconds since the epoch, from expires_in when the tokens were saved. */
  expiresAt?: number;
  refreshedAt?: number;
  refreshes?: number;
  codeVerifier?: string;
  /** The state sent with the authorization request, to check the callback against. */
  pendingState?: string;
  /** The last failed step, as shown to the user. */
  lastError?: string;
}

/** The authorization code the callback brought for a server origin, until its connection exchanges it. */
const codes = new Map<string, string>();

const KEY = 'taskdeck.oauth';
/** What the tab was doing when it left for the authorization server: where to come back to. */
const PENDING_KEY = 'taskdeck.oauth.pending';

function readRecords(): Record<string, OAuthRecord> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, OAuthRecord>) : {};
  } catch {
    return {};
  }
}

/** Per origin: a token belongs to the origin it was obtained for, like a bearer token typed in the form. */
export const oauthStore = createStore<{ records: Record<string, OAuthRecord> }>()(() => ({ records: readRecords() }));
oauthStore.subscribe(({ records }) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(records));
  } catch {
    // Storage full or refused: the sign-in lasts as long as the page.
  }
});

function oauthRecordFor(serverUrl: string): OAuthRecord | undefined {
  const origin = originOf(serverUrl);
  return origin === undefined ? undefined : oauthStore.getState().records[origin];
}

function update(serverUrl: string, change: (record: OAuthRecord) => OAuthRecord | undefined): void {
  const origin = originOf(serverUrl);
  if (origin === undefined) return;
  const { [origin]: current, ...others } = oauthStore.getState().records;
  const next = change(current ?? { serverUrl });
  oauthStore.setState({ records: next ? { ...others, [origin]: next } : others });
}

/** This server's current OAuth tokens, for redaction: a result that echoes one never keeps it. */
export function oauthSecrets(serverUrl: string): string[] {
  const tokens = oauthRecordFor(serverUrl)?.tokens;
  return [tokens?.access_token, tokens?.refresh_token].filter((t): t is string => typeof t === 'string' && t.length > 0);
}

/** Sign out: every token, the registration and what discovery found for this server's origin are forgotten. */
export function signedOut(serverUrl: string): void {
  const origin = originOf(serverUrl);
  if (origin !== undefined) codes.delete(origin);
  update(serverUrl, () => undefined);
}

/** A named failure; a fetch the browser refused (CORS, or nothing there) says what that usually means. */
function failed(step: SignInStep, error: unknown): string {
  const blocked = error instanceof TypeError && /fetch/i.test(error.message);
  const why = blocked
    ? `${error.message} (the authorization server is unreachable, or does not answer this page's cross-origin requests` +
      (step === 'client registration' ? ': enter a client id registered for Taskdeck instead)' : ')')
    : messageOf(error);
  return `Sign-in failed at the ${step} step: ${why}`;
}

function randomText(bytes = 24): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The share of a token's lifetime left when it is refreshed ahead of expiry (at most a minute before). */
const refreshMargin = (lifetimeMs: number) => Math.min(60_000, lifetimeMs / 5);

/**
 * The provider the SDK calls. Not `interactive`, it never leaves the page: a connection that needs a sign-in fails
 * with `signInNeeded` set, and the user decides (Sign in).
 */
export class TabOAuthProvider implements OAuthClientProvider {
  /** The step under way, to name it when it fails. */
  step: SignInStep = 'discovery';
  /** Set when the SDK wanted to send the user to the authorization server but this provider may not. */
  signInNeeded = false;
  /** Discovery found neither metadata document: the SDK then treats the server's origin as its authorization server. */
  discoveredNothing = false;
  private refreshing: Promise<void> | undefined;

  constructor(
    readonly serverUrl: string,
    private readonly interactive: boolean,
    /** Where to come back to after the authorization page (a deep link to this server). */
    private readonly returnTo = '/',
  ) {}

  get redirectUrl(): string {
    return `${location.origin}/oauth/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Taskdeck',
      client_uri: location.origin,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  private get record(): OAuthRecord {
    return oauthRecordFor(this.serverUrl) ?? { serverUrl: this.serverUrl };
  }

  state(): string {
    const state = randomText();
    update(this.serverUrl, (r) => ({ ...r, pendingState: state }));
    return state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.record.client;
    if (client) this.step = 'authorization';
    return client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.step = 'authorization';
    update(this.serverUrl, (r) => ({ ...r, client, clientSource: r.clientSource ?? 'dynamic registration' }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const { tokens, expiresAt } = this.record;
    if (tokens?.refresh_token && expiresAt !== undefined && tokens.expires_in !== undefined) {
      const left = expiresAt - Date.now();
      if (left < refreshMargin(tokens.expires_in * 1000)) await this.refreshAhead(tokens.refresh_token);
    }
    return this.record.tokens;
  }

  /** Refreshes before the token runs out, so requests do not meet a 401 (the SDK refreshes on a 401 too). */
  private refreshAhead(refreshToken: string): Promise<void> {
    this.refreshing ??= (async () => {
      const { discovery, client } = this.record;
      if (!discovery?.authorizationServerUrl || !client) return;
      try {
        const tokens = await refreshAuthorization(discovery.authorizationServerUrl, {
          ...(discovery.authorizationServerMetadata && { metadata: discovery.authorizationServerMetadata }),
          clientInformation: client,
          refreshToken,
          ...(discovery.resourceMetadata?.resource && { resource: new URL(discovery.resourceMetadata.resource) }),
        });
        this.saveTokens(tokens);
      } catch (error) {
        // The next request meets a 401 and the SDK tries again (or asks for a sign-in): say what happened meanwhile.
        update(this.serverUrl, (r) => ({ ...r, lastError: failed('token refresh', error) }));
      }
    })().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  saveTokens(tokens: OAuthTokens): void {
    update(this.serverUrl, (r) => {
      const refresh = r.tokens !== undefined;
      return {
        ...r,
        tokens,
        ...(tokens.expires_in !== undefined ? { expiresAt: Date.now() + tokens.expires_in * 1000 } : { expiresAt: undefined }),
        ...(refresh && { refreshedAt: Date.now(), refreshes: (r.refreshes ?? 0) + 1 }),
        codeVerifier: undefined,
        pendingState: undefined,
        lastError: undefined,
      };
    });
  }

  redirectToAuthorization(url: URL): void | Promise<void> {
    if (!this.interactive) {
      this.signInNeeded = true;
      return;
    }
    const pending = { origin: originOf(this.serverUrl), return: this.returnTo };
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    location.assign(url.href);
  }

  saveCodeVerifier(codeVerifier: string): void {
    update(this.serverUrl, (r) => ({ ...r, codeVerifier }));
  }

  codeVerifier(): string {
    const verifier = this.record.codeVerifier;
    if (!verifier) throw new Error('No PKCE code verifier is kept for this sign-in (it was started in another tab, or already used).');
    return verifier;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.step = 'client registration';
    this.discoveredNothing = !discovery.resourceMetadata && !discovery.authorizationServerMetadata;
    update(this.serverUrl, (r) => ({ ...r, discovery }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.record.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    update(this.serverUrl, (r) => {
      if (scope === 'all') return { serverUrl: r.serverUrl };
      if (scope === 'client') return { ...r, client: undefined, clientSource: undefined };
      if (scope === 'tokens') return { ...r, tokens: undefined, expiresAt: undefined };
      if (scope === 'verifier') return { ...r, codeVerifier: undefined };
      return { ...r, discovery: undefined };
    });
  }
}

/**
 * Starts a sign-in (the user pressed Sign in): the SDK discovers the authorization server, registers (unless a client
 * id was entered), and this tab goes to the authorization page. Resolves with a named failure, or never (the page left).
 */
export async function startSignIn(
  serverUrl: string,
  transport: string,
  challenge: SignInChallenge,
  clientId?: string,
): Promise<string | undefined> {
  if (clientId) update(serverUrl, (r) => ({ ...r, client: { client_id: clientId }, clientSource: 'entered by you' }));
  const back = new URLSearchParams(location.search);
  back.set('server', serverUrl);
  back.set('transport', transport);
  const provider = new TabOAuthProvider(serverUrl, true, `/?${back.toString()}`);
  try {
    await auth(provider, {
      serverUrl,
      ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: new URL(challenge.resourceMetadataUrl) }),
      ...(challenge.scope && { scope: challenge.scope }),
    });
    return undefined;
  } catch (error) {
    const note = provider.discoveredNothing
      ? ' (Discovery found no protected resource or authorization server metadata, so the server’s origin was tried as its authorization server.)'
      : '';
    const message = failed(provider.step, error) + note;
    update(serverUrl, (r) => ({ ...r, lastError: message }));
    return message;
  }
}

/**
 * Before connecting with OAuth: a code the callback brought is exchanged for tokens (the token exchange step).
 * Returns a named failure, or undefined.
 */
export async function exchangePendingCode(serverUrl: string, provider: TabOAuthProvider): Promise<string | undefined> {
  const origin = originOf(serverUrl);
  const code = origin === undefined ? undefined : codes.get(origin);
  if (origin === undefined || code === undefined) return undefined;
  codes.delete(origin);
  provider.step = 'token exchange';
  try {
    await auth(provider, { serverUrl, authorizationCode: code });
    return undefined;
  } catch (error) {
    const message = failed('token exchange', error);
    update(serverUrl, (r) => ({ ...r, lastError: message }));
    return message;
  }
}

/**
 * After a failed connect: whether the server wants an OAuth sign-in. It does when the OAuth provider was asked to go
 * to the authorization page, when a 401's WWW-Authenticate names protected resource metadata, or (the spec's
 * fallback when it names none) when the server publishes that metadata at its well-known address.
 */
export async function signInNeed(
  serverUrl: string,
  provider: TabOAuthProvider | undefined,
  unauthorized: Response | undefined,
): Promise<SignInChallenge | undefined> {
  const lastError = oauthRecordFor(serverUrl)?.lastError;
  const message = `Sign-in needed: this server is protected by OAuth.${lastError ? ` ${lastError}` : ''}`;
  if (provider?.signInNeeded) return { message };
  if (!unauthorized) return undefined;
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(unauthorized);
  const found = { message, ...(scope && { scope }) };
  if (resourceMetadataUrl) return { ...found, resourceMetadataUrl: resourceMetadataUrl.href };
  try {
    await discoverOAuthProtectedResourceMetadata(serverUrl);
    return found;
  } catch {
    // No protected resource metadata: a plain bearer token is what the server wants.
    return undefined;
  }
}

/** Whether connections to this server go through the OAuth provider (signed in, or a sign-in under way). */
export function usesOAuth(serverUrl: string): boolean {
  const origin = originOf(serverUrl);
  return origin !== undefined && (oauthStore.getState().records[origin] !== undefined || codes.has(origin));
}

/**
 * At start-up on the callback route: checks the state against the one this tab sent, keeps the code in memory for
 * the connection to exchange, and puts the address the user left from back in the bar (so neither code nor state
 * stays in the URL or the history). A callback this tab did not start, or with a wrong state, is refused.
 */
export function completeCallback(): void {
  if (location.pathname !== '/oauth/callback') return;
  const params = new URLSearchParams(location.search);
  let pending: { origin?: unknown; return?: unknown } = {};
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}') as typeof pending;
  } catch {
    // Unreadable: treated as no sign-in under way.
  }
  sessionStorage.removeItem(PENDING_KEY);
  const back = typeof pending.return === 'string' && pending.return.startsWith('/') ? pending.return : '/';
  history.replaceState(null, '', back);
  const origin = typeof pending.origin === 'string' ? pending.origin : undefined;
  const record = origin === undefined ? undefined : oauthStore.getState().records[origin];
  if (origin === undefined || !record) return;
  // This callback replaces any code an earlier one brought and no connection has used yet.
  codes.delete(origin);
  const refuse = (why: string) => update(record.serverUrl, (r) => ({ ...r, pendingState: undefined, lastError: failed('callback', why) }));
  const error = params.get('error');
  const state = params.get('state');
  if (!record.pendingState || state !== record.pendingState)
    return refuse('the state in the callback does not match the one this tab sent, so its code was not used');
  // Mix-up defence (RFC 9207, required of clients by MCP 2026-07-28): an `iss` must be the issuer discovered for this
  // server, and one the authorization server promised must be there.
  const issuer = record.discovery?.authorizationServerMetadata?.issuer;
  const iss = params.get('iss');
  if (iss !== null && issuer !== undefined && iss !== issuer)
    return refuse(`the callback names the issuer ${iss}, not ${issuer}, the authorization server of this server, so its code was not used`);
  if (
    iss === null &&
    (record.discovery?.authorizationServerMetadata as Record<string, unknown> | undefined)
      ?.authorization_response_iss_parameter_supported === true
  )
    return refuse('the authorization server promises an iss parameter and the callback has none, so its code was not used');
  if (error)
    return refuse(
      `the authorization server answered ${error}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}`,
    );
  const code = params.get('code');
  if (!code) return refuse('the callback carried no authorization code');
  codes.set(origin, code);
  update(record.serverUrl, (r) => ({ ...r, pendingState: undefined }));
}
