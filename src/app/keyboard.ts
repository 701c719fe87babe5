import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { activeConnection, serversStore } from '../mcp/servers-store';
import { serverIdentity } from '../mcp/errors';
import { filterStore } from '../tasks/filter-store';
import { visibleTasks } from '../tasks/filtering';
import { resultMatchesFor, resultSearchStore } from '../tasks/result-search';
import { mcpKeys } from '../tasks/keys';
import { liveStore } from '../tasks/live-store';
import { selectionStore } from '../tasks/selection-store';
import { bulkSelection } from '../tasks/bulk-selection';
import { viewStore } from '../tasks/view-store';
import type { TaskEntry } from '../tasks/task-cache';
import { layoutStore } from './layout-store';
import { closeRunTool, isInRunTool, openRunTool } from './RunToolSheet';

/** Typing in a field must never trigger a shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

function activeServerUrl(): string {
  const c = activeConnection();
  return c.session?.serverUrl ?? serverIdentity(c.serverUrl);
}

/** Moves the selection through the tasks as the list shows them (same filters and order). */
function stepSelection(queryClient: QueryClient, delta: 1 | -1): void {
  const server = activeServerUrl();
  const entries = queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(server)) ?? [];
  const { status, query, sort } = filterStore.getState();
  const resultMatches = resultMatchesFor(resultSearchStore.getState(), server, query);
  const rows = visibleTasks(entries, { status, query, sort, now: Date.now(), resultMatches });
  if (rows.length === 0) return;
  const selected = selectionStore.getState().selectedTaskId;
  const at = rows.findIndex((e) => e.task.taskId === selected);
  const next = at === -1 ? (delta === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + delta));
  const row = rows[next];
  if (row) selectionStore.getState().taskSelected(row.task.taskId, { reveal: true });
}

function clickIfEnabled(selector: string): void {
  const button = document.querySelector<HTMLButtonElement>(selector);
  if (button && !button.disabled) button.click();
}

function focusTarget(selector: string): void {
  const el = document.querySelector<HTMLElement>(selector);
  el?.focus();
  if (el instanceof HTMLInputElement) el.select();
}

function switchServer(delta: 1 | -1): void {
  const { slots, activeId, serverSwitched } = serversStore.getState();
  const at = slots.findIndex((s) => s.id === activeId);
  const next = slots[(at + delta + slots.length) % slots.length];
  if (next) serverSwitched(next.id);
}

/** The dashboard's keyboard: j/k and arrows through tasks, Enter/Esc in and out, one-key actions, `?` for help. */
export function useKeyboardShortcuts(openHelp: () => void): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      const row = target instanceof HTMLElement ? target.closest<HTMLElement>('tr[data-task-id], li[data-task-id]') : null;
      const onRow = row !== null;
      if (event.key === 'Enter' && row) {
        // The row selects itself; Enter also opens the task: focus moves to its details.
        const id = row.dataset.taskId;
        if (id) selectionStore.getState().taskSelected(id);
        requestAnimationFrame(() => document.getElementById('task-details')?.focus());
        return;
      }
      if (event.defaultPrevented) return;
      if (event.key === 'Escape') {
        // The Run tool panel closes from inside it, or from anywhere but the task's panes and a dialog.
        const runToolOpen = layoutStore.getState().runToolOpen;
        const elsewhere = target instanceof Element && target.closest('#task-details, #result-region, #input-required, dialog');
        if (runToolOpen && (isInRunTool(target) || !elsewhere)) {
          event.preventDefault();
          closeRunTool(true);
          return;
        }
        // Back from the selected task's panes to its row in the list.
        const inTaskPanes = target instanceof Element && target.closest('#task-details, #result-region, #input-required');
        const selected = selectionStore.getState().selectedTaskId;
        if (inTaskPanes && selected && !isTypingTarget(target)) {
          event.preventDefault();
          selectionStore.getState().taskSelected(selected, { reveal: true });
        } else if (target instanceof HTMLInputElement && target.dataset.shortcutTarget === 'search') {
          target.blur();
        }
        return;
      }
      if (isTypingTarget(target)) return;
      switch (event.key) {
        case 'j':
          stepSelection(queryClient, 1);
          break;
        case 'k':
          stepSelection(queryClient, -1);
          break;
        case 'ArrowDown':
        case 'ArrowUp':
          // Arrows scroll the page unless focus is in the list (or nowhere in particular).
          if (!onRow && target !== document.body) return;
          stepSelection(queryClient, event.key === 'ArrowDown' ? 1 : -1);
          break;
        case '/':
          focusTarget('[data-shortcut-target="search"]');
          break;
        case 'f':
          clickIfEnabled('[data-shortcut="fetch"]');
          break;
        case 'c':
          clickIfEnabled('[data-shortcut="cancel"]');
          break;
        case 'x': {
          // Ticks (or unticks) the task under focus in the list, else the selected one, for a bulk action.
          const id = row?.dataset.taskId ?? selectionStore.getState().selectedTaskId;
          if (!id) return;
          bulkSelection.getState().taskToggled(activeServerUrl(), id);
          break;
        }
        case 'r':
          openRunTool();
          break;
        case 't': {
          const views = viewStore.getState();
          views.viewChosen(views.view === 'table' ? 'timeline' : 'table');
          break;
        }
        case 'p': {
          const live = liveStore.getState();
          if (live.paused) live.liveUpdatesResumed();
          else live.liveUpdatesPaused();
          break;
        }
        case ']':
          switchServer(1);
          break;
        case '[':
          switchServer(-1);
          break;
        case '?':
          openHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [queryClient, openHelp]);
}
