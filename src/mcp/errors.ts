/** Turns whatever a connect or request failed with into one sentence a developer can act on. */

export class ConnectionError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/** Checks the Server URL before any request is made. */
export function parseServerUrl(input: string): URL {
  const trimmed = input.trim();
  if (!trimmed) throw new ConnectionError('Enter the URL of an MCP server.', 'For example http://127.0.0.1:3210/mcp');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConnectionError(`"${trimmed}" is not a URL.`, 'Include the scheme, for example http://127.0.0.1:3210/mcp');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConnectionError(`Only http and https servers can be reached from a browser (got ${url.protocol}).`);
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

function httpCode(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code: unknown = error.code;
    if (typeof code === 'number' && code >= 100 && code < 600) return code;
  }
  return undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  return httpCode(error);
}

/** A short message for a failed connect, with what to try next. */
export function describeConnectError(error: unknown, url: string): ConnectionError {
  if (error instanceof ConnectionError) return error;
  const status = httpCode(error);
  const text = error instanceof Error ? error.message : String(error);
  if (status === 401 || status === 403) {
    return new ConnectionError(`The server refused the credentials (HTTP ${status}).`, 'Check the bearer token.');
  }
  if (status === 404) {
    return new ConnectionError(`Nothing answers MCP at ${url} (HTTP 404).`, 'Check the path: the demo server serves /mcp.');
  }
  if (status !== undefined) return new ConnectionError(`The server answered HTTP ${status}: ${text}`);
  if (/Failed to fetch|NetworkError|Load failed|fetch failed/i.test(text)) {
    return new ConnectionError(
      `Could not reach ${url}.`,
      'Is the server running? If it is, the browser may have blocked the request: the server must send CORS headers for this origin.',
    );
  }
  if (/timed out|timeout/i.test(text)) return new ConnectionError(`The server did not answer in time: ${text}`);
  return new ConnectionError(text || 'The connection failed for an unknown reason.');
}
