/** Which URLs from untrusted server content may reach the DOM. Pure. */

const IMAGE_MIME = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/i;
const AUDIO_MIME = /^audio\/[a-z0-9.+-]+$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isBase64(data: string): boolean {
  return data.length % 4 === 0 && BASE64.test(data);
}

/** A data: URL for base64 image bytes, or null when the MIME type is not an image type or the data is not base64. */
export function imageDataUrl(mimeType: string, data: string): string | null {
  const mime = mimeType.trim();
  if (!IMAGE_MIME.test(mime) || !isBase64(data)) return null;
  return `data:${mime.toLowerCase()};base64,${data}`;
}

export function audioDataUrl(mimeType: string, data: string): string | null {
  const mime = mimeType.trim();
  if (!AUDIO_MIME.test(mime) || !isBase64(data)) return null;
  return `data:${mime.toLowerCase()};base64,${data}`;
}

/** An http(s) URL that may be a link target, or null: javascript:, data:, file: and the rest stay inert text. */
export function safeLinkHref(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** An image URL that may be an <img> source: https, or a data: URL with an image MIME type and base64 data. */
export function imageSrcFromUrl(url: string): string | null {
  const data = /^data:([^;,]+);base64,(.*)$/i.exec(url.trim());
  if (data) return imageDataUrl(data[1] ?? '', data[2] ?? '');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
