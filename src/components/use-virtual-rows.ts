import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type RefObject } from 'react';

/** A request to bring one row into view and focus it; a new object is a new request. */
interface RevealRequest {
  readonly taskId: string;
}

export interface VirtualRowsOptions {
  count: number;
  /** Where the row with this id is, or -1. */
  indexOf: (id: string) => number;
  rowHeight: number;
  /** More rows can be loaded past the last one: scrolling near the end calls `onNearEnd`. */
  hasMore: boolean;
  onNearEnd: () => void;
  reveal: RevealRequest | undefined;
  /** The element to focus in a revealed row, found under the scroller once it is drawn. */
  focusSelector: (escapedId: string) => string;
}

export interface VirtualRows {
  scroller: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
}

/** Rows near the end of what is loaded that ask for the next page. */
const NEAR_END = 20;

/**
 * A virtualised list of fixed-height rows (only those in view, plus a margin, are in the DOM) that asks for more as
 * its end comes into view and, on a reveal request (j/k, Esc back from the details), scrolls the row into view and
 * focuses it once drawn. Only a new request moves focus.
 */
export function useVirtualRows({ count, indexOf, rowHeight, hasMore, onNearEnd, reveal, focusSelector }: VirtualRowsOptions): VirtualRows {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && last >= count - NEAR_END) onNearEnd();
  }, [hasMore, last, count, onNearEnd]);
  useEffect(() => {
    if (!reveal) return;
    const index = indexOf(reveal.taskId);
    if (index === -1) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    let frames = 0;
    const focus = () => {
      const el = scroller.current?.querySelector<HTMLElement>(focusSelector(CSS.escape(reveal.taskId)));
      if (el) el.focus({ preventScroll: true });
      else if (frames++ < 10) requestAnimationFrame(focus);
    };
    requestAnimationFrame(focus);
    // Only a new request moves focus, not a list that changed under an old one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);
  return { scroller, virtualizer };
}
