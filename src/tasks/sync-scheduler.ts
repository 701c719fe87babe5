import { pollBackoff, tasksDueForPoll } from './poll-schedule';
import type { TaskEntry } from './task-cache';

/**
 * tasks/get polls in flight at once, and background tasks/result streams (input_required) open at once: the list
 * may hold thousands of live tasks, and a browser opens only six HTTP/1.1 connections to a server.
 */
export const POLL_CONCURRENCY = 8;
export const STREAM_LIMIT = 3;
/** A background tasks/result that failed (not refused) is opened again after this long. */
export const STREAM_RETRY_MS = 5000;

/** Something the page should start now for one task. */
export type SyncAction =
  /** tasks/get: the task has been silent for its poll interval. */
  | { kind: 'poll'; taskId: string }
  /** A background tasks/result that receives the task's input requests while it is input_required. */
  | { kind: 'input-stream'; taskId: string };

/** What the scheduler looks at: the server's tasks as the page holds them, and the user's settings. */
export interface SyncView {
  entries: readonly TaskEntry[];
  selectedTaskId: string | undefined;
}

export type PollOutcome = 'ok' | 'failed' | 'gone';
export type StreamOutcome = 'answered' | 'refused' | 'failed';

/**
 * When to poll and listen, for one session, decided from state alone: `due` turns the task list into
 * actions and counts each as started; the outcomes report back. No timers, no I/O: the caller owns both, and the
 * clock is injected. One implementation per protocol generation, behind this interface.
 */
export interface SyncScheduler {
  due(view: SyncView): SyncAction[];
  pollEnded(taskId: string, outcome: PollOutcome): void;
  streamEnded(taskId: string, outcome: StreamOutcome): void;
}

export type Clock = () => number;

/**
 * The seed draft's and 2025-11-25's rules, which share them: statuses come by push when the server sends them and by
 * tasks/get polls at the task's pollInterval otherwise (pushes are optional); input requests arrive on a
 * tasks/result held open while the task is input_required. A server of the seed draft refuses that early
 * tasks/result (-32602): it is not asked again for that task, and polling carries on.
 */
export class PollingScheduler implements SyncScheduler {
  private readonly polling = new Set<string>();
  private readonly notBefore = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private readonly streaming = new Set<string>();
  private readonly refused = new Set<string>();
  private readonly streamRetryAt = new Map<string, number>();

  constructor(private readonly now: Clock) {}

  due(view: SyncView): SyncAction[] {
    const now = this.now();
    const actions: SyncAction[] = [];
    for (const entry of view.entries) {
      const id = entry.task.taskId;
      if (this.wantsStream(entry, view.selectedTaskId, now)) {
        this.streaming.add(id);
        actions.push({ kind: 'input-stream', taskId: id });
      }
    }
    for (const taskId of tasksDueForPoll(view.entries, now, this.polling, this.notBefore, POLL_CONCURRENCY - this.polling.size)) {
      this.polling.add(taskId);
      actions.push({ kind: 'poll', taskId });
    }
    return actions;
  }

  pollEnded(taskId: string, outcome: PollOutcome): void {
    this.polling.delete(taskId);
    if (outcome === 'failed') {
      const count = (this.failures.get(taskId) ?? 0) + 1;
      this.failures.set(taskId, count);
      this.notBefore.set(taskId, this.now() + pollBackoff(count));
    } else {
      this.failures.delete(taskId);
      this.notBefore.delete(taskId);
    }
  }

  streamEnded(taskId: string, outcome: StreamOutcome): void {
    this.streaming.delete(taskId);
    if (outcome === 'refused') this.refused.add(taskId);
    if (outcome === 'failed') this.streamRetryAt.set(taskId, this.now() + STREAM_RETRY_MS);
  }

  private wantsStream(entry: TaskEntry, selectedTaskId: string | undefined, now: number): boolean {
    const id = entry.task.taskId;
    return (
      entry.task.status === 'input_required' &&
      // The selected task gets its stream (and so its form) even when the others took every slot.
      (this.streaming.size < STREAM_LIMIT || id === selectedTaskId) &&
      !entry.expired &&
      !this.streaming.has(id) &&
      !this.refused.has(id) &&
      (this.streamRetryAt.get(id) ?? 0) <= now
    );
  }
}
