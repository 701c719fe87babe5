import { createStore } from 'zustand/vanilla';

interface SelectionState {
  /** The selected taskId; it may not be known yet (a deep link names it before the list arrives). */
  selectedTaskId: string | undefined;
  /** Set when the keyboard moved the selection: the list scrolls the task into view and focuses its row. */
  reveal: { taskId: string; nonce: number } | undefined;
  taskSelected: (taskId: string, options?: { reveal?: boolean }) => void;
  selectionCleared: () => void;
}

export const selectionStore = createStore<SelectionState>()((set) => ({
  selectedTaskId: undefined,
  reveal: undefined,
  taskSelected: (selectedTaskId, options) =>
    set((state) => ({
      selectedTaskId,
      ...(options?.reveal && { reveal: { taskId: selectedTaskId, nonce: (state.reveal?.nonce ?? 0) + 1 } }),
    })),
  selectionCleared: () => set({ selectedTaskId: undefined }),
}));
