import { useState } from 'react';
import { formatBytes } from '../../lib/time';
import { prepareForView, resultSummary, type FetchedResult, type ResultSummary } from '../../tasks/result';
import { OutlineView } from './OutlineView';
import { ParsedView } from './ParsedView';
import { RawView } from './RawView';
import { messageOf } from '../../lib/errors';

/** Above this size nothing is rendered until asked. */
const LARGE_RESULT = 1_000_000;

/** From the summary, not `parsed`: a large text-backed result is parsed only once asked to show it. */
function envelopeName(p: ResultSummary): string {
  if (p.kind === 'invalid') return 'unrecognised';
  const kind = {
    'call-tool': 'CallToolResult',
    'read-resource': 'ReadResourceResult',
    elicit: 'ElicitResult',
    'create-message': 'CreateMessageResult',
    'no-result': 'no result',
  }[p.kind];
  return p.envelope === 'seed' ? `${kind} in a {taskId, status, result} envelope` : kind;
}

interface ResultViewerProps {
  result: FetchedResult;
  outputSchema?: unknown;
  onForget?: () => void;
}

/** A fetched result: its size and shape first, then the typed view or the exact JSON. */
export function ResultViewer({ result, outputSchema, onForget }: ResultViewerProps) {
  const large = result.size > LARGE_RESULT;
  const summary = resultSummary(result);
  const outline = 'outline' in summary ? summary.outline : undefined;
  const [tab, setTab] = useState<'view' | 'raw'>('view');
  const [revealed, setRevealed] = useState(!large);
  // Show content: the text is parsed in slices first (the page keeps answering), then drawn.
  const [preparing, setPreparing] = useState<'no' | 'parsing' | { error: string }>('no');
  const [progress, setProgress] = useState(0);
  const reveal = () => {
    setPreparing('parsing');
    prepareForView(result, setProgress).then(
      () => {
        setPreparing('no');
        setRevealed(true);
      },
      (error: unknown) => setPreparing({ error: messageOf(error) }),
    );
  };
  return (
    <div className="result-viewer">
      <div className="result-meta muted">
        <strong>{formatBytes(result.size)}</strong> · {envelopeName(summary)} · {result.fromStore ? 'kept locally, fetched' : 'fetched'}{' '}
        {new Date(result.fetchedAt).toLocaleString()}
        {result.keeping ? ' · keeping a local copy…' : null}
        {onForget ? (
          <button type="button" className="link-button" onClick={onForget}>
            Delete kept copy
          </button>
        ) : null}
      </div>
      {result.keepError ? (
        <p className="warning-text" role="alert">
          Not kept locally: {result.keepError}
        </p>
      ) : null}
      <div className="tabs" role="group" aria-label="Result view">
        <button type="button" className="tab" aria-pressed={tab === 'view'} onClick={() => setTab('view')}>
          Viewer
        </button>
        <button type="button" className="tab" aria-pressed={tab === 'raw'} onClick={() => setTab('raw')}>
          Raw
        </button>
      </div>
      {tab === 'raw' ? (
        <RawView result={result} />
      ) : revealed ? (
        <ParsedView result={result} outputSchema={outputSchema} />
      ) : (
        <div className="large-notice">
          <p>
            This result is <strong>{formatBytes(result.size)}</strong>: it is not rendered until you ask, so the page stays responsive.
          </p>
          {outline ? <OutlineView outline={outline} /> : null}
          <button type="button" className="button" onClick={reveal} disabled={preparing === 'parsing'}>
            Show content
          </button>
          {preparing === 'parsing' ? (
            <span className="muted small" role="status">
              {' '}
              Reading it… {Math.round(progress * 100)} %
            </span>
          ) : null}
          {typeof preparing === 'object' ? (
            <p className="error-text" role="alert">
              Could not read this result: {preparing.error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
