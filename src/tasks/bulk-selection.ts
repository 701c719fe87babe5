import { createStore } from 'zustand/vanilla';

/**
 * The tasks ticked in the list for a bulk action (checkboxes), apart from the selected task (the one Task details
 * shows). Ticks belong to one server: ticking on another server starts afresh. The anchor is the last task ticked
 * or unticked by itself, where a shift-click's range starts.
 */
interface BulkSelectionState {
  serverUrl: string | undefined;
  checked: ReadonlySet<string>;
  anchor: string | undefined;
  /** One task ticked or unticked; with `range`, every shown task from the anchor to it takes the same state. */
  taskChecked: (serverUrl: string, taskId: string, checked: boolean, range?: { shownIds: readonly string[] }) => void;
  /** The `x` key: the task's tick flipped. */
  taskToggled: (serverUrl: string, taskId: string) => void;
  /** The header's "select all shown": every shown task ticked, or unticked. */
  shownChecked: (serverUrl: string, shownIds: readonly string[], checked: boolean) => void;
  /** Tasks no longer there to act on (forgotten). */
  tasksUnchecked: (serverUrl: string, taskIds: readonly string[]) => void;
  checksCleared: () => void;
}

/** The ids from `anchor` to `target` in shown order (both included); just `target` when the anchor is not shown. */
export function rangeBetween(shownIds: readonly string[], anchor: string | undefined, target: string): string[] {
  const to = shownIds.indexOf(target);
  const from = anchor === undefined ? -1 : shownIds.indexOf(anchor);
  if (to === -1) return [target];
  if (from === -1) return [target];
  return shownIds.slice(Math.min(from, to), Math.max(from, to) + 1);
}

function withIds(set: ReadonlySet<string>, ids: readonly string[], checked: boolean): Set<string> {
  const next = new Set(set);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

const EMPTY: ReadonlySet<string> = new Set();

export const bulkSelection = createStore<BulkSelectionState>()((set, get) => {
  /** The ticks held for this server (none when they were another server's). */
  const heldFor = (serverUrl: string) => (get().serverUrl === serverUrl ? get().checked : EMPTY);
  return {
    serverUrl: undefined,
    checked: EMPTY,
    anchor: undefined,
    taskChecked: (serverUrl, taskId, checked, range) => {
      const ids = range ? rangeBetween(range.shownIds, get().serverUrl === serverUrl ? get().anchor : undefined, taskId) : [taskId];
      set({ serverUrl, checked: withIds(heldFor(serverUrl), ids, checked), anchor: taskId });
    },
    taskToggled: (serverUrl, taskId) => {
      const held = heldFor(serverUrl);
      set({ serverUrl, checked: withIds(held, [taskId], !held.has(taskId)), anchor: taskId });
    },
    shownChecked: (serverUrl, shownIds, checked) => set({ serverUrl, checked: withIds(heldFor(serverUrl), shownIds, checked) }),
    tasksUnchecked: (serverUrl, taskIds) => {
      if (get().serverUrl !== serverUrl) return;
      set({ checked: withIds(get().checked, taskIds, false) });
    },
    checksCleared: () => set({ checked: EMPTY, anchor: undefined }),
  };
});

/** The ticks for this server (an empty set when the ticks are another server's). */
export function checkedFor(state: { serverUrl: string | undefined; checked: ReadonlySet<string> }, serverUrl: string): ReadonlySet<string> {
  return state.serverUrl === serverUrl ? state.checked : EMPTY;
}
