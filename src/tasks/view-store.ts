import { create } from 'zustand';

/** How the task list is shown: the table (the default) or the timeline chart. */
export type TaskView = 'table' | 'timeline';

const KEY = 'taskdeck.taskView';

export function isTaskView(value: unknown): value is TaskView {
  return value === 'table' || value === 'timeline';
}

function read(): TaskView {
  try {
    const stored = localStorage.getItem(KEY);
    return isTaskView(stored) ? stored : 'table';
  } catch {
    return 'table';
  }
}

interface ViewState {
  view: TaskView;
  /** The user picked a view: remembered in this browser. */
  viewChosen: (view: TaskView) => void;
  /** A deep link named a view: shown, not remembered. */
  viewLinked: (view: TaskView) => void;
}

export const useViewStore = create<ViewState>()((set) => ({
  view: read(),
  viewChosen: (view) => {
    try {
      localStorage.setItem(KEY, view);
    } catch {
      // the remembered view is a convenience
    }
    set({ view });
  },
  viewLinked: (view) => set({ view }),
}));
