/**
 * The first script of the page, and the only one index.html loads (vite.config.ts adds it); it imports the app's
 * bundle after the first frame (below). A page opened from a link to a Streamable HTTP server sends that server the
 * `initialize` request the app is about to send, now, before the bundle has been downloaded and compiled. The app
 * takes the answer for its first connection to the server when its own request is the same
 * (src/mcp/early-initialize.ts). Once the answer is in, it sends the `notifications/initialized` that follows, which
 * the app takes the same way, and once that is accepted, opens the notification stream (GET) as the SDK would, which
 * the app's first GET of the session takes. It imports only src/start-app.ts, so it stays a small file of its own.
 *
 * It also says how far it got in the boot shell (index.html), in an element like the app's own Connection status:
 * `Connecting`, then `Connected` once the session is initialized and its stream requested (the UI contract's meaning
 * of `Connected`), while the app's script is still loading. React replaces the shell with the app.
 *
 * It sends what the app sends on its own: no credentials (the app adds those, and then asks again), nothing for the
 * local bridge, a stdio server or legacy SSE.
 *
 * And it starts the app's scripts once the boot shell has been painted (src/start-app.ts).
 */
import type { EarlyInitialize } from './mcp/early-initialize';
import { startAppAfterFirstFrame, whenParsed } from './start-app';

/** The app's `initialize` params (src/mcp/client-identity.ts and the SDK's protocol version; a test keeps them equal). */
export const EARLY_INITIALIZE_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: { tasks: { list: {}, cancel: {} }, elicitation: { form: {} } },
  clientInfo: { name: 'taskdeck', title: 'Taskdeck', version: '0.1.0' },
};

/** An early session nobody took by then is ended. */
const UNTAKEN_MS = 30_000;

