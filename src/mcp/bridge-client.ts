import { ConnectionError, messageOf } from './errors';

/**
 * The page's side of the local bridge (server/bridge.ts): the `npm start` server that served this page starts stdio
 * servers and forwards requests to servers without CORS. Every bridge request carries the bridge's token, read from
 * /bridge/token (which answers only this origin's own fetches) and kept in memory: never in the URL, storage or the
 * protocol log (it travels in a header, and the log shows only JSON-RPC messages).
 */
const BRIDGE_HEADER = 'X-Taskdeck-Bridge';

/** A configured server's name, as the npm start side allows it: the only thing a deep link may name. */
export const STDIO_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** What the page tells the bridge to start: a configured server by name, or a command typed into the form. */
export type StdioLaunch = { name: string } | { commandLine: string; cwd?: string; env: Record<string, string> };

/** The process's events as the bridge reports them (untrusted text: shown as text). */
export type ProcessEvent =
  | { type: 'start'; pid?: number; command: string }
  | { type: 'stderr'; line: string }
  | { type: 'exit'; code: number | null; signal: string | null; error?: string };

let token: Promise<string> | undefined;

function bridgeUrl(path: string): URL {
  return new URL(path, window.location.origin);
}

async function refusal(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  return text || `HTTP ${response.status}`;
}

function bridgeToken(): Promise<string> {
  token ??= (async () => {
    let response: Response;
    try {
      response = await fetch(bridgeUrl('/bridge/token'), { cache: 'no-store', credentials: 'omit' });
    } catch (error) {
      throw new ConnectionError('unreachable', `The local bridge did not answer (${messageOf(error)}).`);
    }
    const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
    const value = (body as { token?: unknown } | undefined)?.token;
    if (typeof value !== 'string') {
      throw new ConnectionError(
        'not-found',
        'This page was not served by a Taskdeck server with the local bridge.',
        'Start Taskdeck with npm start (on 127.0.0.1) and open the address it prints.',
      );
    }
    return value;
  })().catch((error: unknown) => {
    token = undefined;
    throw error;
  });
  return token;
}

function mergedHeaders(input: RequestInfo | URL, init: RequestInit | undefined): Headers {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
  return headers;
}

/** Set by the bridge on its own 401 (a forwarded server's 401 cannot carry it). */
const TOKEN_REFUSED_HEADER = 'X-Taskdeck-Bridge-Refused';

/**
 * Sends with the bridge's token; when the bridge refuses that token (npm start was restarted and made a new one),
 * asks for the token once more and sends again, when the body can be sent twice.
 */
async function sendWithToken(
  input: RequestInfo | URL,
  headers: Headers,
  init: RequestInit | undefined,
  send: (headers: Headers) => Promise<Response>,
): Promise<Response> {
  const sent = await bridgeToken();
  headers.set(BRIDGE_HEADER, sent);
  const response = await send(headers);
  const replayable = !(input instanceof Request) && (init?.body === undefined || init.body === null || typeof init.body === 'string');
  if (response.status !== 401 || response.headers.get(TOKEN_REFUSED_HEADER) !== 'token' || !replayable) return response;
  if (token !== undefined && (await token.catch(() => undefined)) === sent) token = undefined;
  const fresh = await bridgeToken();
  if (fresh === sent) return response;
  await response.body?.cancel().catch(() => undefined);
  headers.set(BRIDGE_HEADER, fresh);
  return send(headers);
}

/** A fetch that adds the bridge's token (for the page's requests to a stdio process's endpoint). */
export function withBridgeToken(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => sendWithToken(input, mergedHeaders(input, init), init, (headers) => base(input, { ...init, headers }));
}

/**
 * A fetch that sends every request to the bridge, naming where it goes: the MCP transports keep the server's real
 * URL (so legacy SSE's message endpoint resolves against it), and the bridge forwards the request with its headers.
 */
export function throughBridge(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const target = input instanceof Request ? input.url : input.toString();
    const headers = mergedHeaders(input, init);
    headers.set('X-Taskdeck-Target', target);
    return sendWithToken(input, headers, init, (sent) => base(bridgeUrl('/bridge/forward'), { ...init, headers: sent }));
  };
}

/** The names configured on the npm start side (`--server`, `--config`); empty without a bridge. */
export async function configuredServers(): Promise<Array<{ name: string; command: string }>> {
  try {
    const response = await withBridgeToken()(bridgeUrl('/bridge/servers'), { cache: 'no-store' });
    const body = (await response.json()) as { servers?: unknown };
    if (!Array.isArray(body.servers)) return [];
    return body.servers.filter(
      (s): s is { name: string; command: string } =>
        typeof (s as { name?: unknown }).name === 'string' && typeof (s as { command?: unknown }).command === 'string',
    );
  } catch {
    return [];
  }
}

/** Starts a process on the bridge; its Streamable HTTP endpoint is then /bridge/stdio/<id>. */
export async function launchStdio(launch: StdioLaunch): Promise<{ id: string; command: string; url: URL }> {
  const response = await withBridgeToken()(bridgeUrl('/bridge/stdio'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(launch),
  });
  if (!response.ok) {
    const kind = response.status === 404 || response.status === 400 || response.status === 403 ? 'not-found' : 'server-error';
    throw new ConnectionError(kind, `The local bridge did not start the server: ${await refusal(response)}`);
  }
  const body = (await response.json()) as { id?: unknown; command?: unknown };
  if (typeof body.id !== 'string') throw new ConnectionError('server-error', 'The local bridge answered without a process id.');
  return { id: body.id, command: typeof body.command === 'string' ? body.command : '', url: bridgeUrl(`/bridge/stdio/${body.id}`) };
}

/** Stops a process (a failed connect leaves none behind). */
export async function stopStdio(id: string): Promise<void> {
  await withBridgeToken()(bridgeUrl(`/bridge/stdio/${id}`), { method: 'DELETE' }).catch(() => undefined);
}

function parseEvent(line: string): ProcessEvent | undefined {
  try {
    const e = JSON.parse(line) as Record<string, unknown>;
    if (e.type === 'start' && typeof e.command === 'string')
      return { type: 'start', command: e.command, ...(typeof e.pid === 'number' && { pid: e.pid }) };
    if (e.type === 'stderr' && typeof e.line === 'string') return { type: 'stderr', line: e.line };
    if (e.type === 'exit')
      return {
        type: 'exit',
        code: typeof e.code === 'number' ? e.code : null,
        signal: typeof e.signal === 'string' ? e.signal : null,
        ...(typeof e.error === 'string' && { error: e.error }),
      };
  } catch {
    // not an event: skipped
  }
  return undefined;
}

/**
 * Follows a process's start, stderr lines and exit until it exits (or `stop` is called), handed on in batches. While the page follows it
 * the bridge keeps the process; a closed tab stops following, and the bridge stops the process soon after.
 */
export function watchProcess(id: string, onEvents: (events: ProcessEvent[]) => void): () => void {
  const abort = new AbortController();
  void (async () => {
    const response = await withBridgeToken()(bridgeUrl(`/bridge/stdio/${id}/events`), { signal: abort.signal });
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const lines = (rest + value).split('\n');
      rest = lines.pop() ?? '';
      // One call per piece read, however many lines it holds: a process that writes stderr fast costs one update.
      const events: ProcessEvent[] = [];
      for (const line of lines) {
        const event = line.trim() ? parseEvent(line) : undefined;
        if (event) events.push(event);
      }
      if (events.length > 0) onEvents(events);
    }
  })().catch(() => undefined);
  return () => abort.abort();
}
