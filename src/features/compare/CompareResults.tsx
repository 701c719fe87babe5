import { useEffect, useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { heldResultIds, heldResultOf } from '../../tasks/held-results';
import { messageOf } from '../../lib/errors';
import type { FetchedResult } from '../../tasks/result';
import { compareResults } from './compare';
import type { CompareAnswer, JsonChange } from './diff';

/** Lines of a diff drawn at most (the rest is counted). */
const MAX_DRAWN_LINES = 2000;
/** Characters of one value drawn in the structural diff. */
const MAX_VALUE_CHARS = 400;

function shortJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'undefined';
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function TextDiffView({ answer }: { answer: CompareAnswer }) {
  const { ops, coarse } = answer.text;
  const changed = ops.some((op) => op.kind !== 'same');
  if (!changed) return <p className="muted">The texts are the same.</p>;
  return (
    <>
      {coarse ? <p className="warning-text">Too many differing lines for a line-by-line diff: shown as removed, then added.</p> : null}
      <pre className="compare-lines" aria-label="Text differences">
        {ops.slice(0, MAX_DRAWN_LINES).map((op, i) => (
          <span key={i} className={`compare-line ${op.kind}`}>
            {op.kind === 'added' ? '+ ' : op.kind === 'removed' ? '- ' : '  '}
            {op.text}
            {'\n'}
          </span>
        ))}
      </pre>
      {ops.length > MAX_DRAWN_LINES ? <p className="muted">{ops.length - MAX_DRAWN_LINES} more lines not drawn.</p> : null}
    </>
  );
}

function ChangeRow({ change }: { change: JsonChange }) {
  return (
    <tr className={`compare-change ${change.kind}`}>
      <td>{change.kind}</td>
      <td className="mono">{change.path}</td>
      <td className="mono">{change.kind === 'added' ? '' : shortJson(change.before)}</td>
      <td className="mono">{change.kind === 'removed' ? '' : shortJson(change.after)}</td>
    </tr>
  );
}

function JsonDiffView({ answer }: { answer: CompareAnswer }) {
  const { changes, truncated } = answer.json;
  if (changes.length === 0) return <p className="muted">The structured values are the same.</p>;
  return (
    <>
      <table className="compare-changes" aria-label="Structural differences">
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col">Path</th>
            <th scope="col">Old value</th>
            <th scope="col">New value</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <ChangeRow key={`${change.kind}${change.path}`} change={change} />
          ))}
        </tbody>
      </table>
      {truncated ? <p className="muted">Only the first changes are listed.</p> : null}
    </>
  );
}

/** The held result of `taskId` beside another held result of the same server, as a text diff and a structural diff. */
export function CompareBody({ serverUrl, base }: { serverUrl: string; base: FetchedResult }) {
  const queryClient = useQueryClient();
  // Only the tasks here: the chosen one's result is read when chosen (a kept one may be in the store only).
  const others = useMemo(
    () => heldResultIds(queryClient, serverUrl).filter((id) => id !== base.taskId),
    [queryClient, serverUrl, base.taskId],
  );
  const [otherId, setOtherId] = useState('');
  const [answered, setAnswered] = useState<{ taskId: string; answer: CompareAnswer | { error: string } } | undefined>();
  const pickId = useId();
  const answer = answered && answered.taskId === otherId ? answered.answer : undefined;
  useEffect(() => {
    if (!otherId) return;
    let current = true;
    void heldResultOf(queryClient, serverUrl, otherId)
      .then((other) => (other ? compareResults(base, other) : { error: `The result of ${otherId} is no longer held here.` }))
      .catch((error: unknown) => ({ error: `Could not read the result of ${otherId}: ${messageOf(error)}` }))
      .then((a) => {
        if (current) setAnswered({ taskId: otherId, answer: a });
      });
    return () => {
      current = false;
    };
  }, [base, otherId, queryClient, serverUrl]);
  if (others.length === 0) return <p className="muted">No other task of this server has a result here to compare with: fetch one first.</p>;
  return (
    <>
      <p>
        <label htmlFor={pickId}>Compare with </label>
        <select id={pickId} value={otherId} onChange={(e) => setOtherId(e.target.value)}>
          <option value="">Choose a task…</option>
          {others.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </p>
      {otherId && !answer ? <p className="muted">Comparing…</p> : null}
      {answer && 'error' in answer ? <p className="error-text">{answer.error}</p> : null}
      {answer && !('error' in answer) ? (
        <>
          <p className="muted small">
            <span className="mono">−</span> {base.taskId} · <span className="mono">+</span> {otherId}
          </p>
          <h3>Text</h3>
          <TextDiffView answer={answer} />
          <h3>Structured content</h3>
          <JsonDiffView answer={answer} />
        </>
      ) : null}
    </>
  );
}
