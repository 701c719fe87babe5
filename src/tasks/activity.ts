import { createStore } from 'zustand/vanilla';
import { isTerminal, type DisplayStatus } from './status';
import { displayStatus, isLive, type TaskEntry } from './task-cache';

/** A task watched in this page that has just ended. */
export interface TaskEnded {
  serverUrl: string;
  taskId: string;
  toolName: string | undefined;
  status: DisplayStatus;
  message: string | undefined;
}

export interface ActivityState {
  /** Live tasks (working or input_required) per server identity. */
  running: Record<string, number>;
  needsInput: Record<string, number>;
}

export const activityStore = createStore<ActivityState>()(() => ({ running: {}, needsInput: {} }));

export function totalRunning(state: ActivityState): number {
  return Object.values(state.running).reduce((a, b) => a + b, 0);
}

/** "(3 running) Taskdeck": the tab says what is still going on while it sits in the background. */
export function titleFor(running: number, needsInput: number): string {
  const parts = [running > 0 ? `${running} running` : '', needsInput > 0 ? `${needsInput} need input` : ''].filter(Boolean);
  return parts.length ? `(${parts.join(', ')}) Taskdeck` : 'Taskdeck';
}

/**
 * Compares each server's task list with what it saw last time and reports tasks that went from live to ended.
 * Entries that kept their identity are skipped, so a storm costs one pass over the changed entries.
 */
export class EndWatcher {
  private readonly seen = new Map<string, Map<string, { entry: TaskEntry; live: boolean }>>();

  /** The tasks that ended since the last scan of this server; the first scan of a server only learns. */
  scan(serverUrl: string, entries: readonly TaskEntry[], now: number): TaskEnded[] {
    const first = !this.seen.has(serverUrl);
    const previous = this.seen.get(serverUrl) ?? new Map<string, { entry: TaskEntry; live: boolean }>();
    const next = new Map<string, { entry: TaskEntry; live: boolean }>();
    const ended: TaskEnded[] = [];
    for (const entry of entries) {
      const id = entry.task.taskId;
      const before = previous.get(id);
      if (before && before.entry === entry) {
        next.set(id, before);
        continue;
      }
      const live = isLive(entry, now);
      next.set(id, { entry, live });
      if (first || live || !isTerminal(entry.task.status)) continue;
      // Ended: seen live before, or new to us but its own history shows it running in this page.
      const wasLive = before ? before.live : entry.history.some((h) => !isTerminal(h.status) && h.status !== 'expired');
      if (wasLive)
        ended.push({
          serverUrl,
          taskId: id,
          toolName: entry.toolName,
          status: displayStatus(entry, now),
          message: entry.task.statusMessage,
        });
    }
    this.seen.set(serverUrl, next);
    return ended;
  }
}

export function countLive(entries: readonly TaskEntry[], now: number): { running: number; needsInput: number } {
  let running = 0;
  let needsInput = 0;
  for (const entry of entries) {
    if (!isLive(entry, now)) continue;
    running++;
    if (entry.task.status === 'input_required') needsInput++;
  }
  return { running, needsInput };
}
