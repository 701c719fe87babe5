import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { COMPRESSIBLE, encode, MIN_COMPRESS_BYTES } from './precompress.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The app's Content-Security-Policy: scripts only from the app itself (no inline scripts, no eval), images from the
 * app, data: and blob: only (a server's remote image would tell it when and where its result is read: the viewer
 * links to it instead), media and PDF previews (an <object>, which Chrome draws in a frame) from data:/blob:, and
 * connections anywhere, since the dashboard must reach whatever server the user names.
 */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  'object-src blob:',
  'frame-src blob:',
  "worker-src 'self'",
  "connect-src 'self' http: https:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The same policy for `npm run dev`: Vite's injected scripts and styles carry the nonce, HMR talks over ws:. */
export function devCsp(nonce: string): string {
  return APP_CSP.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
    .replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`)
    .replace("connect-src 'self' http: https:", "connect-src 'self' http: https: ws: wss:");
}

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings the client accepts, best first (brotli, then gzip); `q=0` refuses one. */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const weightOf = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((e) => weightOf(e) > 0);
}

/** Compressed on the fly (a file with no precompressed copy beside it), kept while the file is unchanged. */
const encodedCache = new Map<string, { mtimeMs: number; size: number; body: Buffer }>();
const ENCODED_CACHE_BYTES = 64 * 2 ** 20;
let encodedBytes = 0;

async function encodedBody(file: string, info: Stats, encoding: Encoding): Promise<{ body?: Buffer; path?: string; size: number }> {
  // A copy written at build time (server/precompress.ts), when it is not older than the file.
  const sibling = `${file}${SUFFIX[encoding]}`;
  const pre = await stat(sibling).catch(() => null);
  if (pre?.isFile() && pre.mtimeMs >= info.mtimeMs) return { path: sibling, size: pre.size };
  const key = `${encoding}\n${file}`;
  const hit = encodedCache.get(key);
  if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return { body: hit.body, size: hit.body.length };
  const body = await encode(await readFile(file), encoding, 'quick');
  if (hit) encodedBytes -= hit.body.length;
  encodedCache.delete(key);
  encodedCache.set(key, { mtimeMs: info.mtimeMs, size: info.size, body });
  encodedBytes += body.length;
  // Oldest first out, past the budget.
  for (const [k, v] of encodedCache) {
    if (encodedBytes <= ENCODED_CACHE_BYTES) break;
    encodedCache.delete(k);
    encodedBytes -= v.body.length;
  }
  return { body, size: body.length };
}

/**
 * Serves the built app from `root`, falling back to index.html for client-side routes. Text files go out in brotli
 * or gzip when the client accepts it (the build's precompressed copies, or compressed once and cached); files under
 * /assets/ carry a content hash in their name and are cached for a year, everything else is revalidated (ETag).
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const candidate = normalize(join(root, pathname));
  const inside = candidate === root || candidate.startsWith(root + sep);
  let file = inside ? candidate : join(root, 'index.html');
  let info = await stat(file).catch(() => null);
  if (!info || info.isDirectory()) {
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  const immutable = pathname.startsWith('/assets/') && file !== join(root, 'index.html');
  const compressible = COMPRESSIBLE.has(extname(file)) && info.size >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? acceptedEncodings(req.headers['accept-encoding'])[0] : undefined;
  const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': APP_CSP,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    ...(compressible && { Vary: 'Accept-Encoding' }),
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoded = encoding ? await encodedBody(file, info, encoding) : undefined;
  res.writeHead(200, {
    ...headers,
    'Content-Length': String(encoded ? encoded.size : info.size),
    ...(encoding && { 'Content-Encoding': encoding }),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (encoded?.body) res.end(encoded.body);
  else
    createReadStream(encoded?.path ?? file)
      .on('error', () => res.destroy())
      .pipe(res);
}
