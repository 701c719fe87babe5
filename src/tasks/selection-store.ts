import { create } from 'zustand';

interface SelectionState {
  /** The selected taskId; it may not be known yet (a deep link names it before the list arrives). */
  selectedTaskId: string | undefined;
  taskSelected: (taskId: string) => void;
  selectionCleared: () => void;
}

export const useSelectionStore = create<SelectionState>()((set) => ({
  selectedTaskId: undefined,
  taskSelected: (selectedTaskId) => set({ selectedTaskId }),
  selectionCleared: () => set({ selectedTaskId: undefined }),
}));
