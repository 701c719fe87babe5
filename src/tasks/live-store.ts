import { create } from 'zustand';

interface LiveState {
  /** While paused, pushes are held back (the latest per task) and nothing is polled. */
  paused: boolean;
  liveUpdatesPaused: () => void;
  liveUpdatesResumed: () => void;
}

export const useLiveStore = create<LiveState>()((set) => ({
  paused: false,
  liveUpdatesPaused: () => set({ paused: true }),
  liveUpdatesResumed: () => set({ paused: false }),
}));
