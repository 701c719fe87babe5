import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { isTerminal, type DisplayStatus } from '../tasks/status';
import { displayStatus, isLive, type TaskEntry } from '../tasks/task-cache';

/** A task watched in this page that has just ended. */
export interface TaskEnded {
  serverUrl: string;
  taskId: string;
  toolName: string | undefined;
  status: DisplayStatus;
  message: string | undefined;
}

interface ActivityState {
  /** Live tasks (working or input_required) per server identity. */
  running: Record<string, number>;
  needsInput: Record<string, number>;
}

export const useActivityStore = create<ActivityState>()(() => ({ running: {}, needsInput: {} }));

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
      if (wasLive) ended.push({ serverUrl, taskId: id, toolName: entry.toolName, status: displayStatus(entry, now), message: entry.task.statusMessage });
    }
    this.seen.set(serverUrl, next);
    return ended;
  }
}

function countLive(entries: readonly TaskEntry[], now: number): { running: number; needsInput: number } {
  let running = 0;
  let needsInput = 0;
  for (const entry of entries) {
    if (!isLive(entry, now)) continue;
    running++;
    if (entry.task.status === 'input_required') needsInput++;
  }
  return { running, needsInput };
}

/**
 * Watches every server's task list in the query cache, at most four times a second: keeps the running counts
 * (server switcher, tab title) and reports tasks that ended (toasts).
 */
export function startActivityWatch(queryClient: QueryClient, onEnded: (ended: TaskEnded[]) => void): () => void {
  const watcher = new EndWatcher();
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scan = () => {
    timer = undefined;
    const now = Date.now();
    const running = { ...useActivityStore.getState().running };
    const needsInput = { ...useActivityStore.getState().needsInput };
    const ended: TaskEnded[] = [];
    for (const serverUrl of dirty) {
      const entries = queryClient.getQueryData<TaskEntry[]>(['mcp', serverUrl, 'tasks']) ?? [];
      ended.push(...watcher.scan(serverUrl, entries, now));
      const counts = countLive(entries, now);
      running[serverUrl] = counts.running;
      needsInput[serverUrl] = counts.needsInput;
    }
    dirty.clear();
    useActivityStore.setState({ running, needsInput });
    document.title = titleFor(totalRunning({ running, needsInput }), Object.values(needsInput).reduce((a, b) => a + b, 0));
    if (ended.length) onEnded(ended);
  };
  const markAll = () => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['mcp'] })) {
      const key = query.queryKey;
      if (key.length === 3 && key[2] === 'tasks' && typeof key[1] === 'string') dirty.add(key[1]);
    }
  };
  const off = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (key.length !== 3 || key[0] !== 'mcp' || key[2] !== 'tasks' || typeof key[1] !== 'string') return;
    dirty.add(key[1]);
    timer ??= setTimeout(scan, 250);
  });
  // Time alone moves tasks on (a TTL passes): recount now and then.
  const tick = setInterval(() => {
    markAll();
    timer ??= setTimeout(scan, 0);
  }, 5000);
  return () => {
    off();
    clearInterval(tick);
    if (timer) clearTimeout(timer);
  };
}
