import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { readBody } from './bridge-stdio.js';

/** The header naming where a forwarded request goes (the page's fetch keeps the real URL; see src/mcp/bridge-client.ts). */
const TARGET_HEADER = 'x-taskdeck-target';

const MAX_BODY = 16 * 1024 * 1024;

/** Request headers that are the browser's or the bridge's, never the target server's. */
const DROPPED_REQUEST = new Set([
  'host',
  'origin',
  'referer',
  'cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
  'accept-encoding',
  'x-taskdeck-bridge',
  TARGET_HEADER,
]);

/**
 * Response headers passed back to the page, and no others: an answer is read by the dashboard's own origin, so a
 * header that sets state there (cookies, Clear-Site-Data, HSTS, a redirect's Location) must never come through.
 */
const KEPT_RESPONSE = new Set(['content-type', 'mcp-session-id', 'mcp-protocol-version', 'www-authenticate', 'retry-after']);

/** A plain-text refusal, never cached. */
export function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(message);
}

/**
 * Forwards one request of the page to the HTTP MCP server it names, as the page sent it (bearer and custom headers
 * included, Last-Event-ID too), and streams the answer back: a server that sends no CORS headers is reachable this
 * way. Nothing of the request or its headers is logged.
 */
export async function forwardRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const named = req.headers[TARGET_HEADER];
  let target: URL;
  try {
    target = new URL(typeof named === 'string' ? named : '');
  } catch {
    refuse(res, 400, 'Name the server to forward to in X-Taskdeck-Target (an http or https URL).');
    return;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    refuse(res, 400, `The bridge forwards only to http and https servers (got ${target.protocol}).`);
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || DROPPED_REQUEST.has(name) || name.startsWith('sec-') || name.startsWith('proxy-')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    body = await readBody(req, MAX_BODY);
    if (body === undefined) {
      refuse(res, 413, 'The request is over 16 MB.');
      return;
    }
  }
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  let response: Response;
  try {
    response = await fetch(target, {
      method,
      headers,
      ...(body !== undefined && { body: new Uint8Array(body) }),
      redirect: 'manual',
      signal: abort.signal,
    });
  } catch (error) {
    if (abort.signal.aborted) return;
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    refuse(res, 502, `The bridge could not reach ${target.origin}${typeof cause === 'string' ? ` (${cause})` : ''}.`);
    return;
  }
  if (response.status >= 300 && response.status < 400) {
    // Not followed, and not handed to the page either: the page's fetch would follow it from the dashboard's origin,
    // with the bridge's token, to wherever the server pointed.
    void response.body?.cancel();
    refuse(res, 502, `${target.origin} answered with a redirect (${response.status}), which the bridge does not follow.`);
    return;
  }
  const out: Record<string, string> = { 'Cache-Control': 'no-store' };
  response.headers.forEach((value, name) => {
    if (KEPT_RESPONSE.has(name)) out[name] = value;
  });
  res.writeHead(response.status, response.statusText, out);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const stream = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
