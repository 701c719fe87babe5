import { useStore } from 'zustand';
import { filterStore } from '../../tasks/filter-store';
import { resultSearchStore } from '../../tasks/result-search';

/** "in result" beside a task whose result holds the filter's search term. */
export function ResultMatchMark({ taskId }: { taskId: string }) {
  const shown = useStore(resultSearchStore, (s) => s.term !== '' && s.matched.has(taskId));
  const term = useStore(filterStore, (s) => s.query.trim().toLowerCase());
  const current = useStore(resultSearchStore, (s) => s.term === term);
  return shown && current ? (
    <span className="tag in-result" title="The search term appears in this task's result">
      in result
    </span>
  ) : null;
}
