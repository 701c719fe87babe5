import { useStore } from 'zustand';
import { LongMessage } from '../../components/LongMessage';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Region } from '../../components/Region';
import { StatusBadge } from '../task-status';
import { formatAbsolute, formatDuration, formatRelative, formatSpan, type TimeFormat } from '../../lib/time';
import { Moment } from '../../components/Moment';
import { useDisplayPrefs } from '../../components/display-prefs';
import { useNow } from '../../components/use-now';
import type { McpSession } from '../../mcp/session';
import { messageOf } from '../../lib/errors';
import { cancelAndRecord } from '../../tasks/cancel-task';
import { tasksQueryOptions } from '../../tasks/queries';
import { selectionStore } from '../../tasks/selection-store';
import { canCancel, canFetchResult, isTerminal } from '../../tasks/status';
import { displayStatus, findTask, type TaskEntry } from '../../tasks/task-cache';
import { remainingTtl } from '../../tasks/ttl';
import { resultQueryOptions } from '../../tasks/result-query';
import { watchStatus } from '../../tasks/watch-task';
import { ForgetTaskButton } from './ForgetTaskButton';
import { PollStats } from './PollStats';
import { ReRunButton } from './ReRunButton';
import { CompareButton } from '../compare';
import { isSessionFileServer } from '../../tasks/session-file-id';
import { TaskTimeline } from './TaskTimeline';

const SOURCE_LABELS: Record<TaskEntry['lastSource'], string> = {
  create: 'creation reply',
  watch: 'Watch task (tasks/get)',
  push: 'push',
  poll: 'poll (tasks/get)',
  list: 'tasks/list',
  cancel: 'cancel reply',
  expiry: 'expiry',
  kept: 'the local store',
  registry: 'the tasks remembered in this browser',
};