/** The request to send for a page address's query, or undefined when the link names no server the app would ask so. */
export function earlyRequest(search: string): { url: string; body: string } | undefined {
  const params = new URLSearchParams(search);
  const server = params.get('server');
  const transport = params.get('transport');
  // As the app reads a link (app/url-state.ts): an unknown transport is Auto, which tries Streamable HTTP first.
  if (!server || transport === 'sse' || transport === 'bridge' || transport === 'stdio') return undefined;
  let url: URL;
  try {
    url = new URL(server.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return undefined;
  return { url: url.href, body: JSON.stringify({ method: 'initialize', params: EARLY_INITIALIZE_PARAMS, jsonrpc: '2.0', id: 0 }) };
}

/** The headers the SDK sends with every POST. */
const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/** How much of the answer is read for the protocol version it names. */
const VERSION_READ_LIMIT = 64 * 1024;

/** The protocol version in the JSON-RPC answer to request 0, if the text is that answer. */
function versionIn(json: string): string | undefined {
  try {
    const message = JSON.parse(json) as { id?: unknown; result?: { protocolVersion?: unknown } };
    const version = message.result?.protocolVersion;
    return message.id === 0 && typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The protocol version the server answered with, read from `answer` (a copy: the app's SDK reads the original). An
 * event stream is read up to the answer's event; either kind, at most 64 KB.
 */
export async function answeredVersion(answer: Response): Promise<string | undefined> {
  // Media types are case-insensitive (the SDK lower-cases them too).
  const stream = (answer.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
  const reader = answer.body?.getReader();
  if (!reader) return undefined;
  const decoder = new TextDecoder();
  let read = 0;
  /** A JSON answer's text so far; or, for an event stream, the text after the last complete line. */
  let text = '';
  /** The current event's data lines. */
  let data: string[] = [];
  try {
    while (read < VERSION_READ_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      const piece = decoder.decode(value, { stream: true });
      read += piece.length;
      text += piece;
      if (!stream) continue;
      // Each line is looked at once. A CR at the very end may be the first half of a CRLF: held for the next piece.
      const held = text.endsWith('\r');
      const lines = (held ? text.slice(0, -1) : text).split(/\r\n|\r|\n/);
      text = (lines.pop() ?? '') + (held ? '\r' : '');
      for (const line of lines) {
        // A blank line ends an event; its data may span several lines, joined by line breaks.
        if (line === '') {
          const version = data.length ? versionIn(data.join('\n')) : undefined;
          if (version !== undefined) return version;
          data = [];
        } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
    return stream ? undefined : versionIn(text);
  } finally {
    void reader.cancel().catch(() => {});
  }
}

/** Sends the request and leaves it for the app; `fetch` and the timer are parameters for the tests. */
export function startEarlyInitialize(
  search: string,
  fetch: typeof globalThis.fetch,
  later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms),
): EarlyInitialize | undefined {
  const request = earlyRequest(search);
  if (!request) return undefined;
  // As the SDK asks: a redirect is its to follow (within the origin) or to report.
  const response = fetch(request.url, { method: 'POST', headers: POST_HEADERS, body: request.body, redirect: 'manual' });
  // Nobody may be waiting on it yet: a failure is the app's to find out, with its own request.
  response.catch(() => {});
  let dropped = false;
  // Then the initialized notification, as the SDK sends it once it has the answer: with the session the answer
  // named (if any) and the protocol version it chose.
  const initialized = response.then(async (answer) => {
    if (!answer.ok || dropped) return undefined;
    const session = answer.headers.get('mcp-session-id');
    const version = await answeredVersion(answer.clone());
    if (version === undefined || dropped) return undefined;
    const headers: Record<string, string> = { ...(session !== null && { 'mcp-session-id': session }), 'mcp-protocol-version': version };
    const body = JSON.stringify({ method: 'notifications/initialized', jsonrpc: '2.0' });
    const sent = fetch(request.url, { method: 'POST', headers: { ...headers, ...POST_HEADERS }, body, redirect: 'manual' });
    sent.catch(() => {});
    return { body, headers, response: sent };
  });
  initialized.catch(() => {});
  // Then the notification stream, as the SDK opens it once the notification is accepted: a GET with the session's
  // headers. Its own abort controller: the app's SDK aborts the stream through it when it closes.
  const streamAbort = new AbortController();
  const stream = initialized.then(async (notified) => {
    const accepted = await notified?.response.catch(() => undefined);
    // Only on 202, as the SDK: on another answer it opens no stream, and nobody would take this one.
    if (!notified || accepted?.status !== 202 || dropped) return undefined;
    void accepted.body?.cancel().catch(() => {});
    const headers = { ...notified.headers, accept: 'text/event-stream' };
    const response = fetch(request.url, { method: 'GET', headers, signal: streamAbort.signal, redirect: 'manual' });
    response.catch(() => {});
    return { headers, response, signal: streamAbort.signal, abort: () => streamAbort.abort() };
  });
  stream.catch(() => {});
  const early: EarlyInitialize = {
    ...request,
    response,
    initialized,
    stream,
    taken: false,
    get dropped() {
      return dropped;
    },
    drop: () => {
      if (dropped) return;
      dropped = true;
      streamAbort.abort();
      void response
        .then((answer) => {
          void answer.body?.cancel().catch(() => {});
          const session = answer.headers.get('mcp-session-id');
          if (!answer.ok || !session) return;
          return fetch(request.url, { method: 'DELETE', headers: { 'mcp-session-id': session } }).then(() => {});
        })
        .catch(() => {});
    },
  };
  later(() => {
    if (!early.taken) early.drop();
  }, UNTAKEN_MS);
  return early;
}

/**
 * Shows the early connection's state in the boot shell, in an element like the app's Connection status (same role,
 * name and classes, so the same style). Does nothing once the app has replaced the shell, or failed to load.
 */
export function showBootStatus(doc: Document, status: 'Connecting' | 'Connected', server: string): void {
  const shell = doc.querySelector('.boot-shell');
  // Not once the app's script has failed to load: the shell then says that instead (src/start-app.ts).
  if (!shell || shell.hasAttribute('data-load-failed')) return;
  let element = shell.querySelector<HTMLElement>('[role="status"]');
  if (!element) {
    const bar = doc.createElement('div');
    bar.className = 'connection-status-bar';
    element = doc.createElement('div');
    element.setAttribute('role', 'status');
    element.setAttribute('aria-label', 'Connection status');
    bar.append(element);
    (shell.querySelector('.appbar') ?? shell).append(bar);
  }
  const state = `conn-${status.toLowerCase()}`;
  element.className = `connection-status ${state}`;
  const dot = doc.createElement('span');
  dot.className = `dot ${state}`;
  dot.setAttribute('aria-hidden', 'true');
  const word = doc.createElement('strong');
  word.textContent = status;
  element.replaceChildren(dot, word);
  const note = shell.querySelector('.boot-note');
  // The server's address is the user's own text: set as text, never as markup.
  if (note) note.textContent = `${status === 'Connected' ? 'Connected to' : 'Connecting to'} ${server}. Starting the dashboard…`;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  // This script runs: the built page's "has not started" note (vite.config.ts, `.boot-stuck`) stays hidden.
  document.documentElement.setAttribute('data-early-script', '');
  const early = startEarlyInitialize(location.search, window.fetch.bind(window));
  void startAppAfterFirstFrame(
    document,
    (src) => import(/* @vite-ignore */ src),
    { frame: (run) => requestAnimationFrame(run), timeout: (run, ms) => setTimeout(run, ms) },
    early?.stream,
  ).then((outcome) => {
    // Nobody will take the early session: it is ended now rather than after UNTAKEN_MS.
    if (outcome === 'failed' && early && !early.taken) early.drop();
  });
  if (early) {
    window.taskdeckEarlyInitialize = early;
    // The shell is looked for once the document is parsed. `still` is asked again when the status is written: a
    // session ended meanwhile is not shown as Connected.
    const show = (status: 'Connecting' | 'Connected', still: () => boolean = () => true) =>
      whenParsed(document, () => {
        if (still()) showBootStatus(document, status, early.url);
      });
    show('Connecting');
    void early.stream.then((opened) => {
      if (opened) show('Connected', () => !opened.signal.aborted && !early.dropped);
    });
  }
}
