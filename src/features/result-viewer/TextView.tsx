import { lazy, Suspense, useMemo, useState } from 'react';
import { textKind, type TextKind } from '../../lib/text-kind';
import { JsonTree } from './JsonTree';
import { previewEnd } from './text-preview';
import { ChunkedText } from './ChunkedText';

const MarkdownView = lazy(() => import('./MarkdownView'));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Text from a server: plain, JSON (as a tree) or markdown (rendered, sanitised), detected or chosen by MIME type,
 * switchable. Long text shows its first 100 K characters until asked for more.
 */
export function TextView({ text, mimeType }: { text: string; mimeType?: string | undefined }) {
  const detected = useMemo<TextKind>(() => {
    if (mimeType === 'application/json' || mimeType?.endsWith('+json')) return 'json';
    if (mimeType === 'text/markdown') return 'markdown';
    return text.length > 2_000_000 ? 'plain' : textKind(text);
  }, [text, mimeType]);
  const [mode, setMode] = useState<TextKind>(detected);
  const [full, setFull] = useState(false);
  const json = useMemo(() => (mode === 'json' ? parseJson(text) : undefined), [mode, text]);
  const end = useMemo(() => previewEnd(text), [text]);
  const options: TextKind[] = detected === 'plain' ? [] : [detected, 'plain'];
  return (
    <div className="text-view">
      {options.length ? (
        <div className="tabs small" role="group" aria-label="Show text as">
          {options.map((o) => (
            <button key={o} type="button" className="tab" aria-pressed={mode === o} onClick={() => setMode(o)}>
              {o === 'json' ? 'JSON tree' : o === 'markdown' ? 'Rendered markdown' : 'Plain text'}
            </button>
          ))}
        </div>
      ) : null}
      {mode === 'json' && json !== undefined ? (
        <JsonTree value={json} label="json" />
      ) : mode === 'markdown' ? (
        <Suspense fallback={<pre className="text-block">{text.slice(0, 2000)}</pre>}>
          <MarkdownView text={text} />
        </Suspense>
      ) : (
        <>
          <ChunkedText className="text-block" text={full ? text : text.slice(0, end)} />
          {!full && text.length > end ? (
            <button type="button" className="button small" onClick={() => setFull(true)}>
              Show all {text.length.toLocaleString()} characters
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
