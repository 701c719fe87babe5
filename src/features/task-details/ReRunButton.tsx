import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { McpSession } from '../../mcp/session';
import { startArgumentsQueryOptions } from '../../tasks/rerun';
import type { TaskEntry } from '../../tasks/task-cache';
import { prefillRun } from '../run-tool';

/**
 * Re-run: Run tool filled in with the task's tool and the arguments it was started with, to edit and run again.
 * Only for tasks this browser started (their arguments are in the task registry); otherwise disabled, saying why.
 */
export function ReRunButton({ serverUrl, entry, session }: { serverUrl: string; entry: TaskEntry; session: McpSession | null }) {
  const { taskId } = entry.task;
  const start = useQuery(startArgumentsQueryOptions(serverUrl, taskId));
  const reasonId = useId();
  let reason: string | undefined;
  if (start.isPending) reason = 'Looking up the arguments it was started with…';
  else if (start.isError) reason = `Its arguments could not be read: ${start.error.message}`;
  else if (start.data.kind === 'unknown')
    reason = entry.toolName
      ? 'Its arguments are unknown: it was started before this browser kept them.'
      : 'Its tool and arguments are unknown: it was not started from this browser.';
  else if (start.data.kind === 'too-large') reason = 'Its arguments were too large to keep, so it cannot be re-run.';
  else if (!session) reason = 'Connect to the server to run it again.';
  const known = start.data?.kind === 'known' ? start.data : undefined;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={reason !== undefined || !known}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => {
          if (known) prefillRun(serverUrl, known.toolName, known.arguments, taskId);
        }}
        title="Open Run tool with this task's tool and arguments, to edit and run again"
      >
        Re-run
      </button>
      {reason ? (
        <span id={reasonId} className="muted rerun-reason">
          {reason}
        </span>
      ) : null}
    </>
  );
}
