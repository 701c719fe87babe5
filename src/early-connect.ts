/**
 * The first script of the page, loaded on its own before the app's bundle (vite.config.ts adds it to index.html).
 * A page opened from a link to a Streamable HTTP server sends that server the `initialize` request the app is about
 * to send, now, while the bundle is still downloading and compiling. The app takes the answer for its first
 * connection to the server when its own request is the same (src/mcp/early-initialize.ts). It imports nothing at run
 * time, so it stays a small file of its own.
 *
 * It sends what the app sends on its own: no credentials (the app adds those, and then asks again), nothing for the
 * local bridge, a stdio server or legacy SSE.
 */
import type { EarlyInitialize } from './mcp/early-initialize';

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

/** Sends the request and leaves it for the app; `fetch` and the timer are parameters for the tests. */
export function startEarlyInitialize(
  search: string,
  fetch: typeof globalThis.fetch,
  later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms),
): EarlyInitialize | undefined {
  const request = earlyRequest(search);
  if (!request) return undefined;
  const response = fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: request.body,
    // As the SDK asks: a redirect is its to follow (within the origin) or to report.
    redirect: 'manual',
  });
  // Nobody may be waiting on it yet: a failure is the app's to find out, with its own request.
  response.catch(() => {});
  let dropped = false;
  const early: EarlyInitialize = {
    ...request,
    response,
    taken: false,
    drop: () => {
      if (dropped) return;
      dropped = true;
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

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const early = startEarlyInitialize(location.search, window.fetch.bind(window));
  if (early) window.taskdeckEarlyInitialize = early;
}
