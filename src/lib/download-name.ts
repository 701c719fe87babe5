/**
 * File names for what the user downloads from a server's result: the server chooses the ids and URIs they come
 * from, so nothing of theirs decides where a file lands or what the system runs it as. Pure.
 */

/** MIME types whose own extension a download may keep; anything else is saved as .bin. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/json': 'json',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
};

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_STEM = 80;

/** A safe file name stem: letters, digits, dot, dash and underscore; no leading dots; bounded; never reserved. */
export function safeStem(input: string, fallback = 'download'): string {
  const cleaned = input
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .replace(/[._]+$/, '')
    .slice(0, MAX_STEM);
  if (!cleaned || RESERVED.test(cleaned.split('.')[0] ?? '')) return fallback;
  return cleaned;
}

/** The extension for a MIME type: its own when it is on the allow list, else `bin`. */
export function extensionFor(mimeType: string | undefined): string {
  const type = (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[type] ?? 'bin';
}

/** The name for a downloaded resource: the last part of its URI without the server's extension, and ours. */
export function resourceFileName(uri: string, mimeType: string | undefined): string {
  const last =
    uri
      .split(/[/\\?#]/)
      .filter(Boolean)
      .pop() ?? '';
  const stem = safeStem(last.replace(/\.[^.]*$/, ''), 'resource');
  return `${stem}.${extensionFor(mimeType)}`;
}

/** The name for a task's raw result. */
export function resultFileName(taskId: string): string {
  return `task-${safeStem(taskId, 'result')}-result.json`;
}

/**
 * The MIME type a Blob is made with for a download: never a type the browser would run or render as a page
 * (HTML, SVG, XML, JavaScript), whatever the server said.
 */
export function downloadBlobType(mimeType: string | undefined): string {
  return extensionFor(mimeType) === 'bin'
    ? 'application/octet-stream'
    : ((mimeType ?? 'application/octet-stream').split(';')[0]?.trim() ?? 'application/octet-stream');
}
