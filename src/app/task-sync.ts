import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionEvents } from '../mcp/connection-store';
import type { McpSession } from '../mcp/session';
import { applyPushes } from '../tasks/cache-writes';
import { reportObservation } from '../tasks/behaviour-store';
import { mcpKeys } from '../tasks/keys';
import { liveStore } from '../tasks/live-store';
import { prefsStore } from '../tasks/prefs-store';
import { frameOrTimeout, HeldPushes, PendingPushes, type FlushScheduler } from '../tasks/push-buffer';
import { selectionStore } from '../tasks/selection-store';
import { runSyncAction } from '../tasks/sync-actions';
import { PollingScheduler } from '../tasks/sync-scheduler';
import { findTask, type TaskEntry } from '../tasks/task-cache';
import { AutoFetcher, taskEnds } from '../tasks/auto-fetch';
import { keptIdSet } from '../tasks/held-results';
import { resultQueryOptions } from '../tasks/result-query';

const TICK_MS = 250;
/** A push this long after the previous cache write is applied at once rather than at the next frame. */
const QUIET_MS = 16;
/**
 * In a storm (pushes keep coming within a frame of the last write), the list is written at most this often: every
 * write re-renders the list, and at 60 writes a second that alone kept a 2-core machine's main thread busy.
 */
const STORM_SPACING_MS = 50;

/** What spaces the cache writes of pushes; a test gives its own, so no test depends on how fast the machine is. */
interface PushScheduler extends FlushScheduler {
  /** The clock that spaces writes. */
  now: () => number;
  /** Whether the page is hidden: no animation frames run, and timers wake once a second or less. */
  hidden: () => boolean;
}

const browserScheduler: PushScheduler = {
  frame: typeof requestAnimationFrame === 'function' ? (fn) => void requestAnimationFrame(fn) : (fn) => void setTimeout(fn, 16),
  timeout: (fn, ms) => void setTimeout(fn, ms),
  now: () => performance.now(),
  hidden: () => document.visibilityState === 'hidden',
};

/**
 * The one place where server traffic about tasks reaches the query cache: pushes (either dialect) from every
 * connected server, here; and, per session (useSessionSync), the polling fallback that rule 3 asks for
 * (notifications are optional), expiry, and the background `tasks/result` that receives a task's input requests
 * while it is `input_required`.
 */
export function usePushSync(scheduler: PushScheduler = browserScheduler): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const held = new HeldPushes();
    const pending = new PendingPushes();
    let lastFlush = -Infinity;
    /** Writes in a row whose pushes came within a frame of the write before. */
    let crowded = 0;
    const flush = () => {
      // Paused again while a resumed backlog was being written a slice a frame: the rest is held again.
      if (liveStore.getState().paused) {
        for (const event of pending.take(true)) held.hold(event);
        return;
      }
      // Nothing left (an earlier write took it): no write, and the clock that spaces writes does not move.
      if (pending.size === 0) return;
      // A hidden tab (no frames, timers slowed to one a second or less): everything pending goes at once, or a steady
      // stream faster than a slice per wake-up would pile up unwritten. A visible tab whose frame came late (a busy
      // main thread) still writes a slice at a time: a burst all at once would be one long frame.
      const batch = pending.take(scheduler.hidden());
      lastFlush = scheduler.now();
      applyPushes(queryClient, batch);
      // More than one write's share (a burst of new tasks): the rest is written at the next frame, a slice a frame.
      if (pending.size > 0) flushSoon();
    };
    // A hidden tab runs no animation frames: a timer flushes then, so pushes never pile up unapplied.
    const flushSoon = frameOrTimeout(flush, scheduler);
    /** The storm's spaced write: at a frame, or in a hidden tab at once (a frame would cost it another wake-up). */
    const stormWrite = () => (scheduler.hidden() ? flush() : flushSoon());
    const offPush = sessionEvents.on('taskPush', (event) => {
      if (liveStore.getState().paused) {
        held.hold(event);
        return;
      }
      // A push after a quiet spell is written at once (in a microtask, so pushes that arrived together still go
      // together); one that comes within a frame of the last write waits for the next frame; and once that has
      // happened twice in a row (a storm, not pushes bunched by the network), until STORM_SPACING_MS after the last
      // write, then a frame: a storm costs one cache write (and one render) per 50 ms or so. In a hidden tab that
      // timer writes itself: no frame would come, and a hidden tab's timers wake once a second or (after five minutes
      // hidden) once a minute, so asking for one would cost another wake-up.
      if (pending.add(event)) {
        const since = scheduler.now() - lastFlush;
        if (since >= QUIET_MS) {
          crowded = 0;
          queueMicrotask(() => flush());
        } else if (crowded++ === 0) flushSoon();
        else scheduler.timeout(stormWrite, STORM_SPACING_MS - since);
      }
    });
    const offLive = liveStore.subscribe((state, prev) => {
      if (!prev.paused || state.paused) return;
      // What was held (up to 20,000 tasks) is written as a burst is: the first slice now, the rest a slice a frame.
      for (const event of held.drain()) pending.add(event);
      if (pending.size > 0) flush();
    });
    const offViolation = sessionEvents.on('violation', ({ serverUrl, detail, taskId }) =>
      reportObservation(serverUrl, { type: 'violation', detail, ...(taskId !== undefined && { taskId }) }),
    );
    return () => {
      offPush();
      offLive();
      offViolation();
    };
  }, [queryClient, scheduler]);
}

