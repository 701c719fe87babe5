import { create, useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { backoffDelay } from './backoff';
import { ConnectionError, messageOf, originOf, serverIdentity, withoutUserinfo } from './errors';
import { clientSecretsSet } from './client-secrets';
import { createEmitter } from './emitter';
import { useElicitationStore } from './elicitation-store';
import { ProtocolLog } from './protocol-log';
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
export function credentialsMayBeSent(state: Pick<ConnectionState, 'serverUrl' | 'credentialOrigin'>): boolean {
  const origin = originOf(state.serverUrl);
  return origin !== undefined && origin === state.credentialOrigin;
}

function createConnection(slotId: number, seed: SlotSeed, persist: () => void): StoreApi<ConnectionState> {
  for (const h of seed.headers ?? []) nextHeaderId = Math.max(nextHeaderId, h.id + 1);
  return createStore<ConnectionState>()((rawSet, get) => {
  const set = (patch: Partial<ConnectionState>) => {
    rawSet(patch);
    if ('serverUrl' in patch || 'transport' in patch || 'bearerToken' in patch || 'headers' in patch || 'status' in patch || 'credentialOrigin' in patch) persist();
  };
  const protocolLog = new ProtocolLog();
  /** Opens a session with the form's settings; the session reports pushes and loss back here. */
  const open = async (attempt: number): Promise<McpSession> => {
    const { serverUrl, transport, bearerToken, headers } = get();
    const identity = serverIdentity(serverUrl);
    const generation = get().generation + 1;
    const prepared = credentialsMayBeSent(get()) ? requestHeaders(bearerToken, headers) : { headers: {}, secrets: [] };
    protocolLog.setSecrets(prepared.secrets);
    // `lost` can fire while connecting (a failed attempt closes its transport): before `session` has a value.
    let session: McpSession | undefined = undefined;
    session = await connectToServer({
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
          if (session && get().session === session && get().attempt === attempt) void reconnect(attempt, reason);
        },
      },
    });
    if (get().attempt !== attempt) {
      await session.close();
      throw new Error('superseded');
    }
    clientSecretsSet(session.client, prepared.secrets);
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
    attempt: 0,

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
      set({ serverUrl, transport, ...(!keep && hasCredentials(get()) && dropCredentials(get().credentialOrigin)) });
    },
    credentialsConfirmed: () => {
      if (get().credentialOrigin === undefined && hasCredentials(get())) set({ credentialOrigin: originOf(get().serverUrl) });
    },
    transportChosen: (transport) => set({ transport }),
    bearerTokenEdited: (bearerToken) => set({ bearerToken, credentialOrigin: originOf(get().serverUrl), credentialsDroppedFor: undefined }),
    headerAdded: () => set({ headers: [...get().headers, { id: nextHeaderId++, name: '', value: '' }], credentialOrigin: originOf(get().serverUrl) }),
    headerEdited: (id, name, value) =>
      set({ headers: get().headers.map((h) => (h.id === id ? { id, name, value } : h)), credentialOrigin: originOf(get().serverUrl) }),
    headerRemoved: (id) => set({ headers: get().headers.filter((h) => h.id !== id) }),

    async connectRequested() {
      // user:password@ never reaches a request, the address bar or storage (a browser refuses such a fetch anyway).
      const typed = get().serverUrl;
      if (withoutUserinfo(typed) !== typed) set({ serverUrl: withoutUserinfo(typed) });
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
}

// The servers this tab works with, with their credentials: this tab's sessionStorage only, never localStorage or
// the URL. A reload reconnects the ones that were connected.
export const SERVERS_KEY = 'taskdeck.servers';

interface StoredSlot extends SlotSeed {
  connected?: boolean;
}

function readStoredSlots(): { slots: StoredSlot[]; active: number } {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(SERVERS_KEY) ?? '{}') as { slots?: unknown; active?: unknown };
    const slots = Array.isArray(parsed.slots)
      ? (parsed.slots as StoredSlot[]).filter((slot) => typeof slot === 'object' && slot !== null).map((slot) => ({
          ...(typeof slot.serverUrl === 'string' && { serverUrl: withoutUserinfo(slot.serverUrl) }),
          // Credentials stored before they were tied to an origin belong to the server stored beside them.
          ...(typeof slot.serverUrl === 'string' && { credentialOrigin: typeof slot.credentialOrigin === 'string' ? slot.credentialOrigin : originOf(slot.serverUrl) }),
          ...(slot.transport && ['auto', 'streamable-http', 'sse'].includes(slot.transport) && { transport: slot.transport }),
          ...(typeof slot.bearerToken === 'string' && { bearerToken: slot.bearerToken }),
          headers: Array.isArray(slot.headers) ? slot.headers.filter((h) => typeof h?.name === 'string' && typeof h?.value === 'string' && typeof h?.id === 'number') : [],
          connected: slot.connected === true,
        }))
      : [];
    return { slots, active: typeof parsed.active === 'number' ? parsed.active : 0 };
  } catch {
    return { slots: [], active: 0 };
  }
}

