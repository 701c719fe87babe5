import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * Whether the panel around a component is on screen: false in a folded drawer or behind another of its tabs. A panel
 * that stays mounted while hidden (the drawer keeps its panels, so a typed filter survives) reads it to stop following
 * what changes under a storm; outside any panel it is shown.
 */
export const PanelShown = createContext(true);

export function usePanelShown(): boolean {
  return useContext(PanelShown);
}

interface Source<S> {
  subscribe: (listener: () => void) => () => void;
  getState: () => S;
}

/**
 * A store's selected value (stable per state, as zustand's selectors), re-rendered on the store's changes only while
 * the panel is shown. A hidden panel keeps what it drew; shown again, it draws the store as it is then.
 */
export function useShownStore<S, T>(store: Source<S>, select: (state: S) => T): T {
  const shown = usePanelShown();
  const subscribe = useCallback((changed: () => void) => (shown ? store.subscribe(changed) : () => {}), [store, shown]);
  return useSyncExternalStore(subscribe, () => select(store.getState()));
}
