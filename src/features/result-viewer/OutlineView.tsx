import type { ResultOutline } from '../../mcp/result-outline';

/** A length in characters (base64 characters for data), briefly. */
function formatChars(n: number): string {
  if (n < 10_000) return `${n.toLocaleString('en')} characters`;
  if (n < 10_000_000) return `${(n / 1000).toFixed(0)} K characters`;
  return `${(n / 1e6).toFixed(1)} M characters`;
}

/** What a held-back result holds: its blocks (with the start of each text) and structuredContent's members. */
export function OutlineView({ outline }: { outline: ResultOutline }) {
  const more = outline.blockCount - outline.blocks.length;
  const moreMembers = (outline.structuredCount ?? 0) - (outline.structured?.length ?? 0);
  return (
    <div className="result-outline" aria-label="What this result holds">
      {outline.isError ? (
        <p className="failure-banner" role="alert">
          ✕ The tool reported an error (isError).
        </p>
      ) : null}
      <p className="small">
        {outline.blockCount.toLocaleString('en')} content block{outline.blockCount === 1 ? '' : 's'}
        {outline.structured
          ? ` · structuredContent with ${(outline.structuredCount ?? 0).toLocaleString('en')} member${outline.structuredCount === 1 ? '' : 's'}`
          : ''}
      </p>
      {outline.blocks.length ? (
        <ol className="outline-blocks small">
          {outline.blocks.map((block, i) => (
            <li key={i}>
              <span className="mono">{block.type}</span>
              {block.mimeType ? <span className="muted"> · {block.mimeType}</span> : null}
              {block.chars !== undefined ? <span className="muted"> · {formatChars(block.chars)}</span> : null}
              {block.excerpt !== undefined ? (
                <pre className="text-block outline-excerpt">
                  {block.excerpt}
                  {block.chars !== undefined && block.chars > block.excerpt.length ? '…' : ''}
                </pre>
              ) : null}
            </li>
          ))}
          {more > 0 ? <li className="muted">and {more.toLocaleString('en')} more</li> : null}
        </ol>
      ) : null}
      {outline.structured?.length ? (
        <dl className="outline-members small mono">
          {outline.structured.map((m) => (
            <div key={m.key}>
              <dt>{m.key}</dt>
              <dd>{m.shape}</dd>
            </div>
          ))}
          {moreMembers > 0 ? (
            <div>
              <dt className="muted">…</dt>
              <dd className="muted">and {moreMembers.toLocaleString('en')} more members</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
