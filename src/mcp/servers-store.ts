import { createStore, type StoreApi } from 'zustand/vanilla';
import { createConnection, type ConnectionState, type SlotSeed } from './connection-store';
import { serverIdentity, withoutUserinfo } from './errors';
import { savedServers, type SavedSlot } from './saved-servers';

/** One connection the page holds: a server it is connected to, or a form set up to connect. */
export interface ServerSlot {
  id: number;
  store: StoreApi<ConnectionState>;
}

export interface ServersState {
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

const savedSlot = (c: ConnectionState): SavedSlot => ({
  serverUrl: withoutUserinfo(c.serverUrl),
  transport: c.transport,
  bearerToken: c.bearerToken,
  headers: c.headers,
  ...(c.credentialOrigin !== undefined && { credentialOrigin: c.credentialOrigin }),
  connected: c.status !== 'Disconnected' && c.status !== 'Error',
});

// What a slot's saved copy is made of: a change to anything else (a hint, a log line) is not saved.
const SAVED_FIELDS = ['serverUrl', 'transport', 'bearerToken', 'headers', 'credentialOrigin', 'status'] as const;

/** The ids of the slots that were connected before a reload, to reopen. */
const reopenAtStart = new Set<number>();

let saveQueued = false;

export const serversStore = createStore<ServersState>()((set, get) => {
  // Saved once per task, however many changes it made.
  const queueSave = () => {
    if (saveQueued) return;
    saveQueued = true;
    queueMicrotask(() => {
      saveQueued = false;
      const { slots, activeId } = get();
      savedServers.setState({
        slots: slots.map((slot) => savedSlot(slot.store.getState())),
        active: slots.findIndex((slot) => slot.id === activeId),
      });
    });
  };
  const makeSlot = (seed: SlotSeed): ServerSlot => {
    const id = nextSlotId++;
    const store = createConnection(id, seed);
    store.subscribe((state, previous) => {
      if (SAVED_FIELDS.some((field) => state[field] !== previous[field])) queueSave();
    });
    return { id, store };
  };
  const saved = savedServers.getState();
  const slots = saved.slots.length > 0 ? saved.slots.map(makeSlot) : [makeSlot({})];
  saved.slots.forEach((seed, i) => {
    const slot = slots[i];
    if (seed.connected && slot) reopenAtStart.add(slot.id);
  });
  return {
    slots,
    activeId: (slots[saved.active] ?? firstSlot(slots)).id,
    serverAdded: (seed = {}) => {
      const slot = makeSlot(seed);
      set({ slots: [...get().slots, slot], activeId: slot.id });
      queueSave();
      return slot.id;
    },
    serverSwitched: (id) => {
      if (get().slots.some((slot) => slot.id === id)) set({ activeId: id });
      queueSave();
    },
    serverClosed: (id) => {
      const slot = get().slots.find((s) => s.id === id);
      if (!slot) return;
      // Disconnecting also stops any retry under way: a closed slot never reconnects.
      void slot.store.getState().disconnectRequested();
      if (get().slots.length === 1) return;
      const index = get().slots.indexOf(slot);
      const rest = get().slots.filter((s) => s !== slot);
      const next = rest[Math.min(index, rest.length - 1)] ?? firstSlot(rest);
      set({ slots: rest, activeId: get().activeId === id ? next.id : get().activeId });
      queueSave();
    },
  };
});

/** Connections that were open before a reload, to reopen (the deep link's server is handled by the URL sync). */
export function storedConnectedSlots(): ServerSlot[] {
  return serversStore.getState().slots.filter((slot) => reopenAtStart.has(slot.id));
}

export function activeSlot(state: ServersState = serversStore.getState()): ServerSlot {
  return state.slots.find((slot) => slot.id === state.activeId) ?? firstSlot(state.slots);
}

/** The connection on screen. */
export function activeConnection(): ConnectionState {
  return activeSlot().store.getState();
}

/** The slot connected (or set up) for a server identity, if any. */
export function slotForServer(serverUrl: string): ServerSlot | undefined {
  return serversStore
    .getState()
    .slots.find(
      (slot) => slot.store.getState().session?.serverUrl === serverUrl || serverIdentity(slot.store.getState().serverUrl) === serverUrl,
    );
}

/** Calls `listener` when the connection on screen changes, or another server is shown. */
export function onActiveConnectionChange(listener: (state: ConnectionState) => void): () => void {
  let current = activeSlot();
  let offSlot = current.store.subscribe(listener);
  const offServers = serversStore.subscribe((state) => {
    const next = activeSlot(state);
    if (next === current) return;
    offSlot();
    current = next;
    offSlot = current.store.subscribe(listener);
    listener(current.store.getState());
  });
  return () => {
    offSlot();
    offServers();
  };
}
