import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { isRecord, persistOptions } from '../lib/persisted';
import type { HeaderRow, SlotSeed } from './connection-store';
import { originOf, withoutUserinfo } from './errors';
import { isTransportChoice } from './session';

// The servers this tab works with, with their credentials: this tab's sessionStorage only, never localStorage or
// the URL. A reload reconnects the ones that were connected.
export const SERVERS_KEY = 'taskdeck.servers';

export interface SavedSlot extends SlotSeed {
  connected: boolean;
}

export interface SavedServers {
  slots: SavedSlot[];
  /** The index of the slot on screen. */
  active: number;
}

const isHeaderRow = (h: unknown): h is HeaderRow =>
  isRecord(h) && typeof h.name === 'string' && typeof h.value === 'string' && typeof h.id === 'number';

/** What is usable of one stored slot: a field that is not understood is left out (the slot starts without it). */
function checkSlot(slot: Record<string, unknown>): SavedSlot {
  const { serverUrl, credentialOrigin, transport, bearerToken, headers } = slot;
  return {
    ...(typeof serverUrl === 'string' && {
      serverUrl: withoutUserinfo(serverUrl),
      // Credentials stored before they were tied to an origin belong to the server stored beside them.
      credentialOrigin: typeof credentialOrigin === 'string' ? credentialOrigin : originOf(serverUrl),
    }),
    ...(isTransportChoice(transport) && { transport }),
    ...(typeof bearerToken === 'string' && { bearerToken }),
    headers: Array.isArray(headers) ? headers.filter(isHeaderRow) : [],
    connected: slot.connected === true,
  };
}

export function checkSavedServers(stored: unknown): Partial<SavedServers> {
  if (!isRecord(stored)) return {};
  return {
    slots: Array.isArray(stored.slots) ? stored.slots.filter(isRecord).map(checkSlot) : [],
    active: typeof stored.active === 'number' ? stored.active : 0,
  };
}

/** The saved copy of the connection slots (the registry in servers-store writes it; it is read at start-up). */
export const savedServers = createStore<SavedServers>()(
  persist(
    (): SavedServers => ({ slots: [], active: 0 }),
    persistOptions<SavedServers, SavedServers>({
      key: SERVERS_KEY,
      storage: 'session',
      version: 1,
      pick: ({ slots, active }) => ({ slots, active }),
      // Version 0 stored the same `{ slots, active }`, bare.
      migrate: (stored) => stored,
      check: checkSavedServers,
    }),
  ),
);
