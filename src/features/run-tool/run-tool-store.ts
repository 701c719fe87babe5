import { createStore } from 'zustand/vanilla';

/** A request to fill the Run tool form in with a tool and its arguments (Re-run of a task). */
export interface RunPrefill {
  serverUrl: string;
  toolName: string;
  /** May hold secrets: held in memory only while the form may still need them. */
  arguments: Readonly<Record<string, unknown>>;
  /** The task re-run. */
  fromTaskId: string;
  /** Counts requests, so the same task re-run twice fills the form in afresh. */
  nonce: number;
}

interface RunToolState {
  prefill: RunPrefill | undefined;
  /**
   * Set by each prefill: whoever shows Run tool (today the panel in the page; a panel or dialog that opens) opens
   * it and brings it into view. Compare with the last nonce handled.
   */
  openRequest: number;
  /** The latest prefill a form was filled in with: Run tool shown again later (a panel reopened) starts blank. */
  shown: number;
  prefillShown: (nonce: number) => void;
}

export const runToolStore = createStore<RunToolState>()((set) => ({
  prefill: undefined,
  openRequest: 0,
  shown: 0,
  prefillShown: (nonce) => set((s) => (s.shown >= nonce ? s : { shown: nonce })),
}));

/** Opens Run tool filled in with `toolName` and `args`, ready to edit and run (Task details' Re-run). */
export function prefillRun(serverUrl: string, toolName: string, args: Readonly<Record<string, unknown>>, fromTaskId: string): void {
  runToolStore.setState((s) => ({
    prefill: { serverUrl, toolName, arguments: args, fromTaskId, nonce: s.openRequest + 1 },
    openRequest: s.openRequest + 1,
  }));
}
