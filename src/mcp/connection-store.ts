import { createStore, type StoreApi } from 'zustand/vanilla';
import { ConnectionError, messageOf, originOf, serverIdentity, withoutUserinfo } from './errors';
import { clientSecretsSet } from './client-secrets';
import { createEmitter } from './emitter';
import { elicitationStore } from './elicitation-store';
import { ProtocolLog } from './protocol-log';
import {
  exchangePendingCode,
  oauthSecrets,
  signedOut,
  signInNeed,
  startSignIn,
  TabOAuthProvider,
  usesOAuth,
  type SignInChallenge,
} from './oauth';
import { createReconnector, realTimers, type Timers, type TryOutcome } from './reconnect';
import { readRecentServers, rememberServer, type RecentServer } from './recent-servers';
import { connectToServer, type McpSession, type TaskPushMethod, type TransportChoice } from './session';
import {
  emptyStdioForm,
  stdioIdentity,
  stdioLaunch,
  stdioName,
  watchStdioProcess,
  type ShownProcessEvent,
  type StdioForm,
} from './stdio-form';

type ConnectionStatus = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Error';

export interface TaskPushEvent {
  serverUrl: string;
  generation: number;
  params: unknown;
  method: TaskPushMethod;
  receivedAt: number;
}

/** Server pushes, for the one place in app/ that writes them into the query cache. */
export const sessionEvents = createEmitter<{
  taskPush: (event: TaskPushEvent) => void;
  elicitation: (event: { serverUrl: string; taskId?: string }) => void;
  /** A rule of the server's protocol generation that it broke, for Server behaviour. */
  violation: (event: { serverUrl: string; detail: string; taskId?: string }) => void;
}>();

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

export interface ConnectionState {
  /** This connection's slot: one per server the page is connected to (or set up to connect to). */
  slotId: number;
  /** This connection's own protocol log (JSON-RPC ids are only unique within a connection). */
  log: ProtocolLog;
  status: ConnectionStatus;
  /** A sentence after the status: what went wrong, or what was chosen. */
  detail: string | undefined;
  hint: string | undefined;
  session: McpSession | null;
  /** Counts sessions opened in this tab: tasks confirmed by an older session are "from an earlier session". */
  generation: number;
  /** The form's values; the URL is also the cache identity of the server once connected. */
  serverUrl: string;
  transport: TransportChoice;
  bearerToken: string;
  headers: HeaderRow[];
  /**
   * The origin the token and headers were entered for. They are sent to that origin only: a server on any other
   * origin never gets them, whatever else changes in the form.
   */
  credentialOrigin: string | undefined;
  /** The origin whose token and headers were cleared because the server changed, to say so in the form. */
  credentialsDroppedFor: string | undefined;
  recent: RecentServer[];
  /** The stdio fields of the form (transport `stdio`); environment values live in memory only. */
  stdio: StdioForm;
  /** The local process's start, stderr lines and exit, across its restarts (transport `stdio`). */
  processEvents: ShownProcessEvent[];
  stdioEdited: (patch: Partial<StdioForm>) => void;
  /** Set when the server asked for an OAuth sign-in (a 401 naming its protected resource metadata). */
  signIn: SignInChallenge | undefined;
  /** Bumped by every connect or disconnect, so an outdated attempt knows to give up. */
  attempt: number;
  serverUrlEdited: (url: string) => void;
  /**
   * The server was set without the user typing it (a deep link, a recent server): credentials entered for another
   * origin are dropped, and a link with user:password@ loses it.
   */
  serverLinked: (url: string, transport: TransportChoice) => void;
  /** The user pressed Connect with credentials in the form: they are for the server in the form. */
  credentialsConfirmed: () => void;
  transportChosen: (transport: TransportChoice) => void;
  bearerTokenEdited: (token: string) => void;
  headerAdded: () => void;
  headerEdited: (id: number, name: string, value: string) => void;
  headerRemoved: (id: number) => void;
  connectRequested: () => Promise<void>;
  disconnectRequested: () => Promise<void>;
  /** Sign in: this tab goes to the server's authorization page (a client id the user entered is used if given). */
  signInRequested: (clientId?: string) => Promise<void>;
  /** Sign out: this server's tokens and registration are forgotten, and the connection closed. */
  signOutRequested: () => Promise<void>;
}

