import type { TaskPushEvent } from '../mcp/connection-store';
import { parseTask } from './task';

/** Pushes held while live updates are paused: the latest per task, at most this many tasks. */
const MAX_HELD_TASKS = 20_000;
/** Pushes that are not tasks at all, held while paused only to be reported: at most this many. */
const MAX_HELD_INVALID = 100;
/** When no animation frame comes (a hidden tab runs none), pending pushes are written after this long anyway. */
export const FLUSH_FALLBACK_MS = 250;

/** Pushes grouped by server, each group in arrival order. Linear in the number of pushes. */
export function groupByServer(events: readonly TaskPushEvent[]): Map<string, TaskPushEvent[]> {
  const byServer = new Map<string, TaskPushEvent[]>();
  for (const event of events) {
    const group = byServer.get(event.serverUrl);
    if (group) group.push(event);
    else byServer.set(event.serverUrl, [event]);
  }
  return byServer;
}

/**
 * What a paused page holds back: the newest push per task (a later push for a task replaces the earlier one, so a
 * busy server cannot grow it past the number of its tasks), capped, plus a bounded sample of invalid pushes.
 */
export class HeldPushes {
  private readonly byTask = new Map<string, TaskPushEvent>();
  private readonly invalid: TaskPushEvent[] = [];
  /** Pushes dropped because a cap was reached, to tell the user. */
  dropped = 0;

  constructor(
    private readonly maxTasks = MAX_HELD_TASKS,
    private readonly maxInvalid = MAX_HELD_INVALID,
  ) {}

  get size(): number {
    return this.byTask.size + this.invalid.length;
  }

  hold(event: TaskPushEvent): void {
    const taskId = parseTask(event.params)?.taskId;
    if (taskId === undefined) {
      if (this.invalid.length < this.maxInvalid) this.invalid.push(event);
      else this.dropped++;
      return;
    }
    const key = `${event.serverUrl}\n${taskId}`;
    if (this.byTask.has(key)) {
      // Re-inserted so the map's order stays the order of each task's latest push.
      this.byTask.delete(key);
    } else if (this.byTask.size >= this.maxTasks) {
      this.dropped++;
      return;
    }
    this.byTask.set(key, event);
  }

  /** Everything held, in the order it should be applied; empties the holder. */
  drain(): TaskPushEvent[] {
    const out = [...this.invalid, ...this.byTask.values()];
    this.invalid.length = 0;
    this.byTask.clear();
    return out;
  }
}

export interface FlushScheduler {
  frame: (fn: () => void) => void;
  timeout: (fn: () => void, ms: number) => void;
}

/**
 * Runs `flush` at the next animation frame, or after FLUSH_FALLBACK_MS when no frame comes first (a hidden tab), and
 * only once for both. Returns a function that asks for a flush; asks while one is already due are ignored.
 */
export function frameOrTimeout(flush: () => void, scheduler: FlushScheduler): () => void {
  let due = false;
  const run = () => {
    if (!due) return;
    due = false;
    flush();
  };
  return () => {
    if (due) return;
    due = true;
    scheduler.frame(run);
    scheduler.timeout(run, FLUSH_FALLBACK_MS);
  };
}
