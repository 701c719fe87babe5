import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface SplitterProps {
  /** The separator's accessible name, e.g. "Resize the task list". */
  label: string;
  /** `vertical`: a bar between two columns, dragged sideways; `horizontal`: between rows, dragged up and down. */
  orientation: 'vertical' | 'horizontal';
  /** The size it controls, in percent of `frame`. */
  value: number;
  min: number;
  max: number;
  /** The box the percentage is of. */
  frame: () => HTMLElement | null;
  /** Measure from the frame's far edge (bottom or right) rather than its near one: a drawer at the bottom grows upwards. */
  fromEnd?: boolean;
  onChange: (value: number) => void;
  className?: string;
}

const STEP = 2;
const PAGE = 10;

/**
 * A focusable window splitter (the WAI-ARIA pattern): drag it with a pointer, or focus it and use the arrow keys
 * (Page Up/Down for big steps, Home/End for the limits). `aria-valuenow` is the controlled pane's size in percent.
 */
export function Splitter({ label, orientation, value, min, max, frame, fromEnd = false, onChange, className }: SplitterProps) {
  const dragging = useRef(false);

  const sizeAt = (event: PointerEvent<HTMLDivElement>): number | undefined => {
    const box = frame()?.getBoundingClientRect();
    if (!box) return undefined;
    const [start, length, at] = orientation === 'vertical' ? [box.left, box.width, event.clientX] : [box.top, box.height, event.clientY];
    if (length <= 0) return undefined;
    const share = ((at - start) / length) * 100;
    return fromEnd ? 100 - share : share;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const size = sizeAt(event);
    if (size !== undefined) onChange(size);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Growing is right for a column, down for a top pane; a drawer measured from the bottom grows upwards.
    const grow = orientation === 'vertical' ? 'ArrowRight' : fromEnd ? 'ArrowUp' : 'ArrowDown';
    const shrink = orientation === 'vertical' ? 'ArrowLeft' : fromEnd ? 'ArrowDown' : 'ArrowUp';
    let next: number;
    if (event.key === grow) next = value + STEP;
    else if (event.key === shrink) next = value - STEP;
    else if (event.key === 'PageUp') next = value + PAGE;
    else if (event.key === 'PageDown') next = value - PAGE;
    else if (event.key === 'Home') next = min;
    else if (event.key === 'End') next = max;
    else return;
    event.preventDefault();
    event.stopPropagation();
    onChange(Math.min(max, Math.max(min, next)));
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      className={`splitter splitter-${orientation} ${className ?? ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
