import { createStore } from 'zustand/vanilla';
import { persist } from 'zustand/middleware';
import { isRecord, persistOptions } from '../lib/persisted';

/** How the task list is shown: the table (the default) or the timeline chart. */
export type TaskView = 'table' | 'timeline';

function isTaskView(value: unknown): value is TaskView {
  return value === 'table' || value === 'timeline';
}

interface ViewState {
  view: TaskView;
  /** The view the user last picked: the one remembered (a deep link's view is shown, not remembered). */
  chosen: TaskView;
  /** The user picked a view: remembered in this browser. */
  viewChosen: (view: TaskView) => void;
  /** A deep link named a view: shown, not remembered. */
  viewLinked: (view: TaskView) => void;
}

export const viewStore = createStore<ViewState>()(
  persist(
    (set) => ({
      view: 'table',
      chosen: 'table',
      viewChosen: (view) => set({ view, chosen: view }),
      viewLinked: (view) => set({ view }),
    }),
    persistOptions<ViewState, { view: TaskView }>({
      key: 'taskdeck.taskView',
      storage: 'local',
      version: 1,
      pick: ({ chosen }) => ({ view: chosen }),
      // Version 0 stored the view's name as a plain string.
      migrate: (stored, fromVersion) => (fromVersion === 0 ? { view: stored } : stored),
      check: (stored) => (isRecord(stored) && isTaskView(stored.view) ? { view: stored.view, chosen: stored.view } : {}),
    }),
  ),
);