/** The request headers to send, and every secret value the protocol log must never show. */
function requestHeaders(bearerToken: string, headers: readonly HeaderRow[]): { headers: Record<string, string>; secrets: string[] } {
  const out: Record<string, string> = {};
  const secrets: string[] = [];
  for (const h of headers) {
    const name = h.name.trim();
    if (!name || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) continue;
    out[name] = h.value;
    if (h.value) secrets.push(h.value);
  }
  const token = bearerToken.trim();
  if (token) {
    out.Authorization = `Bearer ${token}`;
    secrets.push(token);
  }
  return { headers: out, secrets };
}

let nextHeaderId = 1;

/** What a connection starts with: restored from this tab's sessionStorage, or empty. */
export interface SlotSeed {
  serverUrl?: string;
  transport?: TransportChoice;
  bearerToken?: string;
  headers?: HeaderRow[];
  credentialOrigin?: string;
}

const dropCredentials = (origin: string | undefined): Partial<ConnectionState> => ({
  bearerToken: '',
  headers: [],
  credentialOrigin: undefined,
  credentialsDroppedFor: origin ?? 'another server',
});

const hasCredentials = (state: Pick<ConnectionState, 'bearerToken' | 'headers'>) =>
  state.bearerToken.trim() !== '' || state.headers.some((h) => h.name.trim() !== '' || h.value !== '');

/** Whether the form's token and headers may go to the form's server. */
function credentialsMayBeSent(state: Pick<ConnectionState, 'serverUrl' | 'credentialOrigin'>): boolean {
  const origin = originOf(state.serverUrl);
  return origin !== undefined && origin === state.credentialOrigin;
}

