import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LongMessage } from '../../components/LongMessage';
import { formatBytes } from '../../lib/time';
import { JsonTree } from './JsonTree';
import { ResourceView } from './ResourceView';
import { audioDataUrl, imageDataUrl, safeLinkHref } from './safe-url';
import { TextView } from './TextView';

export type ContentBlock = CallToolResult['content'][number];

function Unrenderable({ what, why }: { what: string; why: string }) {
  return (
    <p className="error-text">
      {what} not shown: {why}
    </p>
  );
}

function ImageBlock({ mimeType, data }: { mimeType: string; data: string }) {
  const src = imageDataUrl(mimeType, data);
  if (!src) return <Unrenderable what="Image" why={`"${mimeType}" with this data is not a base64 image`} />;
  return (
    <figure className="image-block">
      <img src={src} alt={`Image content (${mimeType})`} />
      <figcaption className="muted">
        {mimeType}, {formatBytes(Math.floor((data.length * 3) / 4))}
      </figcaption>
    </figure>
  );
}

function AudioBlock({ mimeType, data }: { mimeType: string; data: string }) {
  const src = audioDataUrl(mimeType, data);
  if (!src) return <Unrenderable what="Audio" why={`"${mimeType}" with this data is not base64 audio`} />;
  return <audio controls src={src} aria-label={`Audio content (${mimeType})`} />;
}

function LinkBlock({ block }: { block: Extract<ContentBlock, { type: 'resource_link' }> }) {
  const href = safeLinkHref(block.uri);
  return (
    <div className="link-block">
      <span className="block-kind">resource link</span> <strong>{block.title ?? block.name}</strong>{' '}
      {href ? (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {block.uri}
        </a>
      ) : (
        <span className="mono" title="Not a link: only http(s) URIs are clickable">
          {block.uri}
        </span>
      )}
      {block.mimeType ? <span className="muted"> {block.mimeType}</span> : null}
      {block.description ? (
        <div className="muted small">
          <LongMessage text={block.description} />
        </div>
      ) : null}
    </div>
  );
}

function Annotations({ block }: { block: ContentBlock }) {
  const a = block.annotations;
  const meta = block._meta;
  if (!a && !meta) return null;
  return (
    <div className="annotations small">
      {a?.audience ? <span className="chip">audience: {a.audience.join(', ')}</span> : null}
      {a?.priority !== undefined ? <span className="chip">priority: {a.priority}</span> : null}
      {a?.lastModified ? <span className="chip">modified: {a.lastModified}</span> : null}
      {meta ? <JsonTree value={meta} label="_meta" openDepth={0} /> : null}
    </div>
  );
}

function BlockBody({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return <TextView text={block.text} />;
    case 'image':
      return <ImageBlock mimeType={block.mimeType} data={block.data} />;
    case 'audio':
      return <AudioBlock mimeType={block.mimeType} data={block.data} />;
    case 'resource_link':
      return <LinkBlock block={block} />;
    case 'resource':
      return <ResourceView resource={block.resource} />;
    default: {
      const unknown: never = block;
      return <JsonTree value={unknown} label="unknown block" />;
    }
  }
}

/** One content block, chosen exhaustively by its type, with its annotations and _meta. */
export function ContentBlockView({ block }: { block: ContentBlock }) {
  return (
    <>
      <BlockBody block={block} />
      <Annotations block={block} />
    </>
  );
}
