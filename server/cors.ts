import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';
const EXPOSED_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';

/** Browser origins on this machine may talk to the demo server; others only when listed. */
export function isAllowedOrigin(origin: string, extra: readonly string[]): boolean {
  if (extra.includes('*') || extra.includes(origin)) return true;
  try {
    const { hostname, protocol } = new URL(origin);
    if (protocol !== 'http:' && protocol !== 'https:') return false;
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch {
    return false;
  }
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
export function applyCors(req: IncomingMessage, res: ServerResponse, extraOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!isAllowedOrigin(origin, extraOrigins)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end(`Origin ${origin} is not allowed. Start the server with --allow-origin ${origin}.`);
      return true;
    }
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
  return name === '127.0.0.1' || name === 'localhost' || name === '[::1]';
}
