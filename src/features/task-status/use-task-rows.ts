import { useStore } from 'zustand';
import { useVirtualRows, type VirtualRows } from '../../components/use-virtual-rows';
import { selectionStore } from '../../tasks/selection-store';
import type { TaskEntry } from '../../tasks/task-cache';

/**
 * A virtualised list of tasks (the table's rows, the timeline's bars): only rows in view are drawn, the end asks for
 * the next page, and a keyboard move of the selection scrolls its task into view and focuses `focusSelector`'s element.
 */
export function useTaskRows(
  entries: readonly TaskEntry[],
  options: { rowHeight: number; hasMore: boolean; onNearEnd: () => void; focusSelector: (escapedTaskId: string) => string },
): VirtualRows {
  const reveal = useStore(selectionStore, (s) => s.reveal);
  return useVirtualRows({
    ...options,
    count: entries.length,
    indexOf: (id) => entries.findIndex((e) => e.task.taskId === id),
    reveal,
  });
}
