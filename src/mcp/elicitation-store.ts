import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { create } from 'zustand';

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

interface ElicitationState {
  pending: PendingElicitation[];
  elicitationReceived: (request: PendingElicitation, respond: (result: ElicitResult) => void) => void;
  elicitationAnswered: (key: string, result: ElicitResult) => void;
  /** The server withdrew the request (cancelled it, or the connection went away). */
  elicitationWithdrawn: (key: string) => void;
}

// Responders are functions: kept beside the store, not in it, so the state stays plain data.
const responders = new Map<string, (result: ElicitResult) => void>();

export const useElicitationStore = create<ElicitationState>()((set, get) => ({
  pending: [],
  elicitationReceived: (request, respond) => {
    responders.set(request.key, respond);
    set({ pending: [...get().pending.filter((p) => p.key !== request.key), request] });
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
