import { useState } from 'react';
import { formatBytes } from '../../components/time';
import type { FetchedResult } from '../../tasks/result';
import { ContentBlockView } from './ContentBlockView';

function RawJson({ value }: { value: unknown }) {
  return <pre className="raw-json mono">{JSON.stringify(value, null, 2)}</pre>;
}

function ParsedView({ result }: { result: FetchedResult }) {
  const parsed = result.parsed;
  switch (parsed.kind) {
    case 'no-result':
      return <p className="empty">The task ended {parsed.status} and the server returned no result.</p>;
    case 'invalid':
      return (
        <div>
          <p className="error-text">This result does not validate: {parsed.error}</p>
          <RawJson value={result.raw} />
        </div>
      );
    case 'call-tool': {
      const value = parsed.value;
      return (
        <div className="call-tool-result">
          {value.isError ? (
            <p className="failure-banner" role="alert">
              The tool reported an error (isError).
            </p>
          ) : null}
          {value.content.length === 0 ? <p className="muted">No content blocks.</p> : null}
          <ol className="content-blocks">
            {value.content.map((block, i) => (
              <li key={i} className={`content-block block-${block.type}`}>
                <ContentBlockView block={block} />
              </li>
            ))}
          </ol>
          {value.structuredContent !== undefined ? (
            <div>
              <h3>Structured content</h3>
              <RawJson value={value.structuredContent} />
            </div>
          ) : null}
        </div>
      );
    }
    default: {
      const unknown: never = parsed;
      return <RawJson value={unknown} />;
    }
  }
}

/** A fetched result: its size and envelope first, then the typed view or the exact JSON. */
export function ResultViewer({ result }: { result: FetchedResult }) {
  const [tab, setTab] = useState<'view' | 'raw'>('view');
  const envelope = result.parsed.kind === 'invalid' ? 'unrecognised' : result.parsed.envelope === 'seed' ? '{taskId, status, result} envelope' : 'CallToolResult';
  return (
    <div className="result-viewer">
      <div className="result-meta muted">
        {formatBytes(result.size)} · {envelope} · fetched {new Date(result.fetchedAt).toLocaleTimeString()}
      </div>
      <div className="tabs" role="group" aria-label="Result view">
        <button type="button" className="tab" aria-pressed={tab === 'view'} onClick={() => setTab('view')}>
          Viewer
        </button>
        <button type="button" className="tab" aria-pressed={tab === 'raw'} onClick={() => setTab('raw')}>
          Raw
        </button>
      </div>
      {tab === 'view' ? <ParsedView result={result} /> : <RawJson value={result.raw} />}
    </div>
  );
}
