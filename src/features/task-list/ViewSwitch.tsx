import { useStore } from 'zustand';
import { memo, useId } from 'react';
import { viewStore, type TaskView } from '../../tasks/view-store';

const VIEWS: ReadonlyArray<[TaskView, string]> = [
  ['table', 'Table'],
  ['timeline', 'Timeline'],
];

/**
 * Table or timeline: a radio group, so arrow keys move between the two and the choice is announced. Memoised: the
 * list's region re-renders at every write of the list, this only for its own store.
 */
export const ViewSwitch = memo(function ViewSwitch() {
  const view = useStore(viewStore, (s) => s.view);
  const viewChosen = useStore(viewStore, (s) => s.viewChosen);
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Task view" className="view-switch">
      {VIEWS.map(([value, label]) => (
        <label key={value} className="view-option">
          <input type="radio" name={name} value={value} checked={view === value} onChange={() => viewChosen(value)} />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
});
