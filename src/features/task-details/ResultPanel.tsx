import { useStore } from 'zustand';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Region } from '../../components/Region';
import { describeRequestError } from '../../mcp/errors';
import type { McpSession } from '../../mcp/session';
import { forgetAllKept, forgetKept, keptQueryOptions, keptUsageQueryOptions } from '../../tasks/kept-query';
import { keptQuota } from '../../tasks/result-store';
import { formatBytes } from '../../lib/time';
import { prefsStore } from '../../tasks/prefs-store';
import { tasksQueryOptions } from '../../tasks/queries';
import { selectionStore } from '../../tasks/selection-store';
import { findTask } from '../../tasks/task-cache';
import { toolsQueryOptions } from '../../tasks/tools-query';
import { ResultViewer } from '../result-viewer';
import { resultQueryOptions } from '../../tasks/result-query';
import { readBackResult } from '../../tasks/held-results';
import { messageOf } from '../../lib/errors';

function ResultActions({ serverUrl, onError }: { serverUrl: string; onError: (message: string) => void }) {
  const queryClient = useQueryClient();
  const autoFetch = useStore(prefsStore, (s) => s.autoFetch);
  const autoFetchToggled = useStore(prefsStore, (s) => s.autoFetchToggled);
  const kept = useQuery(keptQueryOptions(queryClient, serverUrl));
  const usage = useQuery(keptUsageQueryOptions());
  return (
    <>
      {usage.data ? (
        <span
          className="muted small"
          title="Results kept in this browser for every server; past the limit, the ones used longest ago are deleted"
        >
          {usage.data.count} kept, {formatBytes(usage.data.bytes)} of {formatBytes(keptQuota())}
        </span>
      ) : null}
      <label className="field checkbox small">
        <input type="checkbox" checked={autoFetch} onChange={(e) => autoFetchToggled(e.target.checked)} />
        <span title="Fetch and keep each result as soon as its task ends">Auto-fetch</span>
      </label>
      <button
        type="button"
        className="button small"
        disabled={!kept.data?.length}
        onClick={() => {
          if (window.confirm('Delete every result kept in this browser, for all servers?')) {
            forgetAllKept(queryClient).catch((error: unknown) => onError(messageOf(error)));
          }
        }}
      >
        Delete all kept
      </button>
    </>
  );
}

export function ResultPanel({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const selectedId = useStore(selectionStore, (s) => s.selectedTaskId);
  const [error, setError] = useState<string | undefined>();
  return (
    <Region title="Result" className="result-panel" id="result-region" actions={<ResultActions serverUrl={serverUrl} onError={setError} />}>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {selectedId ? (
        <SelectedResult key={selectedId} serverUrl={serverUrl} session={session} taskId={selectedId} onError={setError} />
      ) : (
        <p className="empty">Select a task, then fetch its result once it has finished.</p>
      )}
    </Region>
  );
}

function SelectedResult({
  serverUrl,
  session,
  taskId,
  onError,
}: {
  serverUrl: string;
  session: McpSession | null;
  taskId: string;
  onError: (m: string) => void;
}) {
  const queryClient = useQueryClient();
  const result = useQuery(resultQueryOptions(queryClient, serverUrl, taskId, session?.client));
  const kept = useQuery(keptQueryOptions(queryClient, serverUrl));
  // Only the tool's name: pushes to other tasks do not re-render the result.
  const { data: toolName } = useQuery({
    ...tasksQueryOptions(queryClient, serverUrl, session),
    select: (entries) => findTask(entries, taskId)?.toolName,
  });
  const tools = useQuery(toolsQueryOptions(serverUrl, session?.client, Boolean(session?.capabilities.tools)));
  const outputSchema = tools.data?.find((t) => t.name === toolName)?.outputSchema;
  const isKept = kept.data?.includes(taskId) ?? false;
  // A kept result not in memory (kept in an earlier page, or let go since: result-residency.ts) is read back.
  const readBack = isKept && !result.data && !result.isFetching;
  const [unread, setUnread] = useState<{ taskId: string; error?: string }>();
  const unreadHere = unread?.taskId === taskId ? unread : undefined;
  useEffect(() => {
    if (!readBack) return;
    readBackResult(queryClient, serverUrl, taskId).then(
      (held) => {
        if (!held) setUnread({ taskId });
      },
      (error: unknown) => setUnread({ taskId, error: messageOf(error) }),
    );
  }, [readBack, queryClient, serverUrl, taskId]);
  if (result.data) {
    return (
      <ResultViewer
        // Its state (shown or not, being read) is this result's: a result fetched again starts over.
        key={result.data.fetchedAt}
        result={result.data}
        outputSchema={outputSchema}
        {...(isKept && {
          onForget: () => {
            forgetKept(queryClient, serverUrl, taskId).catch((error: unknown) => onError(messageOf(error)));
          },
        })}
      />
    );
  }
  if (result.isFetching) return <p className="empty">Fetching the result…</p>;
  if (result.isError)
    return (
      <p className="error-text" role="alert">
        Could not fetch the result: {describeRequestError(result.error, 'tasks/result')}
      </p>
    );
  if (kept.isError) return <p className="error-text">Kept results are unavailable: {kept.error.message}</p>;
  if (unreadHere?.error) return <p className="error-text">Could not read the kept result: {unreadHere.error}</p>;
  if (readBack && !unreadHere) return <p className="empty">Reading the kept result…</p>;
  return <p className="empty">Not fetched yet. Fetch result becomes available once the task is terminal.</p>;
}
