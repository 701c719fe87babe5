import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { isRecord, persistOptions } from '../lib/persisted';
import { withoutUserinfo } from './errors';
import type { TransportChoice } from './session';

/** The last servers connected to, offered again in the form. URL and transport only: never a credential. */
export interface RecentServer {
  url: string;
  transport: TransportChoice;
  lastUsed: number;
}

const MAX = 8;

interface RecentState {
  servers: RecentServer[];
}

function isRecentServer(value: unknown): value is RecentServer {
  return isRecord(value) && typeof value.url === 'string' && typeof value.lastUsed === 'number';
}

const recentStore = createStore<RecentState>()(
  persist(() => ({ servers: [] }), {
    ...persistOptions<RecentState, RecentState>({
      key: 'taskdeck.recentServers',
      storage: 'local',
      version: 1,
      pick: ({ servers }) => ({ servers }),
      // Version 0 stored the bare list.
      migrate: (stored, fromVersion) => (fromVersion === 0 ? { servers: stored } : stored),
      check: (stored) => (isRecord(stored) && Array.isArray(stored.servers) ? { servers: stored.servers.filter(isRecentServer) } : {}),
    }),
    // Read when asked for, so servers remembered by another tab show up.
    skipHydration: true,
  }),
);

export function readRecentServers(): RecentServer[] {
  void recentStore.persist.rehydrate();
  return recentStore.getState().servers;
}

export function rememberServer(entry: Omit<RecentServer, 'lastUsed'>, now = Date.now()): RecentServer[] {
  const url = withoutUserinfo(entry.url);
  const servers = [{ url, transport: entry.transport, lastUsed: now }, ...readRecentServers().filter((r) => r.url !== url)].slice(0, MAX);
  recentStore.setState({ servers });
  return servers;
}
