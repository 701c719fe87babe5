import type { TaskPushEvent } from '../mcp/connection-store';
import { parseTask } from './task';

/** Pushes held while live updates are paused: the latest per task, at most this many tasks. */
const MAX_HELD_TASKS = 20_000;
/** Pushes that are not tasks at all, held while paused only to be reported: at most this many. */
const MAX_HELD_INVALID = 100;
/** When no animation frame comes (a hidden tab runs none), pending pushes are written after this long anyway. */
export const FLUSH_FALLBACK_MS = 250;
/**
 * Pushes written to the cache per write at most. A burst of thousands of tasks the page has never seen, all
 * announced at once, is written over several frames instead of in one frame that blocks the page for 100 ms or more
 * (10,000 new tasks cost about a quarter of a second on a busy 2-core machine). A storm brings about 50 per write.
 */
export const MAX_PUSHES_PER_WRITE = 1000;

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

/**
 * The pushes waiting for their cache write, oldest first, taken off the front in slices of at most `max`. Taking a
 * slice does not copy what is left (a burst of 10,000 is taken in ten slices, not moved ten times).
 */
export class PendingPushes {
  private queue: TaskPushEvent[] = [];
  private head = 0;

  constructor(private readonly max = MAX_PUSHES_PER_WRITE) {}

  get size(): number {
    return this.queue.length - this.head;
  }

  /** Adds a push; true when it is the only one pending (nothing has asked for a write yet). */
  add(event: TaskPushEvent): boolean {
    this.queue.push(event);
    return this.size === 1;
  }

  /** The oldest pending pushes, at most `max` of them (every one when `everything`), in arrival order. */
  take(everything = false): TaskPushEvent[] {
    if (this.head === 0 && (everything || this.queue.length <= this.max)) {
      const all = this.queue;
      this.queue = [];
      return all;
    }
    const end = everything ? this.queue.length : Math.min(this.queue.length, this.head + this.max);
    const slice = this.queue.slice(this.head, end);
    this.head = end;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
    return slice;
  }
}

export interface FlushScheduler {
  frame: (fn: () => void) => void;
  timeout: (fn: () => void, ms: number) => void;
}

/**
 * Runs `flush` at the next animation frame, or after FLUSH_FALLBACK_MS when no frame comes first (a hidden tab), and
 * only once for both. Returns a function that asks for a flush; asks while one is already due are ignored.
 * Each ask's frame and timer answer that ask only: a timer left from an earlier ask that its frame answered does not
 * run a later one early (in a burst, asks come a frame apart, and such a timer would run a write between frames).
 */
export function frameOrTimeout(flush: () => void, scheduler: FlushScheduler): () => void {
  let asked = 0;
  let answered = 0;
  const run = (ask: number) => {
    if (ask !== asked || answered === asked) return;
    answered = ask;
    flush();
  };
  return () => {
    if (answered !== asked) return;
    const ask = ++asked;
    scheduler.frame(() => run(ask));
    scheduler.timeout(() => run(ask), FLUSH_FALLBACK_MS);
  };
}
