import { useQueryClient } from '@tanstack/react-query';
import { memo, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { McpSession } from '../../mcp/session';
import { getTask } from '../../tasks/api';
import { registryStatus } from '../../tasks/registry-store';
import { watchStatus, watchTask } from '../../tasks/watch-task';

/**
 * Task ID + Watch task: adds a task the page does not list (started by another client, or on a server without
 * tasks/list) by asking the server for it. Also where a failed watch (or deep-linked task) and a registry that
 * cannot store are reported. Memoised: the list above it re-renders at every write of the list, this form only for
 * its own state.
 */
export const WatchTaskForm = memo(function WatchTaskForm({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const queryClient = useQueryClient();
  const [taskId, setTaskId] = useState('');
  const watched = useStore(watchStatus, (s) => (s.serverUrl === serverUrl ? s : undefined));
  const registryError = useStore(registryStatus, (s) => s.error);
  const canWatch = Boolean(session?.capabilities.tasks);
  const pending = watched?.state === 'pending';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!session || !canWatch || !taskId.trim()) return;
    const { client, generation } = session;
    void watchTask(queryClient, { serverUrl: session.serverUrl, generation, getTask: (id) => getTask(client, id) }, taskId).then((task) => {
      if (task) setTaskId('');
    });
  };

  return (
    <>
      <form className="watch-task" onSubmit={onSubmit}>
        <label className="field grow">
          <span>Task ID</span>
          <input
            type="text"
            className="mono"
            value={taskId}
            spellCheck={false}
            autoComplete="off"
            placeholder="the id of a task on this server"
            onChange={(e) => setTaskId(e.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button small"
          disabled={!canWatch || !taskId.trim() || pending}
          title={canWatch ? 'Ask the server for this task, list it and keep watching it' : 'Connect to a server with tasks first'}
        >
          Watch task
        </button>
        {pending ? (
          <span className="muted small" role="status">
            Asking the server for task <span className="mono">{watched.taskId}</span>…
          </span>
        ) : null}
      </form>
      {watched?.state === 'failed' ? (
        <p className="error-text" role="alert">
          Could not watch task <span className="mono">{watched.taskId}</span>: {watched.message}
        </p>
      ) : null}
      {registryError ? (
        <p className="error-text" role="alert">
          Tasks started or watched here may not be listed after a reload: {registryError}
        </p>
      ) : null}
    </>
  );
});
