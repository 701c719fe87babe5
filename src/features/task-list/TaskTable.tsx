import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { Region } from '../../components/Region';
import { StatusBadge } from '../../components/StatusBadge';
import { formatAbsolute, formatRelative } from '../../components/time';
import { useNow } from '../../components/use-now';
import type { McpSession } from '../../mcp/session';
import { useSelectionStore } from '../../tasks/selection-store';
import { isFromEarlierSession, type TaskEntry } from '../../tasks/task-cache';
import { useConnectionStore } from '../../mcp/connection-store';
import { describeRequestError } from '../../mcp/errors';
import { tasksQueryOptions } from '../../tasks/queries';

export function TaskTable({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const queryClient = useQueryClient();
  const tasks = useQuery(tasksQueryOptions(queryClient, serverUrl, session));
  const entries = tasks.data ?? [];
  const refresh = session?.capabilities.tasks?.list ? (
    <button type="button" className="button small" onClick={() => void tasks.refetch()} disabled={tasks.isFetching}>
      {tasks.isFetching ? 'Refreshing…' : 'Refresh'}
    </button>
  ) : null;
  return (
    <Region title="Task list" actions={refresh} className="task-list">
      {tasks.isError ? <p className="error-text">Could not list tasks: {describeRequestError(tasks.error, 'tasks/list')}</p> : null}
      {session?.capabilities.tasks && !session.capabilities.tasks.list ? (
        <p className="muted">This server does not list tasks: only tasks started from this page are shown.</p>
      ) : null}
      <TaskRows entries={entries} />
      {entries.length === 0 ? (
        <p className="empty">{session ? 'No tasks yet. Run a tool as a task to see it here.' : 'Not connected.'}</p>
      ) : null}
    </Region>
  );
}

function TaskRows({ entries }: { entries: readonly TaskEntry[] }) {
  const selected = useSelectionStore((s) => s.selectedTaskId);
  const taskSelected = useSelectionStore((s) => s.taskSelected);
  const generation = useConnectionStore((s) => s.generation);
  const now = useNow(5000);
  const onKey = (event: KeyboardEvent, taskId: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      taskSelected(taskId);
    }
  };
  return (
    <div className="table-scroll">
      <table aria-label="Tasks" aria-rowcount={entries.length} className="tasks-table">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Task ID</th>
            <th scope="col">Tool</th>
            <th scope="col">Message</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const { task } = entry;
            return (
              <tr
                key={task.taskId}
                data-task-id={task.taskId}
                data-status={task.status}
                aria-selected={task.taskId === selected}
                tabIndex={0}
                onClick={() => taskSelected(task.taskId)}
                onKeyDown={(e) => onKey(e, task.taskId)}
              >
                <td>
                  <StatusBadge status={task.status} />
                </td>
                <td className="mono task-id">
                  {task.taskId}
                  {isFromEarlierSession(entry, generation) ? (
                    <span className="tag" title="Known from an earlier connection; the current session has not confirmed it">
                      earlier session
                    </span>
                  ) : null}
                </td>
                <td className="mono">{entry.toolName ?? '—'}</td>
                <td className="message">{task.statusMessage ?? ''}</td>
                <td title={formatAbsolute(task.lastUpdatedAt)}>{formatRelative(task.lastUpdatedAt, now)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