/** What each connected session needs besides pushes: re-reading after a reconnect, polling, input streams. */
export function useSessionSync(session: McpSession | null): void {
  const queryClient = useQueryClient();

  // A new session (a reconnect) re-reads what the server has: tools, and the task list, which is merged into what
  // is on screen, so tasks from the old session stay, marked as such.
  useEffect(() => {
    // Every new session, the first included: a list cached before it (kept results put back, say) is not the server's.
    if (!session) return;
    if (session.protocolVersion === '2026-07-28') reportObservation(session.serverUrl, { type: 'modern' });
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tools(session.serverUrl) }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tasks(session.serverUrl) }, { cancelRefetch: false });
  }, [session, queryClient]);

  useEffect(() => {
    if (!session?.capabilities.tasks) return;
    const { serverUrl, generation, client } = session;
    const controller = new AbortController();
    const target = { queryClient, serverUrl, generation, client, signal: controller.signal };
    const scheduler = new PollingScheduler(Date.now);
    const entries = () => queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl)) ?? [];
    // Polls (tasks/get at each task's pollInterval) and input streams are due with time: a tick looks for them.
    const timer = setInterval(() => {
      if (liveStore.getState().paused) return;
      const view = { entries: entries(), selectedTaskId: selectionStore.getState().selectedTaskId };
      for (const action of scheduler.due(view)) runSyncAction(target, scheduler, action);
    }, TICK_MS);
    // Results are due when a task ends: the write that ends it says so, and the fetch starts in the same turn.
    const fetcher = new AutoFetcher(
      {
        enabled: () => prefsStore.getState().autoFetch,
        paused: () => liveStore.getState().paused,
        entry: (taskId) => findTask(entries(), taskId),
        hasResult: (taskId) =>
          queryClient.getQueryData(mcpKeys.result(serverUrl, taskId)) !== undefined ||
          // Kept and let go from memory (result-residency.ts): it is read back when shown, not fetched again.
          keptIdSet(queryClient, serverUrl).has(taskId) ||
          queryClient.getQueryState(mcpKeys.result(serverUrl, taskId))?.fetchStatus === 'fetching',
      },
      (taskId) => queryClient.fetchQuery(resultQueryOptions(queryClient, serverUrl, taskId, client)),
    );
    const offEnded = taskEnds.on('ended', (event) => {
      if (event.serverUrl === serverUrl && !controller.signal.aborted) fetcher.ended(event.taskIds);
    });
    // What ended before this session listened (or while Auto-fetch was off, or live updates paused): one look over
    // the list when that changes, never a periodic scan.
    fetcher.scan(entries());
    const offPrefs = prefsStore.subscribe((state, prev) => {
      if (state.autoFetch && !prev.autoFetch) fetcher.scan(entries());
    });
    const offLive = liveStore.subscribe((state, prev) => {
      if (prev.paused && !state.paused) fetcher.scan(entries());
    });
    return () => {
      clearInterval(timer);
      offEnded();
      offPrefs();
      offLive();
      fetcher.dispose();
      controller.abort();
    };
  }, [session, queryClient]);
}
