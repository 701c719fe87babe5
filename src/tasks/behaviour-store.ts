import { createStore } from 'zustand/vanilla';
import { rpcCodeOf } from '../mcp/errors';
import { EMPTY_BEHAVIOUR, observe, type BehaviourState, type Observation } from './behaviour';

interface BehaviourStore {
  byServer: Record<string, BehaviourState>;
  observed: (serverUrl: string, observations: readonly Observation[]) => void;
  behaviourCleared: (serverUrl: string) => void;
}

/** Observations per server, fed from the traffic by app/ and read by the Server behaviour region. */
export const behaviourStore = createStore<BehaviourStore>()((set) => ({
  byServer: {},
  observed: (serverUrl, observations) =>
    set((s) => ({
      byServer: {
        ...s.byServer,
        [serverUrl]: observations.reduce((state, o) => observe(state, o), s.byServer[serverUrl] ?? EMPTY_BEHAVIOUR),
      },
    })),
  behaviourCleared: (serverUrl) => set((s) => ({ byServer: { ...s.byServer, [serverUrl]: EMPTY_BEHAVIOUR } })),
}));

export function reportObservation(serverUrl: string, observation: Observation): void {
  behaviourStore.getState().observed(serverUrl, [observation]);
}

/** Many observations (a frame's pushes) as one store update: one notification of the regions that show them. */
export function reportObservations(serverUrl: string, observations: readonly Observation[]): void {
  if (observations.length) behaviourStore.getState().observed(serverUrl, observations);
}

/** Reports a JSON-RPC error answer to `method` as an observation. Its code, or undefined for a transport failure. */
export function reportRpcError(serverUrl: string, method: string, error: unknown): number | undefined {
  const code = rpcCodeOf(error);
  if (code !== undefined) reportObservation(serverUrl, { type: 'error', method, code });
  return code;
}
