import { useCallback, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { formatSpan } from '../../lib/time';
import { liveStore } from '../../tasks/live-store';
import { nextPollAt, pollIntervalOf } from '../../tasks/poll-schedule';
import { averagePollInterval, backoffUntil, pollStats, type PollRecord } from '../../tasks/poll-stats';
import { isLive, type TaskEntry } from '../../tasks/task-cache';

/** The selected task's poll accounting: polls made, the next one's countdown, the interval advertised and seen. */
export function PollStats({ serverUrl, entry, now }: { serverUrl: string; entry: TaskEntry; now: number }) {
  const taskId = entry.task.taskId;
  const subscribe = useCallback((listener: () => void) => pollStats.subscribe(serverUrl, taskId, listener), [serverUrl, taskId]);
  const record = useSyncExternalStore(subscribe, () => pollStats.get(serverUrl, taskId));
  const paused = useStore(liveStore, (s) => s.paused);
  const average = record ? averagePollInterval(record) : undefined;
  return (
    <section className="poll-stats" aria-label="Polls">
      <h3>Polls</h3>
      <dl className="facts">
        <dt>Polls made</dt>
        <dd>{pollCountText(record, isLive(entry, now))}</dd>
        <dt>Next poll</dt>
        <dd>{nextPollText(entry, record, now, paused)}</dd>
        <dt>Interval</dt>
        <dd>
          {advertisedText(entry)} · actual{' '}
          {average === undefined ? <span className="muted">not measured yet (two polls needed)</span> : `average ${formatSpan(average)}`}
        </dd>
      </dl>
    </section>
  );
}

function pollCountText(record: PollRecord | undefined, live: boolean): string {
  if (!record) return live ? 'none yet (pushes or answers have kept it current)' : 'none';
  const failed = record.failed > 0 ? `, ${record.failed} failed` : '';
  return `${record.count} tasks/get${failed}`;
}

function nextPollText(entry: TaskEntry, record: PollRecord | undefined, now: number, paused: boolean): string {
  if (!isLive(entry, now)) return 'none: the task has ended';
  if (paused) return 'none while live updates are paused';
  if (record?.inFlight) return 'now (waiting for the answer)';
  const left = nextPollAt(entry, backoffUntil(record)) - now;
  const backoff = record && record.failuresInARow > 0 ? ` (backing off after ${record.failuresInARow} failed)` : '';
  return left <= 0 ? `due now${backoff}` : `in ${formatSpan(left)} unless a push comes first${backoff}`;
}

function advertisedText(entry: TaskEntry): string {
  const advertised = entry.task.pollInterval;
  const used = pollIntervalOf(entry);
  if (advertised === undefined) return `advertised: none (${formatSpan(used)} used)`;
  return advertised === used
    ? `advertised ${formatSpan(advertised)}`
    : `advertised ${formatSpan(advertised)} (${formatSpan(used)} used, the page's minimum)`;
}
