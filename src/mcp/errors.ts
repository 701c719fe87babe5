import { messageOf } from '../lib/errors';

export { messageOf };
/** Turns whatever a connect or request failed with into one sentence a developer can act on. Pure. */

export type ConnectionErrorKind =
  | 'invalid-url'
  | 'unreachable'
  | 'cors'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'wrong-transport'
  | 'protocol-version'
  | 'timeout'
  | 'server-error'
  | 'unknown';

export class ConnectionError extends Error {
  /** The HTTP status behind it, when there was one. */
  status: number | undefined;

  constructor(
    readonly kind: ConnectionErrorKind,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }

  /** Retrying will not help until the user changes something. */
  get needsUser(): boolean {
    return ['invalid-url', 'unauthorized', 'forbidden', 'not-found', 'wrong-transport', 'protocol-version'].includes(this.kind);
  }
}

/** Checks the Server URL before any request is made. */
export function parseServerUrl(input: string): URL {
  const trimmed = input.trim();
  if (!trimmed) throw new ConnectionError('invalid-url', 'Enter the URL of an MCP server.', 'For example http://127.0.0.1:3210/mcp');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConnectionError('invalid-url', `"${trimmed}" is not a URL.`, 'Include the scheme, for example http://127.0.0.1:3210/mcp');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectionError('invalid-url', `Only http and https servers can be reached from a browser (got ${url.protocol}).`);
  }
  return url;
}

/** The normalised URL that identifies a server in the cache (query keys start with it). */
export function serverIdentity(input: string): string {
  try {
    return new URL(input.trim()).toString();
  } catch {
    return input.trim();
  }
}

/** The URL without user:password@ (never kept, shown or sent); anything that is not a URL is left as typed. */
export function withoutUserinfo(input: string): string {
  try {
    const url = new URL(input.trim());
    if (!url.username && !url.password) return input;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return input;
  }
}

/** The origin (scheme, host, port) of an http(s) URL, or undefined for anything else. */
export function originOf(input: string): string | undefined {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The HTTP status carried by the SDK's transport errors (StreamableHTTPError, SseError), if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code: unknown = error.code;
    if (typeof code === 'number' && code >= 100 && code < 600) return code;
  }
  return undefined;
}

/** The JSON-RPC error code carried by an McpError, if any. */
export function rpcCodeOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code: unknown = error.code;
    if (typeof code === 'number' && code < 0) return code;
  }
  return undefined;
}

const NETWORK_FAILURE = /Failed to fetch|NetworkError|Load failed|fetch failed|ECONNREFUSED|net::ERR/i;

export function isNetworkFailure(error: unknown): boolean {
  return NETWORK_FAILURE.test(messageOf(error));
}

export interface ConnectContext {
  url: string;
  /** The transport that failed. */
  transport: 'streamable-http' | 'sse';
  /** For a network failure: whether an opaque (no-cors) request reached the server; tells CORS from unreachable. */
  reachable?: boolean;
}