export function TaskDetails({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const selectedId = useStore(selectionStore, (s) => s.selectedTaskId);
  const queryClient = useQueryClient();
  // Only the selected entry: a push to another task (a storm of them) does not re-render the details.
  const { data: entry } = useQuery({
    ...tasksQueryOptions(queryClient, serverUrl, session),
    select: (entries) => findTask(entries, selectedId),
  });
  const notFound = useStore(watchStatus, (s) =>
    s.state === 'failed' && s.serverUrl === serverUrl && s.taskId === selectedId ? s.message : undefined,
  );
  let body;
  if (!selectedId) body = <p className="empty">Select a task in the list (click it, or press j / k) to see its details.</p>;
  else if (!entry && notFound)
    body = (
      <p className="empty">
        Task <span className="mono">{selectedId}</span> could not be added: {notFound}
      </p>
    );
  else if (!entry)
    body = (
      <p className="empty">
        Waiting for task <span className="mono">{selectedId}</span>…
      </p>
    );
  else body = <TaskFacts key={entry.task.taskId} entry={entry} serverUrl={serverUrl} session={session} />;
  return (
    <Region title="Task details" className="task-details" id="task-details">
      {body}
    </Region>
  );
}

function ttlText(entry: TaskEntry, now: number): string {
  const { ttl } = entry.task;
  if (ttl === null) return 'no expiry';
  const left = remainingTtl(entry.task, now);
  if (left === null) return `${formatDuration(ttl)} (createdAt unreadable)`;
  return `${formatDuration(ttl)} · ${left > 0 ? `expires in ${formatDuration(left)}` : `expired ${formatDuration(-left)} ago`}`;
}

/** The reading of a moment that the chosen style does not show. */
function otherReading(iso: string, now: number, style: TimeFormat): string {
  return style === 'relative' ? formatAbsolute(iso) : formatRelative(iso, now);
}

function durationText(createdAt: string, updatedAt: string, ended: boolean, now: number): string {
  const start = Date.parse(createdAt);
  if (Number.isNaN(start)) return '—';
  const end = ended ? Date.parse(updatedAt) : now;
  if (Number.isNaN(end)) return '—';
  return ended ? `ran for ${formatSpan(end - start)}` : `running for ${formatSpan(end - start)}`;
}

function TaskFacts({ entry, serverUrl, session }: { entry: TaskEntry; serverUrl: string; session: McpSession | null }) {
  const queryClient = useQueryClient();
  const now = useNow(1000);
  const timeStyle = useDisplayPrefs((p) => p.timeFormat);
  const { task } = entry;
  const status = displayStatus(entry, now);
  const result = useQuery(resultQueryOptions(queryClient, serverUrl, task.taskId, session?.client));
  const [cancelError, setCancelError] = useState<string | undefined>();
  const canCancelHere = Boolean(session?.capabilities.tasks?.cancel);
  const readOnly = isSessionFileServer(serverUrl);

  const onFetch = () => {
    void queryClient.fetchQuery(resultQueryOptions(queryClient, serverUrl, task.taskId, session?.client)).catch(() => {});
  };
  // Cancel shows at once; the server's answer then corrects it either way.
  const onCancel = async () => {
    if (!session) return;
    setCancelError(undefined);
    await cancelAndRecord(queryClient, serverUrl, session, task).catch((error: unknown) => setCancelError(messageOf(error)));
  };

  return (
    <div className="task-facts">
      {/* The actions first: they stay in view however long the facts (a long message) run. */}
      <div className="form-actions">
        {readOnly ? <span className="tag">read-only session file</span> : null}
        {readOnly ? null : (
          <button
            type="button"
            className="button primary"
            disabled={!session || !canFetchResult(status) || result.isFetching}
            onClick={onFetch}
            data-shortcut="fetch"
            aria-keyshortcuts="F"
            title={canFetchResult(status) ? undefined : 'Available once the task is completed, failed or cancelled'}
          >
            Fetch result
          </button>
        )}
        {result.isFetching ? <span className="muted">Fetching…</span> : null}
        {canCancelHere ? (
          <button
            type="button"
            className="button danger"
            disabled={!canCancel(status)}
            onClick={() => void onCancel()}
            data-shortcut="cancel"
            aria-keyshortcuts="C"
          >
            Cancel task
          </button>
        ) : null}
        {readOnly ? null : <ForgetTaskButton serverUrl={serverUrl} taskId={task.taskId} />}
        {readOnly ? null : <ReRunButton serverUrl={serverUrl} entry={entry} session={session} />}
        <CompareButton serverUrl={serverUrl} result={result.data} />
      </div>
      {cancelError ? (
        <p className="error-text" role="alert">
          Cancel failed: {cancelError}
        </p>
      ) : null}
      <dl className="facts">
        <dt>Task ID</dt>
        <dd className="mono">{task.taskId}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={status} />
          {entry.expired ? <span className="muted"> {entry.expired.reason}</span> : null}
          {status === 'expired' && !entry.expired ? <span className="muted"> TTL passed (last known: {task.status})</span> : null}
        </dd>
        <dt>Message</dt>
        <dd>{task.statusMessage === undefined ? <span className="muted">none</span> : <LongMessage text={task.statusMessage} />}</dd>
        <dt>Tool</dt>
        <dd className="mono">{entry.toolName ?? <span className="muted">unknown (not started here)</span>}</dd>
        <dt>Created</dt>
        <dd>
          <Moment iso={task.createdAt} now={now} /> <span className="muted">({otherReading(task.createdAt, now, timeStyle)})</span>
        </dd>
        <dt>Updated</dt>
        <dd>
          <Moment iso={task.lastUpdatedAt} now={now} /> <span className="muted">via {SOURCE_LABELS[entry.lastSource]}</span>
        </dd>
        <dt>Duration</dt>
        <dd>{durationText(task.createdAt, task.lastUpdatedAt, isTerminal(task.status) || status === 'expired', now)}</dd>
        <dt>TTL</dt>
        <dd>{ttlText(entry, now)}</dd>
        <dt>Poll interval</dt>
        <dd>{task.pollInterval === undefined ? <span className="muted">not given (1 s)</span> : formatDuration(task.pollInterval)}</dd>
      </dl>
      {readOnly ? null : <PollStats serverUrl={serverUrl} entry={entry} now={now} />}
      <TaskTimeline history={entry.history} now={now} />
    </div>
  );
}
