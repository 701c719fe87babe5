import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/errors';
import { keptQueryOptions } from '../../tasks/kept-query';
import { forgetTask } from '../../tasks/registry-query';

/**
 * Forget task: this browser stops remembering the task and takes it out of the list. A task whose result is kept
 * here asks first, and its kept result goes with it (a kept result would otherwise list the task again after a
 * reload). A server that lists its tasks lists it again at its next listing: forgetting is this browser's, not the
 * server's.
 */
export function ForgetTaskButton({ serverUrl, taskId }: { serverUrl: string; taskId: string }) {
  const queryClient = useQueryClient();
  const kept = useQuery(keptQueryOptions(queryClient, serverUrl));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const isKept = kept.data?.includes(taskId) ?? false;

  const onForget = () => {
    if (isKept && !window.confirm(`Forget task ${taskId}? Its result kept in this browser is deleted too.`)) return;
    setError(undefined);
    setBusy(true);
    forgetTask(queryClient, serverUrl, taskId, { withKeptResult: isKept })
      .catch((e: unknown) => setError(messageOf(e)))
      .finally(() => setBusy(false));
  };

  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={onForget}
        title={
          isKept
            ? 'Stop remembering this task in this browser, and delete its kept result'
            : 'Stop remembering this task in this browser and take it out of the list'
        }
      >
        Forget task
      </button>
      {error ? (
        <p className="error-text" role="alert">
          Could not forget the task: {error}
        </p>
      ) : null}
    </>
  );
}
