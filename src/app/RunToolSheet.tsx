import { Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import type { McpSession } from '../mcp/session';
import { LazyRunToolPanel as RunToolPanel, runToolStore } from '../features/run-tool';
import { selectionStore } from '../tasks/selection-store';
import { layoutStore } from './layout-store';

const SHEET_ID = 'run-tool-sheet';
const OPENER_ID = 'run-tool-opener';

/** Where focus was when the panel opened, to go back to when it closes. */
let focusBefore: HTMLElement | null = null;

/** Opens the Run tool panel and puts focus on its Tool select (or on the panel when there is none yet). */
export function openRunTool(): void {
  const active = document.activeElement;
  if (!layoutStore.getState().runToolOpen && active instanceof HTMLElement && active.id !== OPENER_ID) focusBefore = active;
  layoutStore.getState().runToolOpened();
  // Twice: once for React to draw the panel, once for the browser to lay it out.
  requestAnimationFrame(() => requestAnimationFrame(() => focusToolSelect(0)));
}

/** Frames to wait for the Tool select to appear (the form's code loads after the first paint): about 3 s. */
const FOCUS_TRIES = 180;

/**
 * Focus on the Tool select. Until it is there (the form's code or the tool list still loading), the panel holds focus,
 * and the select takes it when it appears, unless the user has moved focus elsewhere meanwhile. Until the panel itself
 * is there (`r` pressed as the page connects, before the workbench's first commit), it waits for the panel.
 */
function focusToolSelect(attempt: number, held = false): void {
  if (!layoutStore.getState().runToolOpen) return;
  const sheet = document.getElementById(SHEET_ID);
  const active = document.activeElement;
  // A form filled in for a Re-run has focused its first field already.
  if (active !== sheet && isInRunTool(active)) return;
  // Moved elsewhere while the panel held focus: leave focus where the user put it.
  if (held && active !== sheet) return;
  const select = document.querySelector<HTMLElement>(`#${SHEET_ID} [data-shortcut-target="tool"]`);
  if (select) {
    select.focus();
    return;
  }
  if (sheet && active !== sheet) sheet.focus();
  if (attempt < FOCUS_TRIES) requestAnimationFrame(() => focusToolSelect(attempt + 1, held || sheet !== null));
}

/** Closes the panel; `restoreFocus`: back to where focus was before it opened (Esc, the close button). */
export function closeRunTool(restoreFocus: boolean): void {
  if (!layoutStore.getState().runToolOpen) return;
  layoutStore.getState().runToolClosed();
  if (!restoreFocus) return;
  const back = focusBefore?.isConnected ? focusBefore : document.getElementById(OPENER_ID);
  focusBefore = null;
  back?.focus();
}

export const isInRunTool = (target: EventTarget | null): boolean => target instanceof Element && target.closest(`#${SHEET_ID}`) !== null;

/** The button that opens the Run tool panel (`r` does too). */
export function RunToolOpener() {
  const open = useStore(layoutStore, (s) => s.runToolOpen);
  return (
    <button
      type="button"
      id={OPENER_ID}
      className="button primary small"
      aria-expanded={open}
      aria-controls={SHEET_ID}
      aria-keyshortcuts="R"
      onClick={() => (open ? closeRunTool(false) : openRunTool())}
    >
      Run a tool…
    </button>
  );
}

/**
 * The Run tool form as a panel over the task's panes: it never moves the list. It stays mounted while closed, so
 * the tool picked and the arguments typed are there when it opens again. Starting a task selects it, which closes
 * the panel so the new task's details show (as does picking another task in the list).
 */
export function RunToolSheet({ session }: { session: McpSession | null }) {
  const open = useStore(layoutStore, (s) => s.runToolOpen);
  // Re-run (Task details) fills the form in and asks for it to be shown.
  useEffect(
    () =>
      runToolStore.subscribe((state, prev) => {
        if (state.openRequest > prev.openRequest) openRunTool();
      }),
    [],
  );
  useEffect(
    () =>
      selectionStore.subscribe((state, prev) => {
        if (state.selectedTaskId !== prev.selectedTaskId && layoutStore.getState().runToolOpen) {
          const hadFocus = isInRunTool(document.activeElement);
          closeRunTool(false);
          if (hadFocus) requestAnimationFrame(() => document.getElementById('task-details')?.focus());
        }
      }),
    [],
  );
  return (
    <div id={SHEET_ID} className="run-tool-sheet" hidden={!open} tabIndex={-1}>
      <Suspense fallback={<p className="muted">Loading the Run tool form…</p>}>
        <RunToolPanel session={session} />
      </Suspense>
      <button type="button" className="sheet-close" aria-label="Close Run tool" title="Close (Esc)" onClick={() => closeRunTool(true)}>
        ×
      </button>
    </div>
  );
}
