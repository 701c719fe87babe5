import { create } from 'zustand';
import { ConnectionError, serverIdentity } from './errors';
import { createEmitter } from './emitter';
import { connectToServer, type McpSession, type TaskPushMethod, type TransportChoice } from './session';

export type ConnectionStatus = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Error';

export interface TaskPushEvent {
  serverUrl: string;
  params: unknown;
  method: TaskPushMethod;
  receivedAt: number;
}

/** Server pushes, for the one place in app/ that writes them into the query cache. */
export const sessionEvents = createEmitter<{ taskPush: (event: TaskPushEvent) => void }>();

interface ConnectionState {
  status: ConnectionStatus;
  /** A sentence after the status: what went wrong, or what was chosen. */
  detail: string | undefined;
  hint: string | undefined;
  session: McpSession | null;
  /** The form's values; the URL is also the cache identity of the server once connected. */
  serverUrl: string;
  transport: TransportChoice;
  bearerToken: string;
  attempt: number;
  serverUrlEdited: (url: string) => void;
  transportChosen: (transport: TransportChoice) => void;
  bearerTokenEdited: (token: string) => void;
  connectRequested: () => Promise<void>;
  disconnectRequested: () => Promise<void>;
}

const TOKEN_KEY = 'taskdeck.bearerToken';

function readToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

export const useConnectionStore = create<ConnectionState>()((set, get) => ({
  status: 'Disconnected',
  detail: undefined,
  hint: undefined,
  session: null,
  serverUrl: '',
  transport: 'auto',
  bearerToken: readToken(),
  attempt: 0,

  serverUrlEdited: (serverUrl) => set({ serverUrl }),
  transportChosen: (transport) => set({ transport }),
  bearerTokenEdited: (bearerToken) => {
    try {
      if (bearerToken) sessionStorage.setItem(TOKEN_KEY, bearerToken);
      else sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // sessionStorage unavailable: the token lives in memory only.
    }
    set({ bearerToken });
  },

  async connectRequested() {
    const previous = get().session;
    const attempt = get().attempt + 1;
    set({ attempt, status: 'Connecting', detail: undefined, hint: undefined, session: null });
    if (previous) await previous.close().catch(() => {});
    const { serverUrl, transport, bearerToken } = get();
    const identity = serverIdentity(serverUrl);
    try {
      const session = await connectToServer({
        url: serverUrl,
        transport,
        ...(bearerToken && { headers: { Authorization: `Bearer ${bearerToken}` } }),
        events: {
          taskPush: (params, method) =>
            sessionEvents.emit('taskPush', { serverUrl: identity, params, method, receivedAt: Date.now() }),
          lost: (reason) => {
            if (get().session === session) set({ status: 'Error', detail: reason, hint: 'Connect again when the server is back.', session: null });
          },
        },
      });
      if (get().attempt !== attempt) {
        await session.close();
        return;
      }
      const via = session.transport === 'sse' ? 'SSE' : 'Streamable HTTP';
      set({
        status: 'Connected',
        session,
        serverUrl: session.serverUrl,
        detail: `via ${via}${session.notificationStream ? '' : ' (no notification stream: polling)'}`,
      });
    } catch (error) {
      if (get().attempt !== attempt) return;
      const e = error instanceof ConnectionError ? error : new ConnectionError(String(error));
      set({ status: 'Error', detail: e.message, hint: e.hint, session: null });
    }
  },

  async disconnectRequested() {
    const session = get().session;
    set({ attempt: get().attempt + 1, status: 'Disconnected', detail: undefined, hint: undefined, session: null });
    if (session) await session.close().catch(() => {});
  },
}));
