import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { clip } from '../../lib/clip';
import { LongMessage } from '../../components/LongMessage';
import type { FormEvent } from 'react';
import { useStore } from 'zustand';
import { Region } from '../../components/Region';
import { SchemaFields, useSchemaAnswers } from '../../components/SchemaFields';
import { elicitationStore, MAX_PENDING_PER_SERVER, type PendingElicitation } from '../../mcp/elicitation-store';
import { behaviourStore } from '../../tasks/behaviour-store';
import { selectionStore } from '../../tasks/selection-store';

/**
 * The server's input requests (`elicitation/create`) for the selected task, or ones tied to no task at all.
 * Shown only when there is something to answer, or the selected task waits for input.
 */
export function InputRequestPanel({ serverUrl, selectedStatus }: { serverUrl: string; selectedStatus: string | undefined }) {
  const selected = useStore(selectionStore, (s) => s.selectedTaskId);
  const pending = useStore(elicitationStore, (s) => s.pending);
  const early = useStore(behaviourStore, (s) => s.byServer[serverUrl]?.earlyResult);
  const overflow = useStore(elicitationStore, (s) => s.overflow[serverUrl] ?? 0);
  const mine = pending.filter((p) => p.serverUrl === serverUrl && (p.taskId === undefined || p.taskId === selected));
  const others = pending.filter((p) => p.serverUrl === serverUrl && p.taskId !== undefined && p.taskId !== selected).length;
  if (mine.length === 0 && selectedStatus !== 'input_required' && others === 0) return null;
  return (
    <Region title="Input required" className="input-request" id="input-required">
      {mine.map((request) => (
        <ElicitationForm key={request.key} request={request} />
      ))}
      {mine.length === 0 && selectedStatus === 'input_required' ? (
        early?.outcome === 'refused' ? (
          <p className="muted">
            The task waits for input, but this server refused <span className="mono">tasks/result</span> before a terminal status
            {early.message ? <> (“{clip(early.message, 500)}”)</> : null}, so its request cannot be received here. Still polling its status.
          </p>
        ) : (
          <p className="muted">The task waits for input; listening for the server’s request on tasks/result…</p>
        )
      ) : null}
      {others > 0 ? (
        <p className="muted">
          {others} more request{others > 1 ? 's' : ''} waiting on other tasks.
        </p>
      ) : null}
      {overflow > 0 ? (
        <p className="warning-text small" role="note">
          {overflow} older request{overflow > 1 ? 's were' : ' was'} answered “cancel”: this server had more than {MAX_PENDING_PER_SERVER}{' '}
          waiting at once.
        </p>
      ) : null}
    </Region>
  );
}

function ElicitationForm({ request }: { request: PendingElicitation }) {
  const answered = useStore(elicitationStore, (s) => s.elicitationAnswered);
  const answers = useSchemaAnswers(request.requestedSchema);
  const respond = (result: ElicitResult) => answered(request.key, result);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const built = answers.submit();
    if (built.ok) respond({ action: 'accept', content: built.args as ElicitResult['content'] });
  };
  return (
    <form className="elicitation" noValidate onSubmit={onSubmit}>
      <p className="elicitation-message">
        <LongMessage text={request.message} />
      </p>
      {request.taskId === undefined ? <p className="warning-text">This request names no task (no related-task _meta).</p> : null}
      <SchemaFields answers={answers} />
      <div className="form-actions">
        <button type="submit" className="button primary">
          Submit
        </button>
        <button type="button" className="button" onClick={() => respond({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" className="button" onClick={() => respond({ action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
