/** Task statuses and the rules that govern them (MCP 2025-11-25 "Tasks"). No React, no I/O. */

export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What the dashboard shows: the server's statuses plus `expired`, which only the dashboard infers. */
export type DisplayStatus = TaskStatus | 'expired';

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

/** completed, failed and cancelled are terminal: a task in one of them never changes again. */
export function isTerminal(status: string): boolean {
  return TERMINAL.has(status);
}

/** Fetch result is allowed only once the server confirmed a terminal status. */
export function canFetchResult(status: string): boolean {
  return isTerminal(status);
}

export function canCancel(status: string): boolean {
  return status === 'working' || status === 'input_required';
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  working: 'working',
  input_required: 'input required',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'expired',
};

/** One glyph per status, so a status never relies on colour alone. */
export const STATUS_ICONS: Record<DisplayStatus, string> = {
  working: '◐',
  input_required: '?',
  completed: '✓',
  failed: '✕',
  cancelled: '⊘',
  expired: '⌛',
};
