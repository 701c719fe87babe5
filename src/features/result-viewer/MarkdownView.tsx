import { Fragment, memo, useMemo, type ReactNode } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import { previewEnd } from './text-preview';
import { useMarkdownTree } from './use-markdown-tree';
import { ChunkedText } from './ChunkedText';
import { markdownSlices } from './markdown-slices';
import { useDrawnCount } from './use-drawn-count';

/** A remote image is never fetched on render (it would tell the server when and where its result is read). */
function RemoteImage({ src, alt }: { src: string; alt: string }) {
  let host = src;
  try {
    host = new URL(src).host;
  } catch {
    // shown as given
  }
  return (
    <a className="remote-image" href={src} target="_blank" rel="noreferrer noopener" title={src}>
      [image{alt ? `: ${alt}` : ''} — open from {host}]
    </a>
  );
}

const components = {
  a: ({ href, children }: { href?: string; children?: ReactNode }) =>
    href ? (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ) : (
      <span className="inert-link" title="Link not followed: only http(s) and mailto links are clickable">
        {children}
      </span>
    ),
  img: ({ src, alt }: { src?: string; alt?: string }) => {
    const text = typeof alt === 'string' ? alt : '';
    if (typeof src !== 'string' || !src) return <span className="muted">[image not shown: {text || 'unsafe source'}]</span>;
    return src.startsWith('data:') ? <img src={src} alt={text} className="md-image" /> : <RemoteImage src={src} alt={text} />;
  },
};

function draw(tree: Root): ReactNode {
  // The library types its result as the global JSX.Element, which React 19's types no longer declare.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passKeys: true });
}

/** One slice of the tree; drawn once, not again when the next slice comes. */
const Slice = memo(function Slice({ tree }: { tree: Root }) {
  return useMemo(() => draw(tree), [tree]);
});

/**
 * Markdown from a server: parsed in a worker into a filtered tree (raw HTML dropped, only safe URLs, bounded depth and
 * size), then drawn here a slice of blocks at a time, so a long document never holds the page in one go. While it
 * parses, and when it cannot be rendered, the text is shown plain.
 */
export default function MarkdownView({ text }: { text: string }) {
  const parsed = useMarkdownTree(text);
  const slices = useMemo(() => (parsed?.ok ? markdownSlices(parsed.tree) : []), [parsed]);
  const count = useDrawnCount(slices, slices.length);
  if (!parsed) {
    return (
      <pre className="text-block" aria-busy="true">
        {text.slice(0, 2000)}
      </pre>
    );
  }
  if (!parsed.ok) {
    return (
      <div>
        <p className="muted small" role="note">
          Shown as plain text: this markdown was not rendered because {parsed.reason}.
        </p>
        <ChunkedText className="text-block" text={text.slice(0, previewEnd(text))} />
      </div>
    );
  }
  return (
    <div className="markdown" aria-busy={count < slices.length ? 'true' : undefined}>
      {slices.slice(0, count).map((slice, i) => (
        <Slice key={i} tree={slice} />
      ))}
    </div>
  );
}
