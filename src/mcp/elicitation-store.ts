import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createStore } from 'zustand/vanilla';

/** A server's `elicitation/create` waiting for the user. */
export interface PendingElicitation {
  key: string;
  serverUrl: string;
  /** From the request's related-task `_meta`, when the server sent it. */
  taskId?: string;
  message: string;
  requestedSchema: unknown;
  receivedAt: number;
}

/**
 * Input requests one server may have waiting at once. Past it, its oldest is answered `cancel` (so the server is not
 * left waiting) and counted: a server cannot grow the page without limit by asking.
 */
export const MAX_PENDING_PER_SERVER = 50;

interface ElicitationState {
  pending: PendingElicitation[];
  /** Per server: how many of its requests were cancelled because it had too many waiting. */
  overflow: Record<string, number>;
  elicitationReceived: (request: PendingElicitation, respond: (result: ElicitResult) => void) => void;
  elicitationAnswered: (key: string, result: ElicitResult) => void;
  /** The server withdrew the request (cancelled it, or the connection went away). */
  elicitationWithdrawn: (key: string) => void;
}

// Responders are functions: kept beside the store, not in it, so the state stays plain data.
const responders = new Map<string, (result: ElicitResult) => void>();

export const elicitationStore = createStore<ElicitationState>()((set, get) => ({
  pending: [],
  overflow: {},
  elicitationReceived: (request, respond) => {
    responders.set(request.key, respond);
    let pending = [...get().pending.filter((p) => p.key !== request.key), request];
    const fromServer = pending.filter((p) => p.serverUrl === request.serverUrl);
    const excess = fromServer.slice(0, Math.max(0, fromServer.length - MAX_PENDING_PER_SERVER));
    if (excess.length === 0) {
      set({ pending });
      return;
    }
    const dropped = new Set(excess.map((p) => p.key));
    for (const key of dropped) {
      responders.get(key)?.({ action: 'cancel' });
      responders.delete(key);
    }
    pending = pending.filter((p) => !dropped.has(p.key));
    const overflow = { ...get().overflow, [request.serverUrl]: (get().overflow[request.serverUrl] ?? 0) + excess.length };
    set({ pending, overflow });
  },
  elicitationAnswered: (key, result) => {
    responders.get(key)?.(result);
    responders.delete(key);
    set({ pending: get().pending.filter((p) => p.key !== key) });
  },
  elicitationWithdrawn: (key) => {
    responders.delete(key);
    set({ pending: get().pending.filter((p) => p.key !== key) });
  },
}));
