import { memo, useEffect, useRef, type ChangeEvent } from 'react';
import type { TaskEntry } from '../../tasks/task-cache';

/** Whether a change came from a click (or Space) with Shift held: a range tick. */
function withShift(event: ChangeEvent<HTMLInputElement>): boolean {
  const native = event.nativeEvent;
  return 'shiftKey' in native && native.shiftKey === true;
}

/** A row's tick for bulk actions. Clicking it does not select the task (the row's own click does). */
export function RowCheckbox({
  taskId,
  checked,
  onCheck,
}: {
  taskId: string;
  checked: boolean;
  onCheck: (taskId: string, checked: boolean, range: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select task ${taskId}`}
      checked={checked}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => onCheck(taskId, e.target.checked, withShift(e))}
    />
  );
}

type ShownTicks = 'none' | 'some' | 'all';

/** How many of the shown tasks are ticked. Looks over them only while something is ticked: an idle list pays nothing. */
export function shownTicks(shown: readonly TaskEntry[], checked: ReadonlySet<string>): ShownTicks {
  if (checked.size === 0 || shown.length === 0) return 'none';
  const ticked = shown.reduce((n, e) => (checked.has(e.task.taskId) ? n + 1 : n), 0);
  return ticked === 0 ? 'none' : ticked === shown.length ? 'all' : 'some';
}

/**
 * The header's "select all shown": ticked when every shown task is, mixed when some are. Takes the state, not the
 * shown tasks: a write of the list that changes neither leaves it alone.
 */
export const SelectShownCheckbox = memo(function SelectShownCheckbox({
  state,
  empty,
  onChange,
}: {
  state: ShownTicks;
  /** Nothing is shown. */
  empty: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all shown tasks"
      checked={state === 'all'}
      disabled={empty}
      onChange={() => onChange(state !== 'all')}
    />
  );
});
