/** Every shortcut, for the handler and for the `?` help: one list, so the help never drifts from the keys. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; does: string }> = [
  { keys: ['j', '↓'], does: 'Next task' },
  { keys: ['k', '↑'], does: 'Previous task' },
  { keys: ['Enter'], does: 'Open the task under focus (moves to Task details)' },
  { keys: ['Esc'], does: 'Back to the task list' },
  { keys: ['/'], does: 'Search tasks' },
  { keys: ['f'], does: 'Fetch the selected task’s result' },
  { keys: ['c'], does: 'Cancel the selected task' },
  { keys: ['x'], does: 'Tick the task under focus (or the selected one) for bulk actions; Shift-click ticks a range' },
  { keys: ['r'], does: 'Run a tool: open the Run tool panel (Esc closes it)' },
  { keys: ['t'], does: 'Switch between the table and the timeline chart' },
  { keys: ['p'], does: 'Pause or resume live updates' },
  { keys: [']', '['], does: 'Next or previous server' },
  { keys: ['?'], does: 'Show these shortcuts' },
];
