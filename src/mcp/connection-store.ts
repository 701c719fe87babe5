import { create } from 'zustand';
import { backoffDelay } from './backoff';
import { ConnectionError, messageOf, serverIdentity } from './errors';
import { createEmitter } from './emitter';
import { useElicitationStore } from './elicitation-store';
import { protocolLog } from './protocol-log';
import { readRecentServers, rememberServer, type RecentServer } from './recent-servers';
import { connectToServer, type McpSession, type TaskPushMethod, type TransportChoice } from './session';

export type ConnectionStatus = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Error';

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
}>();

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

interface ConnectionState {
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
  recent: RecentServer[];
  /** Bumped by every connect or disconnect, so an outdated attempt knows to give up. */
  attempt: number;
  serverUrlEdited: (url: string) => void;
  transportChosen: (transport: TransportChoice) => void;
  bearerTokenEdited: (token: string) => void;
  headerAdded: () => void;
  headerEdited: (id: number, name: string, value: string) => void;
  headerRemoved: (id: number) => void;
  connectRequested: () => Promise<void>;
  disconnectRequested: () => Promise<void>;
}

// Credentials live in this tab's sessionStorage only: never localStorage, never the URL.
const SECRETS_KEY = 'taskdeck.credentials';

function readCredentials(): { bearerToken: string; headers: HeaderRow[] } {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(SECRETS_KEY) ?? '{}') as { bearerToken?: unknown; headers?: unknown };
    const headers = Array.isArray(parsed.headers) ? (parsed.headers as HeaderRow[]).filter((h) => typeof h?.name === 'string' && typeof h?.value === 'string') : [];
    return { bearerToken: typeof parsed.bearerToken === 'string' ? parsed.bearerToken : '', headers };
  } catch {
    return { bearerToken: '', headers: [] };
  }
}

function writeCredentials(bearerToken: string, headers: HeaderRow[]): void {
  try {
    if (!bearerToken && headers.length === 0) sessionStorage.removeItem(SECRETS_KEY);
    else sessionStorage.setItem(SECRETS_KEY, JSON.stringify({ bearerToken, headers }));
  } catch {
    // sessionStorage unavailable: the credentials live in memory only.
  }
}

/** The request headers to send, and every secret value the protocol log must never show. */
export function requestHeaders(bearerToken: string, headers: readonly HeaderRow[]): { headers: Record<string, string>; secrets: string[] } {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const initial = readCredentials();
let nextHeaderId = initial.headers.reduce((max, h) => Math.max(max, h.id), 0) + 1;

export const useConnectionStore = create<ConnectionState>()((set, get) => {
  /** Opens a session with the form's settings; the session reports pushes and loss back here. */
  const open = async (attempt: number): Promise<McpSession> => {
    const { serverUrl, transport, bearerToken, headers } = get();
    const identity = serverIdentity(serverUrl);
    const generation = get().generation + 1;
    const prepared = requestHeaders(bearerToken, headers);
    protocolLog.setSecrets(prepared.secrets);
    const session = await connectToServer({
      url: serverUrl,
      transport,
      generation,
      ...(Object.keys(prepared.headers).length > 0 && { headers: prepared.headers }),
      log: protocolLog,
      events: {
        taskPush: (params, method) => sessionEvents.emit('taskPush', { serverUrl: identity, generation, params, method, receivedAt: Date.now() }),
        elicitation: (request, signal) =>
          new Promise((resolve) => {
            const store = useElicitationStore.getState();
            store.elicitationReceived({ ...request, serverUrl: identity, receivedAt: Date.now() }, resolve);
            sessionEvents.emit('elicitation', { serverUrl: identity, ...(request.taskId !== undefined && { taskId: request.taskId }) });
            signal.addEventListener('abort', () => useElicitationStore.getState().elicitationWithdrawn(request.key), { once: true });
          }),
        lost: (reason) => {
          if (get().session === session && get().attempt === attempt) void reconnect(attempt, reason);
        },
      },
    });
    if (get().attempt !== attempt) {
      await session.close();
      throw new Error('superseded');
    }
    const via = session.transport === 'sse' ? 'SSE' : 'Streamable HTTP';
    set({
      status: 'Connected',
      session,
      generation,
      serverUrl: session.serverUrl,
      detail: `via ${via}${session.notificationStream ? '' : ' (no notification stream: polling)'}`,
      hint: session.transportNote,
      recent: rememberServer({ url: session.serverUrl, transport }),
    });
    return session;
  };

  /** The server went away: keep what is on screen, retry with capped exponential backoff and jitter. */
  const reconnect = async (attempt: number, reason: string) => {
    const old = get().session;
    set({ status: 'Reconnecting', detail: reason, hint: 'Retrying…', session: null });
    void old?.close();
    for (let n = 1; get().attempt === attempt; n++) {
      const delay = backoffDelay(n);
      set({ hint: `attempt ${n}, next try in ${(delay / 1000).toFixed(1)} s` });
      await sleep(delay);
      if (get().attempt !== attempt) return;
      try {
        await open(attempt);
        return;
      } catch (error) {
        if (get().attempt !== attempt) return;
        if (error instanceof ConnectionError && error.needsUser) {
          set({ status: 'Error', detail: error.message, hint: error.hint });
          return;
        }
        set({ detail: `${reason} Last attempt: ${messageOf(error)}` });
      }
    }
  };

  return {
    status: 'Disconnected',
    detail: undefined,
    hint: undefined,
    session: null,
    generation: 0,
    serverUrl: '',
    transport: 'auto',
    bearerToken: initial.bearerToken,
    headers: initial.headers,
    recent: readRecentServers(),
    attempt: 0,

    serverUrlEdited: (serverUrl) => set({ serverUrl }),
    transportChosen: (transport) => set({ transport }),
    bearerTokenEdited: (bearerToken) => {
      writeCredentials(bearerToken, get().headers);
      set({ bearerToken });
    },
    headerAdded: () => {
      const headers = [...get().headers, { id: nextHeaderId++, name: '', value: '' }];
      writeCredentials(get().bearerToken, headers);
      set({ headers });
    },
    headerEdited: (id, name, value) => {
      const headers = get().headers.map((h) => (h.id === id ? { id, name, value } : h));
      writeCredentials(get().bearerToken, headers);
      set({ headers });
    },
    headerRemoved: (id) => {
      const headers = get().headers.filter((h) => h.id !== id);
      writeCredentials(get().bearerToken, headers);
      set({ headers });
    },

    async connectRequested() {
      const previous = get().session;
      const attempt = get().attempt + 1;
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

    async disconnectRequested() {
      const session = get().session;
      set({ attempt: get().attempt + 1, status: 'Disconnected', detail: undefined, hint: undefined, session: null });
      if (session) await session.close().catch(() => {});
    },
  };
});