export interface ServerSlot {
  id: number;
  store: StoreApi<ConnectionState>;
}

interface ServersState {
  slots: ServerSlot[];
  activeId: number;
  /** Opens an empty connection form beside the others and shows it. */
  serverAdded: (seed?: SlotSeed) => number;
  serverSwitched: (id: number) => void;
  /** Disconnects and forgets a connection; the last one is only disconnected. */
  serverClosed: (id: number) => void;
}

let nextSlotId = 1;

/** The store always holds at least one slot (closing the last one only disconnects it). */
function firstSlot(slots: readonly ServerSlot[]): ServerSlot {
  const first = slots[0];
  if (!first) throw new Error('No server slot: the connection store lost its last slot.');
  return first;
}

function persistSlots(): void {
  const state = useServersStore.getState() as ServersState | undefined;
  if (!state) return;
  const slots = state.slots.map(({ store }) => {
    const c = store.getState();
    return {
      serverUrl: withoutUserinfo(c.serverUrl),
      transport: c.transport,
      bearerToken: c.bearerToken,
      headers: c.headers,
      credentialOrigin: c.credentialOrigin,
      connected: c.status !== 'Disconnected' && c.status !== 'Error',
    };
  });
  const active = state.slots.findIndex((slot) => slot.id === state.activeId);
  try {
    sessionStorage.setItem(SERVERS_KEY, JSON.stringify({ slots, active }));
  } catch {
    // sessionStorage unavailable: the connections live in memory only.
  }
}

const stored = readStoredSlots();

export const useServersStore = create<ServersState>()((set, get) => {
  const makeSlot = (seed: SlotSeed): ServerSlot => {
    const id = nextSlotId++;
    return { id, store: createConnection(id, seed, () => queueMicrotask(persistSlots)) };
  };
  const slots = (stored.slots.length > 0 ? stored.slots : [{}]).map(makeSlot);
  return {
    slots,
    activeId: (slots[stored.active] ?? firstSlot(slots)).id,
    serverAdded: (seed = {}) => {
      const slot = makeSlot(seed);
      set({ slots: [...get().slots, slot], activeId: slot.id });
      queueMicrotask(persistSlots);
      return slot.id;
    },
    serverSwitched: (id) => {
      if (get().slots.some((slot) => slot.id === id)) set({ activeId: id });
      queueMicrotask(persistSlots);
    },
    serverClosed: (id) => {
      const slot = get().slots.find((s) => s.id === id);
      if (!slot) return;
      void slot.store.getState().disconnectRequested();
      if (get().slots.length === 1) return;
      const index = get().slots.indexOf(slot);
      const rest = get().slots.filter((s) => s !== slot);
      const next = rest[Math.min(index, rest.length - 1)] ?? firstSlot(rest);
      set({ slots: rest, activeId: get().activeId === id ? next.id : get().activeId });
      queueMicrotask(persistSlots);
    },
  };
});

/** Connections that were open before a reload, to reopen (the deep link's server is handled by the URL sync). */
export function storedConnectedSlots(): ServerSlot[] {
  return useServersStore.getState().slots.filter((_, i) => stored.slots[i]?.connected);
}

export function activeSlot(state: ServersState = useServersStore.getState()): ServerSlot {
  return state.slots.find((slot) => slot.id === state.activeId) ?? firstSlot(state.slots);
}

/** The slot connected (or set up) for a server identity, if any. */
export function slotForServer(serverUrl: string): ServerSlot | undefined {
  return useServersStore.getState().slots.find((slot) => slot.store.getState().session?.serverUrl === serverUrl || serverIdentity(slot.store.getState().serverUrl) === serverUrl);
}

type Listener = (state: ConnectionState, previous: ConnectionState) => void;

/**
 * The connection on screen (the active server), as a hook with a selector plus `getState` and `subscribe`, so the
 * views need not know that several connections exist. A switch of server notifies subscribers too.
 */
export const useConnectionStore = Object.assign(
  function useActiveConnection<T>(selector: (state: ConnectionState) => T): T {
    const store = useServersStore((s) => activeSlot(s).store);
    return useStore(store, selector);
  },
  {
    getState: (): ConnectionState => activeSlot().store.getState(),
    subscribe: (listener: Listener): (() => void) => {
      let current = activeSlot();
      let offStore = current.store.subscribe(listener);
      const offServers = useServersStore.subscribe((state) => {
        const next = activeSlot(state);
        if (next === current) return;
        const previous = current.store.getState();
        offStore();
        current = next;
        offStore = current.store.subscribe(listener);
        listener(current.store.getState(), previous);
      });
      return () => {
        offStore();
        offServers();
      };
    },
  },
);
