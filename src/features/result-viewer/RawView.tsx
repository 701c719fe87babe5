import { resultFileName } from '../../lib/download-name';
import { copyText } from '../../lib/clipboard';
import { useState } from 'react';
import { formatBytes } from '../../lib/time';
import type { FetchedResult } from '../../tasks/result';
import { useFormattedJson } from './use-formatted-json';
import { messageOf } from '../../lib/errors';
import { ChunkedText } from './ChunkedText';

const RAW_PREVIEW = 500_000;

/** The exact JSON, formatted off the main thread when large, with copy and download of the whole text. */
export function RawView({ result }: { result: FetchedResult }) {
  const formatted = useFormattedJson(result, result.size, true);
  const [copied, setCopied] = useState<string | undefined>();
  const text = formatted.text;
  const download = () => {
    if (text === undefined) return;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = resultFileName(result.taskId);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const copy = () => {
    if (text === undefined) return;
    copyText(text).then(
      () => setCopied('Copied'),
      (error: unknown) => setCopied(`Copy failed: ${messageOf(error)}`),
    );
  };
  return (
    <div className="raw-view">
      <div className="form-actions">
        <button type="button" className="button small" onClick={copy} disabled={text === undefined}>
          Copy JSON
        </button>
        <button type="button" className="button small" onClick={download} disabled={text === undefined}>
          Download JSON
        </button>
        {copied ? <span className="muted small">{copied}</span> : null}
      </div>
      {formatted.pending ? <p className="muted">Formatting {formatBytes(result.size)} in the background…</p> : null}
      {formatted.error ? <p className="error-text">Could not format: {formatted.error}</p> : null}
      {text !== undefined ? (
        <>
          <ChunkedText className="raw-json mono" text={text.length > RAW_PREVIEW ? text.slice(0, RAW_PREVIEW) : text} />
          {text.length > RAW_PREVIEW ? (
            <p className="muted small">
              Showing the first {formatBytes(RAW_PREVIEW)} of {formatBytes(text.length)}; download for the rest.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
