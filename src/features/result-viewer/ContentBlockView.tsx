import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatBytes } from '../../components/time';
import { audioDataUrl, imageDataUrl, safeLinkHref } from './safe-url';

export type ContentBlock = CallToolResult['content'][number];

function Unrenderable({ what, why }: { what: string; why: string }) {
  return (
    <p className="error-text">
      {what} not shown: {why}
    </p>
  );
}

function TextBlock({ text }: { text: string }) {
  return <pre className="text-block">{text}</pre>;
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

function LinkBlock({ uri, name, mimeType }: { uri: string; name: string; mimeType?: string }) {
  const href = safeLinkHref(uri);
  return (
    <div className="link-block">
      <span className="block-kind">resource link</span> <strong>{name}</strong>{' '}
      {href ? (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {uri}
        </a>
      ) : (
        <span className="mono">{uri}</span>
      )}
      {mimeType ? <span className="muted"> {mimeType}</span> : null}
    </div>
  );
}

function EmbeddedResourceBlock({ resource }: { resource: Extract<ContentBlock, { type: 'resource' }>['resource'] }) {
  return (
    <div className="resource-block">
      <div>
        <span className="block-kind">embedded resource</span> <span className="mono">{resource.uri}</span>
        {resource.mimeType ? <span className="muted"> {resource.mimeType}</span> : null}
      </div>
      {'text' in resource ? <TextBlock text={resource.text} /> : <p className="muted">Binary, {formatBytes(Math.floor((resource.blob.length * 3) / 4))}</p>}
    </div>
  );
}

/** One content block, chosen exhaustively by its type. */
export function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return <TextBlock text={block.text} />;
    case 'image':
      return <ImageBlock mimeType={block.mimeType} data={block.data} />;
    case 'audio':
      return <AudioBlock mimeType={block.mimeType} data={block.data} />;
    case 'resource_link':
      return <LinkBlock uri={block.uri} name={block.name} {...(block.mimeType !== undefined && { mimeType: block.mimeType })} />;
    case 'resource':
      return <EmbeddedResourceBlock resource={block.resource} />;
    default: {
      const unknown: never = block;
      return <pre className="mono">{JSON.stringify(unknown, null, 2)}</pre>;
    }
  }
}
