import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackListenHost, LOOPBACK_NAMES } from './loopback.js';

const ALLOWED_HEADERS = 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, Mcp-Method, Mcp-Name';
const EXPOSED_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Mcp-Method, Mcp-Name';

/**
 * Only the server's own origin (its port under any loopback name) may call it from a browser; other origins only
 * when listed with --allow-origin. Another dev server on this machine is another origin: it cannot read the tasks.
 */
export function isAllowedOrigin(origin: string, extra: readonly string[], ownPort: number): boolean {
  if (extra.includes('*') || extra.includes(origin)) return true;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:') return false;
    return LOOPBACK_NAMES.has(url.hostname) && Number(url.port || 80) === ownPort;
  } catch {
    return false;
  }
}

function refuse(res: ServerResponse, message: string): true {
  res.writeHead(403, { 'Content-Type': 'text/plain' }).end(message);
  return true;
}

function allowedHeaders(requested: string | undefined): string {
  const extra = (requested ?? '')
    .slice(0, 2000)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(name));
  return [ALLOWED_HEADERS, ...extra].join(', ');
}

/** Writes the CORS headers; answers preflights. Returns true when the request was fully handled. */
export function applyCors(req: IncomingMessage, res: ServerResponse, extraOrigins: readonly string[], ownPort: number): boolean {
  const origin = req.headers.origin;
  // A browser says where a request comes from even when it sends no Origin (a plain GET of /sse from another page):
  // anything not from this origin must then name an allowed one.
  const site = req.headers['sec-fetch-site'];
  if (origin === undefined && (site === 'cross-site' || site === 'same-site')) {
    return refuse(res, 'A page from another origin may not open this server. Start the server with --allow-origin <that origin>.');
  }
  if (origin !== undefined) {
    if (!isAllowedOrigin(origin, extraOrigins, ownPort))
      return refuse(res, `Origin ${origin} is not allowed. Start the server with --allow-origin ${origin}.`);
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
      // The dashboard lets its user add custom headers (an API key, a tenant id): an allowed origin may send them.
      'Access-Control-Allow-Headers': allowedHeaders(req.headers['access-control-request-headers']),
      'Access-Control-Max-Age': '600',
    });
    res.end();
    return true;
  }
  return false;
}

/**
 * DNS-rebinding protection: a request whose Host is not this machine's loopback name (or an allowed host) is
 * refused, so a web page on another name that resolves here cannot drive the server.
 */
export function isAllowedHost(host: string | undefined, extra: readonly string[]): boolean {
  if (!host) return false;
  if (extra.includes('*') || extra.includes(host)) return true;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return name !== undefined && LOOPBACK_NAMES.has(name);
}

/**
 * Listening beyond loopback without a token would hand every task and result to the network: the Host check only
 * stops DNS rebinding, it is not authentication. Returns why it is refused, or undefined when it is fine.
 */
export function unsafeBinding(host: string, token: string | undefined): string | undefined {
  if (isLoopbackListenHost(host) || token) return undefined;
  return `Refusing to listen on ${host} without a token: anyone who can reach it could read every task and result. Set TASKDECK_TOKEN (or --token), or listen on 127.0.0.1.`;
}
