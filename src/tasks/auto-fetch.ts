import { createEmitter } from '../mcp/emitter';
import { isTerminal } from './status';
import type { TaskEntry } from './task-cache';

/** Results fetched automatically at once: a storm of completions must not open thousands of requests. */
export const AUTO_FETCH_CONCURRENCY = 4;

/**
 * Tasks that have just ended, told by the cache write that ended them (a push, a poll's answer, a tasks/list page),
 * right after the write: the result is asked for in the same turn, not at the next scan of the list.
 */
export const taskEnds = createEmitter<{ ended: (event: { serverUrl: string; taskIds: readonly string[] }) => void }>();

/** A task seen running in this page: only such a task's end is worth fetching a result for on its own. */
function seenRunning(entry: TaskEntry): boolean {
  return entry.history.some((h) => !isTerminal(h.status) && h.status !== 'expired');
}

/** What the auto-fetcher asks of the page, each time it is about to start a fetch. */
export interface AutoFetchView {
  /** The Auto-fetch setting. */
  enabled(): boolean;
  /** Live updates paused: nothing new is started until they resume. */
  paused(): boolean;
  entry(taskId: string): TaskEntry | undefined;
  /** A result for this task is already in the page, or being fetched. */
  hasResult(taskId: string): boolean;
}

/**
 * The results of tasks that ended after running in this page, fetched without being asked (Auto-fetch): started
 * by the end itself (`ended`), each task tried once, at most AUTO_FETCH_CONCURRENCY at a time, the rest in the
 * order they ended as earlier fetches finish. `scan` looks over a whole list, only when something other than a
 * task's end makes results due (a new session, Auto-fetch turned on, live updates resumed).
 */
export class AutoFetcher {
  private readonly tried = new Set<string>();
  private readonly fetching = new Set<string>();
  /** Ended tasks waiting for a free slot, in the order they ended. */
  private readonly waiting = new Set<string>();
  /** Its session is over: nothing more starts (a fetch that finishes late does not start the next one). */
  private disposed = false;

  constructor(
    private readonly view: AutoFetchView,
    private readonly start: (taskId: string) => Promise<unknown>,
  ) {}

  ended(taskIds: Iterable<string>): void {
    if (!this.view.enabled() || this.disposed) return;
    for (const id of taskIds) if (!this.tried.has(id)) this.waiting.add(id);
    this.pump();
  }

  scan(entries: readonly TaskEntry[]): void {
    if (!this.view.enabled()) return;
    const due: string[] = [];
    for (const entry of entries) if (this.wanted(entry)) due.push(entry.task.taskId);
    this.ended(due);
  }

  /** Stops for good, with what waits dropped: the session it fetched through is gone. */
  dispose(): void {
    this.disposed = true;
    this.waiting.clear();
  }

  /** Starts waiting fetches while there is room. */
  pump(): void {
    if (!this.view.enabled() || this.disposed) {
      // Turned off: what was waiting is not fetched; turning it on again looks over the list.
      this.waiting.clear();
      return;
    }
    if (this.view.paused()) return;
    for (const id of this.waiting) {
      if (this.fetching.size >= AUTO_FETCH_CONCURRENCY) return;
      this.waiting.delete(id);
      const entry = this.view.entry(id);
      if (!entry || !this.wanted(entry)) continue;
      this.tried.add(id);
      this.fetching.add(id);
      void this.start(id)
        .catch(() => {})
        .finally(() => {
          this.fetching.delete(id);
          this.pump();
        });
    }
  }

  private wanted(entry: TaskEntry): boolean {
    const id = entry.task.taskId;
    return isTerminal(entry.task.status) && !entry.expired && !this.tried.has(id) && seenRunning(entry) && !this.view.hasResult(id);
  }
}
