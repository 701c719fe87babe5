import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Region } from '../../components/Region';
import { StatusBadge } from '../../components/StatusBadge';
import { formatAbsolute, formatDuration, formatRelative } from '../../components/time';
import { useNow } from '../../components/use-now';
import type { McpSession } from '../../mcp/session';
import { cancelTask } from '../../tasks/api';
import { describeRequestError } from '../../mcp/errors';
import { mcpKeys } from '../../tasks/keys';
import { canCancel, canFetchResult } from '../../tasks/status';
import { applyTaskUpdate, findTask, type TaskEntry } from '../../tasks/task-cache';
import { useSelectionStore } from '../../tasks/selection-store';
import { tasksQueryOptions } from '../../tasks/queries';
import { resultQueryOptions } from './api';

const SOURCE_LABELS: Record<TaskEntry['lastSource'], string> = {
  create: 'creation reply',
  push: 'push',
  poll: 'poll (tasks/get)',
  list: 'tasks/list',
  cancel: 'cancel reply',
};

export function TaskDetails({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const selectedId = useSelectionStore((s) => s.selectedTaskId);
  const queryClient = useQueryClient();
  const { data: entries } = useQuery(tasksQueryOptions(queryClient, serverUrl, session));
  const entry = findTask(entries, selectedId);
  let body;
  if (!selectedId) body = <p className="empty">Select a task to see its details.</p>;
  else if (!entry) body = <p className="empty">Waiting for task <span className="mono">{selectedId}</span>…</p>;
  else body = <TaskFacts key={entry.task.taskId} entry={entry} serverUrl={serverUrl} session={session} />;
  return (
    <Region title="Task details" className="task-details">
      {body}
    </Region>
  );
}

function TaskFacts({ entry, serverUrl, session }: { entry: TaskEntry; serverUrl: string; session: McpSession | null }) {
  const queryClient = useQueryClient();
  const now = useNow(1000);
  const { task } = entry;
  const result = useQuery(resultQueryOptions(serverUrl, task.taskId, session?.client));
  const [cancelError, setCancelError] = useState<string | undefined>();
  const canCancelHere = Boolean(session?.capabilities.tasks?.cancel);
  const created = Date.parse(task.createdAt);
  const expiresIn = task.ttl === null || Number.isNaN(created) ? undefined : created + task.ttl - now;

  const onFetch = () => {
    void queryClient.fetchQuery(resultQueryOptions(serverUrl, task.taskId, session?.client)).catch(() => {});
  };
  const onCancel = async () => {
    if (!session) return;
    setCancelError(undefined);
    try {
      const cancelled = await cancelTask(session.client, task.taskId);
      queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl), (old) =>
        applyTaskUpdate(old ?? [], cancelled, { source: 'cancel', now: Date.now(), generation: session.generation }).entries,
      );
    } catch (error) {
      setCancelError(describeRequestError(error, 'tasks/cancel'));
    }
  };

  return (
    <div className="task-facts">
      <dl className="facts">
        <dt>Task ID</dt>
        <dd className="mono">{task.taskId}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={task.status} />
        </dd>
        <dt>Message</dt>
        <dd>{task.statusMessage ?? <span className="muted">none</span>}</dd>
        <dt>Tool</dt>
        <dd className="mono">{entry.toolName ?? <span className="muted">unknown (not started here)</span>}</dd>
        <dt>Created</dt>
        <dd title={task.createdAt}>
          {formatAbsolute(task.createdAt)} <span className="muted">({formatRelative(task.createdAt, now)})</span>
        </dd>
        <dt>Updated</dt>
        <dd title={task.lastUpdatedAt}>
          {formatAbsolute(task.lastUpdatedAt)} <span className="muted">via {SOURCE_LABELS[entry.lastSource]}</span>
        </dd>
        <dt>TTL</dt>
        <dd>
          {task.ttl === null
            ? 'no expiry'
            : `${formatDuration(task.ttl)}${expiresIn === undefined ? '' : expiresIn > 0 ? ` (expires in ${formatDuration(expiresIn)})` : ' (past its TTL)'}`}
        </dd>
        <dt>Poll interval</dt>
        <dd>{task.pollInterval === undefined ? <span className="muted">not given (1 s)</span> : formatDuration(task.pollInterval)}</dd>
      </dl>
      <div className="form-actions">
        <button
          type="button"
          className="button primary"
          disabled={!session || !canFetchResult(task.status) || result.isFetching}
          onClick={onFetch}
          title={canFetchResult(task.status) ? undefined : 'Available once the task is completed, failed or cancelled'}
        >
          Fetch result
        </button>
        {result.isFetching ? <span className="muted">Fetching…</span> : null}
        {canCancelHere ? (
          <button type="button" className="button danger" disabled={!canCancel(task.status)} onClick={() => void onCancel()}>
            Cancel task
          </button>
        ) : null}
      </div>
      {cancelError ? <p className="error-text" role="alert">Cancel failed: {cancelError}</p> : null}
    </div>
  );
}