/** One server connection as a store: the form's values, the session, and retries after the server went away. */
export function createConnection(slotId: number, seed: SlotSeed, timers: Timers = realTimers): StoreApi<ConnectionState> {
  for (const h of seed.headers ?? []) nextHeaderId = Math.max(nextHeaderId, h.id + 1);
  return createStore<ConnectionState>()((set, get) => {
    const protocolLog = new ProtocolLog();
    /** Opens a session with the form's settings; the session reports pushes and loss back here. */
    const open = async (attempt: number): Promise<McpSession> => {
      const { serverUrl, transport, bearerToken, headers, stdio } = get();
      // A sign-in asked for by an earlier attempt (perhaps another server's) is asked again if still needed.
      set({ signIn: undefined });
      const identity = serverIdentity(serverUrl);
      const generation = get().generation + 1;
      const prepared = credentialsMayBeSent(get()) ? requestHeaders(bearerToken, headers) : { headers: {}, secrets: [] };
      // A stdio server's environment values are secrets too: a server that echoes one never shows it in the log.
      if (transport === 'stdio') prepared.secrets.push(...stdio.env.map((row) => row.value).filter(Boolean));
      protocolLog.setSecrets(prepared.secrets);
      // `lost` can fire while connecting (a failed attempt closes its transport): before `session` has a value.
      let session: McpSession | undefined = undefined;
      const oauth = usesOAuth(serverUrl) ? new TabOAuthProvider(serverUrl, false) : undefined;
      const exchangeFailed = oauth && (await exchangePendingCode(serverUrl, oauth));
      if (exchangeFailed) {
        set({ signIn: { message: exchangeFailed } });
        throw new ConnectionError('unauthorized', exchangeFailed, 'Press Sign in to try again.');
      }
      let challenge: Response | undefined;
      const connecting = connectToServer({
        url: serverUrl,
        ...(oauth && { authProvider: oauth }),
        onUnauthorized: (response) => (challenge = response),
        transport,
        generation,
        ...(Object.keys(prepared.headers).length > 0 && { headers: prepared.headers }),
        log: protocolLog,
        ...(transport === 'stdio' && {
          stdio: {
            launch: await stdioLaunch(stdio, serverUrl),
            launched: (process) =>
              watchStdioProcess(process, stdio, (events) => set({ processEvents: [...get().processEvents, ...events].slice(-300) })),
          },
        }),
        events: {
          taskPush: (params, method) =>
            sessionEvents.emit('taskPush', { serverUrl: identity, generation, params, method, receivedAt: Date.now() }),
          elicitation: (request, signal) =>
            new Promise((resolve) => {
              const store = elicitationStore.getState();
              store.elicitationReceived({ ...request, serverUrl: identity, receivedAt: Date.now() }, resolve);
              sessionEvents.emit('elicitation', { serverUrl: identity, ...(request.taskId !== undefined && { taskId: request.taskId }) });
              signal.addEventListener('abort', () => elicitationStore.getState().elicitationWithdrawn(request.key), { once: true });
            }),
          violation: (detail, taskId) =>
            sessionEvents.emit('violation', { serverUrl: identity, detail, ...(taskId !== undefined && { taskId }) }),
          lost: (reason) => {
            if (!session || get().session !== session || get().attempt !== attempt) return;
            // Keep what is on screen and retry (capped exponential backoff with jitter).
            reconnector.lost(reason);
            void session.close();
          },
        },
      });
      try {
        session = await connecting;
      } catch (error) {
        const need = await signInNeed(serverUrl, oauth, challenge);
        if (!need) throw error;
        set({ signIn: need });
        throw new ConnectionError('unauthorized', need.message, 'Press Sign in.');
      }
      if (get().attempt !== attempt) {
        await session.close();
        throw new Error('superseded');
      }
      clientSecretsSet(session.client, prepared.secrets, () => oauthSecrets(serverUrl));
      const via =
        session.via === 'stdio'
          ? 'stdio (local bridge)'
          : session.transport === 'sse'
            ? 'SSE'
            : session.protocolVersion === '2026-07-28'
              ? 'Streamable HTTP, MCP 2026-07-28'
              : 'Streamable HTTP';
      set({
        status: 'Connected',
        signIn: undefined,
        session,
        generation,
        serverUrl: session.serverUrl,
        detail: `via ${via}`,
        hint: session.transportNote,
        // A typed command line is not remembered (it may hold a secret argument); a configured name is.
        recent:
          transport !== 'stdio' || stdioName(session.serverUrl) ? rememberServer({ url: session.serverUrl, transport }) : get().recent,
      });
      void session.notificationStream.then((stream) => {
        if (stream === 'none' && get().session === session) set({ detail: `via ${via} (no notification stream: polling)` });
      });
      return session;
    };

    const tryReopen = async (): Promise<TryOutcome> => {
      const attempt = get().attempt;
      try {
        await open(attempt);
        return { type: 'trySucceeded' };
      } catch (error) {
        // A connect or disconnect since has stopped the retries: this outcome is dropped.
        if (get().attempt !== attempt) return { type: 'tryFailed', message: messageOf(error), needsUser: false };
        if (error instanceof ConnectionError && error.needsUser) {
          set({ status: 'Error', detail: error.message, hint: error.hint });
          return { type: 'tryFailed', message: error.message, needsUser: true };
        }
        return { type: 'tryFailed', message: messageOf(error), needsUser: false };
      }
    };

    const reconnector = createReconnector({
      timers,
      tryOnce: tryReopen,
      changed: (state) => {
        if (state.phase !== 'waiting') return;
        set({
          status: 'Reconnecting',
          session: null,
          detail: state.lastFailure === undefined ? state.reason : `${state.reason} Last attempt: ${state.lastFailure}`,
          hint: `attempt ${state.tryNumber}, next try in ${(state.delayMs / 1000).toFixed(1)} s`,
        });
      },
    });

    return {
      slotId,
      log: protocolLog,
      status: 'Disconnected',
      detail: undefined,
      hint: undefined,
      session: null,
      generation: 0,
      serverUrl: seed.serverUrl ?? '',
      transport: seed.transport ?? 'auto',
      bearerToken: seed.bearerToken ?? '',
      headers: seed.headers ?? [],
      credentialOrigin: seed.credentialOrigin,
      credentialsDroppedFor: undefined,
      recent: readRecentServers(),
      stdio: emptyStdioForm(),
      processEvents: [],
      signIn: undefined,
      attempt: 0,
      stdioEdited: (patch) => {
        const stdio = { ...get().stdio, byName: false, ...patch };
        set({ stdio, serverUrl: stdioIdentity(stdio) });
      },

      serverUrlEdited: (serverUrl) => {
        // Typing another origin drops what was entered for the old one (an unfinished URL keeps them for now).
        const origin = originOf(serverUrl);
        const bound = get().credentialOrigin;
        set({ serverUrl, ...(origin !== undefined && bound !== undefined && origin !== bound && dropCredentials(bound)) });
      },
      serverLinked: (url, transport) => {
        const serverUrl = withoutUserinfo(url);
        const origin = originOf(serverUrl);
        const keep = origin !== undefined && origin === get().credentialOrigin;
        // A link names a stdio server only by a name configured on the npm start side (url-state.ts checks).
        if (transport === 'stdio') set({ stdio: { ...emptyStdioForm(), command: stdioName(url) ?? '', byName: true } });
        set({ serverUrl, transport, ...(!keep && hasCredentials(get()) && dropCredentials(get().credentialOrigin)) });
      },
      credentialsConfirmed: () => {
        if (get().credentialOrigin === undefined && hasCredentials(get())) set({ credentialOrigin: originOf(get().serverUrl) });
      },
      transportChosen: (transport) => set({ transport }),
      bearerTokenEdited: (bearerToken) =>
        set({ bearerToken, credentialOrigin: originOf(get().serverUrl), credentialsDroppedFor: undefined }),
      headerAdded: () =>
        set({ headers: [...get().headers, { id: nextHeaderId++, name: '', value: '' }], credentialOrigin: originOf(get().serverUrl) }),
      headerEdited: (id, name, value) =>
        set({ headers: get().headers.map((h) => (h.id === id ? { id, name, value } : h)), credentialOrigin: originOf(get().serverUrl) }),
      headerRemoved: (id) => set({ headers: get().headers.filter((h) => h.id !== id) }),

      async connectRequested() {
        // user:password@ never reaches a request, the address bar or storage (a browser refuses such a fetch anyway).
        const typed = get().serverUrl;
        if (withoutUserinfo(typed) !== typed) set({ serverUrl: withoutUserinfo(typed) });
        const previous = get().session;
        const attempt = get().attempt + 1;
        reconnector.stop();
        set({ attempt, status: 'Connecting', detail: undefined, hint: undefined, session: null });
        if (previous) await previous.close().catch(() => {});
        try {
          await open(attempt);
        } catch (error) {
          if (get().attempt !== attempt) return;
          const e = error instanceof ConnectionError ? error : new ConnectionError('unknown', messageOf(error));
          set({ status: 'Error', detail: e.message, hint: e.hint, session: null });
        }
      },

      async signInRequested(clientId) {
        const { serverUrl, transport, signIn } = get();
        set({ status: 'Connecting', detail: 'Signing in: on the way to the authorization server…', hint: undefined });
        const failure = await startSignIn(serverUrl, transport, signIn ?? { message: '' }, clientId);
        if (failure) set({ status: 'Error', detail: failure, hint: 'Check the server’s OAuth settings, or enter a client id.' });
      },

      async signOutRequested() {
        signedOut(get().serverUrl);
        await get().disconnectRequested();
      },

      async disconnectRequested() {
        const session = get().session;
        reconnector.stop();
        set({ attempt: get().attempt + 1, status: 'Disconnected', detail: undefined, hint: undefined, session: null });
        if (session) await session.close().catch(() => {});
      },
    };
  });
}
