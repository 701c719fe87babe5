import { useEffect, useState } from 'react';
import { formatBytes } from '../../lib/time';
import { downloadBlobType, resourceFileName } from '../../lib/download-name';
import { audioDataUrl, imageDataUrl } from './safe-url';
import { TextView } from './TextView';

export type ResourceContents = { uri: string; mimeType?: string | undefined; _meta?: Record<string, unknown> | undefined } & (
  { text: string } | { blob: string }
);

function base64Bytes(data: string): number {
  return Math.floor((data.length * 3) / 4);
}

function blobUrlOf(data: string, mimeType: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: mimeType }));
  } catch {
    return undefined;
  }
}

/** A blob URL for base64 data, revoked when the view goes away. Only for download and the PDF preview. */
function useBlobUrl(data: string, mimeType: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = blobUrlOf(data, mimeType);
    // The URL is an external resource with a lifetime: made here, revoked in the cleanup.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(created);
    return () => {
      if (created) URL.revokeObjectURL(created);
    };
  }, [data, mimeType]);
  return url;
}

function BlobView({ uri, blob, mimeType }: { uri: string; blob: string; mimeType: string }) {
  const url = useBlobUrl(blob, downloadBlobType(mimeType));
  const image = imageDataUrl(mimeType, blob);
  const audio = audioDataUrl(mimeType, blob);
  return (
    <div className="blob-view">
      {image ? <img src={image} alt={`Embedded image ${uri}`} className="embedded-image" /> : null}
      {audio ? <audio controls src={audio} aria-label={`Embedded audio ${uri}`} /> : null}
      {mimeType === 'application/pdf' && url ? (
        <object data={url} type="application/pdf" className="pdf-preview" aria-label={`PDF preview ${uri}`}>
          <p className="muted">This browser shows no PDF preview here.</p>
        </object>
      ) : null}
      <p className="muted small">
        {mimeType}, {formatBytes(base64Bytes(blob))}{' '}
        {url ? (
          <a href={url} download={resourceFileName(uri, mimeType)}>
            Download
          </a>
        ) : (
          <span className="error-text">not valid base64</span>
        )}
      </p>
    </div>
  );
}

/** Embedded resource contents: text by MIME type, blobs as image, audio or PDF preview, else a download. */
export function ResourceView({ resource }: { resource: ResourceContents }) {
  return (
    <div className="resource-block">
      <div>
        <span className="block-kind">resource</span> <span className="mono">{resource.uri}</span>
        {resource.mimeType ? <span className="muted"> {resource.mimeType}</span> : null}
      </div>
      {'text' in resource ? (
        <TextView text={resource.text} mimeType={resource.mimeType} />
      ) : (
        <BlobView uri={resource.uri} blob={resource.blob} mimeType={resource.mimeType ?? 'application/octet-stream'} />
      )}
    </div>
  );
}
