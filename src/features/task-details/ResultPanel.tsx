import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Region } from '../../components/Region';
import type { McpSession } from '../../mcp/session';
import { describeRequestError } from '../../mcp/errors';
import { useSelectionStore } from '../../tasks/selection-store';
import { ResultViewer } from '../result-viewer';
import { resultQueryOptions } from './api';

export function ResultPanel({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const selectedId = useSelectionStore((s) => s.selectedTaskId);
  return (
    <Region title="Result" className="result-panel">
      {selectedId ? (
        <SelectedResult key={selectedId} serverUrl={serverUrl} session={session} taskId={selectedId} />
      ) : (
        <p className="empty">Select a task, then fetch its result once it has finished.</p>
      )}
    </Region>
  );
}

function SelectedResult({ serverUrl, session, taskId }: { serverUrl: string; session: McpSession | null; taskId: string }) {
  const queryClient = useQueryClient();
  const result = useQuery(resultQueryOptions(queryClient, serverUrl, taskId, session?.client));
  if (result.data) return <ResultViewer result={result.data} />;
  if (result.isFetching) return <p className="empty">Fetching the result…</p>;
  if (result.isError) return <p className="error-text" role="alert">Could not fetch the result: {describeRequestError(result.error, 'tasks/result')}</p>;
  return <p className="empty">Not fetched yet. Fetch result becomes available once the task is terminal.</p>;
}
