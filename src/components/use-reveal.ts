import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import { useSelectionStore } from '../tasks/selection-store';
import type { TaskEntry } from '../tasks/task-cache';

/**
 * A keyboard move of the selection (j/k, Esc back from the details) scrolls its task into a virtualised list and
 * focuses the element `focusSelector(taskId)` finds there once it is drawn. Only a new reveal moves focus.
 */
export function useRevealSelected(
  entries: readonly TaskEntry[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scroller: RefObject<HTMLDivElement | null>,
  focusSelector: (escapedTaskId: string) => string,
): void {
  const reveal = useSelectionStore((s) => s.reveal);
  useEffect(() => {
    if (!reveal) return;
    const index = entries.findIndex((e) => e.task.taskId === reveal.taskId);
    if (index === -1) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    let frames = 0;
    const focus = () => {
      const el = scroller.current?.querySelector<HTMLElement>(focusSelector(CSS.escape(reveal.taskId)));
      if (el) el.focus({ preventScroll: true });
      else if (frames++ < 10) requestAnimationFrame(focus);
    };
    requestAnimationFrame(focus);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);
}
