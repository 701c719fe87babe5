/** A minimal typed event emitter for the few places that need fan-out without React. */
export function createEmitter<Events extends Record<string, (payload: never) => void>>() {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on<K extends keyof Events>(event: K, listener: Events[K]): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    emit<K extends keyof Events>(event: K, payload: Parameters<Events[K]>[0]): void {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as (p: typeof payload) => void)(payload);
        } catch (error) {
          console.error(`listener for ${String(event)} failed`, error);
        }
      }
    },
  };
}