/** A named, actionable message for a failed connect. */
export function describeConnectError(error: unknown, context: ConnectContext): ConnectionError {
  if (error instanceof ConnectionError) return error;
  const status = httpStatusOf(error);
  const rpc = rpcCodeOf(error);
  const text = messageOf(error);
  const { url, transport } = context;
  if (status === 401) {
    return new ConnectionError(
      'unauthorized',
      `The server wants credentials (HTTP 401).`,
      'Enter a valid bearer token, or check the one you entered.',
    );
  }
  if (status === 403)
    return new ConnectionError(
      'forbidden',
      'The server refused access (HTTP 403).',
      'The token is valid but not allowed here, or the server rejects this origin.',
    );
  if (status === 404) {
    return new ConnectionError(
      'not-found',
      `Nothing answers MCP at ${url} (HTTP 404).`,
      'Check the path: Streamable HTTP servers usually serve /mcp, legacy SSE servers /sse.',
    );
  }
  if (transport === 'streamable-http' && (status === 405 || status === 400 || status === 406 || status === 415)) {
    return new ConnectionError(
      'wrong-transport',
      `The server answered HTTP ${status} to a Streamable HTTP POST: this endpoint may speak legacy SSE.`,
      'Choose SSE or Auto as the transport.',
    );
  }
  if (transport === 'sse' && (status === 400 || status === 405 || /content type|text\/event-stream/i.test(text))) {
    return new ConnectionError(
      'wrong-transport',
      `The server did not open an SSE stream${status ? ` (HTTP ${status})` : ''}: this endpoint may speak Streamable HTTP.`,
      'Choose Streamable HTTP or Auto as the transport.',
    );
  }
  if (/protocol version is not supported/i.test(text)) {
    return new ConnectionError(
      'protocol-version',
      `Protocol version mismatch: ${text}.`,
      'The server and this dashboard share no MCP protocol version; update one of them.',
    );
  }
  if (rpc === -32001 || /timed out|timeout/i.test(text)) {
    return new ConnectionError(
      'timeout',
      'The server accepted the connection but did not answer initialize in time.',
      'Is it busy or stuck? Try again, or check its logs.',
    );
  }
  if (status !== undefined && status >= 500)
    return new ConnectionError('server-error', `The server failed with HTTP ${status}.`, 'Check its logs.');
  if (isNetworkFailure(error)) {
    if (context.reachable) {
      return new ConnectionError(
        'cors',
        `The browser blocked the response from ${new URL(url).origin} (CORS).`,
        `The server must send Access-Control-Allow-Origin for ${typeof location === 'undefined' ? 'this page' : location.origin}, allow the headers Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version and Last-Event-ID, and expose Mcp-Session-Id. Or choose Transport: Through local bridge (the npm start server forwards the requests).`,
      );
    }
    return new ConnectionError('unreachable', `Could not reach ${url}.`, 'Is the server running, and is the host and port right?');
  }
  if (status !== undefined) return new ConnectionError('unknown', `The server answered HTTP ${status}: ${text}`);
  return new ConnectionError('unknown', text || 'The connection failed for an unknown reason.');
}

/** The capabilities a -32021 error says are required, in words ("the capability elicitation", …). */
function requiredCapabilities(error: unknown): string {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data?: unknown }).data : undefined;
  const required =
    typeof data === 'object' && data !== null ? (data as { requiredCapabilities?: unknown }).requiredCapabilities : undefined;
  if (typeof required !== 'object' || required === null) return 'a capability it did not name';
  const names: string[] = [];
  for (const [key, value] of Object.entries(required as Record<string, unknown>)) {
    if (key === 'extensions' && typeof value === 'object' && value !== null)
      names.push(...Object.keys(value).map((k) => `the extension ${k}`));
    else names.push(`the capability ${key}`);
  }
  return names.length ? names.join(' and ') : 'a capability it did not name';
}

/** A message for a failed request on an open session; names a missing capability (-32601) as such. */
export function describeRequestError(error: unknown, method: string): string {
  const rpc = rpcCodeOf(error);
  if (rpc === -32601) return `Capability missing: the server does not implement ${method} (-32601 Method not found).`;
  if (rpc === -32602) return `The server rejected ${method} as invalid (-32602): ${messageOf(error).replace(/^MCP error -32602: /, '')}`;
  if (rpc === -32001) return `${method} timed out waiting for the server.`;
  if (rpc === -32021) {
    return `The server refused ${method} (-32021 Missing required client capability): it will only serve this request to a client that declares ${requiredCapabilities(error)}, which Taskdeck does not offer for it. ${messageOf(error).replace(/^MCP error -32021: /, '')}`;
  }
  if (rpc === -32020) {
    return `The server refused ${method} (-32020 Header mismatch): a request header (MCP-Protocol-Version, Mcp-Method or Mcp-Name) did not match the request. ${messageOf(error).replace(/^MCP error -32020: /, '')}`;
  }
  if (isNetworkFailure(error)) return `${method} did not reach the server: ${messageOf(error)}`;
  return `${method} failed: ${messageOf(error)}`;
}
