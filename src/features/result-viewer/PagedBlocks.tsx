import { useState, type ReactNode } from 'react';

/** Content blocks drawn at first, and added per "Show more": a result of 50,000 blocks must not freeze the tab. */
export const BLOCK_PAGE = 50;

/**
 * An ordered list of content blocks that draws the first BLOCK_PAGE and adds as many again per click. Keys are
 * positions: the blocks of a fetched result never move.
 */
export function PagedBlocks<T>({
  items,
  render,
  className,
}: {
  items: readonly T[];
  render: (item: T, index: number) => ReactNode;
  className?: (item: T) => string;
}) {
  const [shown, setShown] = useState(BLOCK_PAGE);
  const rest = items.length - shown;
  return (
    <>
      <ol className="content-blocks">
        {items.slice(0, shown).map((item, i) => (
          <li key={i} className={className ? `content-block ${className(item)}` : 'content-block'}>
            {render(item, i)}
          </li>
        ))}
      </ol>
      {rest > 0 ? (
        <p className="more-blocks muted small">
          Showing {shown.toLocaleString()} of {items.length.toLocaleString()} content blocks.{' '}
          <button type="button" className="button small" onClick={() => setShown((n) => n + BLOCK_PAGE)}>
            Show {Math.min(BLOCK_PAGE, rest)} more blocks
          </button>
        </p>
      ) : null}
    </>
  );
}
