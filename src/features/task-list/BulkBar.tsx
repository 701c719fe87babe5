import { useQueryClient } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { McpSession } from '../../mcp/session';
import { bulkPlan, cancelTicked, describeOutcome, forgetTicked, refetchTicked, tickedEntries, type BulkOutcome } from '../../tasks/bulk';
import { bulkSelection, checkedFor } from '../../tasks/bulk-selection';
import type { TaskEntry } from '../../tasks/task-cache';
import './bulk-bar.css';

/** Failures listed by task at most; the rest are counted. */
const MAX_FAILURES_SHOWN = 5;

type Action = 'cancel' | 'refetch' | 'forget';

interface Report {
  action: Action;
  outcome: BulkOutcome;
}

export interface BulkBarProps {
  serverUrl: string;
  session: McpSession | null;
  entries: readonly TaskEntry[];
  keptIds: ReadonlySet<string>;
  now: number;
}

/**
 * The bar over the list while tasks are ticked: how many, and what can be done to them at once. Memoised: the list
 * passes it the tasks (and the time) only while some are ticked, so it is not drawn at every write of the list.
 */
export const BulkBar = memo(function BulkBar({ serverUrl, session, entries, keptIds, now }: BulkBarProps) {
  const queryClient = useQueryClient();
  const checked = useStore(bulkSelection, (s) => checkedFor(s, serverUrl));
  const ticked = useMemo(() => tickedEntries(entries, checked), [entries, checked]);
  const [busy, setBusy] = useState<Action | undefined>();
  const [report, setReport] = useState<Report | undefined>();
  if (ticked.length === 0 && !report) return null;
  const { cancellable, fetchable } = bulkPlan(ticked, now);
  const canCancelHere = Boolean(session?.capabilities.tasks?.cancel);

  const run = (action: Action, work: () => Promise<BulkOutcome>) => {
    setBusy(action);
    setReport(undefined);
    work()
      .then((outcome) => {
        setReport({ action, outcome });
        if (action === 'forget') bulkSelection.getState().tasksUnchecked(serverUrl, outcome.done);
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        setReport({ action, outcome: { attempted: ticked.length, done: [], failed: [{ taskId: '—', reason }], skipped: [] } });
      })
      .finally(() => setBusy(undefined));
  };
  const onCancel = () => {
    if (session) run('cancel', () => cancelTicked(queryClient, serverUrl, session, ticked));
  };
  const onRefetch = () => {
    if (session) run('refetch', () => refetchTicked(queryClient, serverUrl, session.client, ticked));
  };
  const onForget = () => {
    const kept = ticked.filter((e) => keptIds.has(e.task.taskId)).length;
    const question = `Forget ${ticked.length} task${ticked.length === 1 ? '' : 's'}? ${kept} of them ha${kept === 1 ? 's its result' : 've results'} kept in this browser, deleted too.`;
    if (kept > 0 && !window.confirm(question)) return;
    run('forget', () => forgetTicked(queryClient, serverUrl, ticked, keptIds));
  };

  return (
    <div className="bulk-bar" role="group" aria-label="Selected tasks">
      {ticked.length > 0 ? (
        <>
          <span className="bulk-count">
            <strong>{ticked.length} selected</strong>
            <span className="muted">
              {' '}
              · {cancellable.length} running · {fetchable.length} ended
            </span>
          </span>
          {canCancelHere ? (
            <button
              type="button"
              className="button small danger"
              disabled={!session || busy !== undefined || cancellable.length === 0}
              onClick={onCancel}
              title={`Cancels the ${cancellable.length} selected still running; the others are left as they are`}
            >
              {busy === 'cancel' ? 'Cancelling…' : 'Cancel selected'}
            </button>
          ) : null}
          <button
            type="button"
            className="button small"
            disabled={!session || busy !== undefined || fetchable.length === 0}
            onClick={onRefetch}
            title={`Fetches the results of the ${fetchable.length} selected that ended again from the server`}
          >
            {busy === 'refetch' ? 'Fetching…' : 'Re-fetch selected'}
          </button>
          <button
            type="button"
            className="button small"
            disabled={busy !== undefined}
            onClick={onForget}
            title="This browser stops remembering the selected tasks and takes them out of the list"
          >
            {busy === 'forget' ? 'Forgetting…' : 'Forget selected'}
          </button>
          <button type="button" className="button small" onClick={() => bulkSelection.getState().checksCleared()}>
            Clear selection
          </button>
        </>
      ) : null}
      <BulkReport report={report} onDismiss={() => setReport(undefined)} />
    </div>
  );
});

function BulkReport({ report, onDismiss }: { report: Report | undefined; onDismiss: () => void }) {
  if (!report) return <p role="status" className="bulk-report" />;
  const { failed } = report.outcome;
  return (
    <div className="bulk-report">
      <p role="status" className={failed.length > 0 ? 'error-text' : undefined}>
        {describeOutcome(report.action, report.outcome)}{' '}
        <button type="button" className="button small ghost" onClick={onDismiss}>
          Dismiss
        </button>
      </p>
      {failed.length > 0 ? (
        <ul className="bulk-failures">
          {failed.slice(0, MAX_FAILURES_SHOWN).map((f) => (
            <li key={f.taskId}>
              <span className="mono">{f.taskId}</span>: {f.reason}
            </li>
          ))}
          {failed.length > MAX_FAILURES_SHOWN ? <li>and {failed.length - MAX_FAILURES_SHOWN} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
