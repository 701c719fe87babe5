import { useStore } from 'zustand';
import type { ConnectionState } from '../../mcp/connection-store';
import { activeSlot, serversStore, type ServersState } from '../../mcp/servers-store';

/** The connection on screen (the active server), for components: they need not know that several exist. */
export function useConnectionStore<T>(selector: (state: ConnectionState) => T): T {
  const store = useStore(serversStore, (s) => activeSlot(s).store);
  return useStore(store, selector);
}

/** The server slots, for components. */
export function useServersStore<T>(selector: (state: ServersState) => T): T {
  return useStore(serversStore, selector);
}
