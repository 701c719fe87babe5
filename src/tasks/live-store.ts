import { createStore } from 'zustand/vanilla';

interface LiveState {
  /** While paused, pushes are held back (the latest per task) and nothing is polled. */
  paused: boolean;
  liveUpdatesPaused: () => void;
  liveUpdatesResumed: () => void;
}

export const liveStore = createStore<LiveState>()((set) => ({
  paused: false,
  liveUpdatesPaused: () => set({ paused: true }),
  liveUpdatesResumed: () => set({ paused: false }),
}));
