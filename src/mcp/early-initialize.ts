/**
 * The `initialize` request sent before the app's script has loaded (src/early-connect.ts, the small script index.html
 * loads, which imports the app's after the first frame). A page opened from a link to a Streamable HTTP server has
 * that request on its way while the bundle downloads and compiles; the app's first connection to the server takes the
 * answer instead of asking again, when it would have sent exactly the same request. Anything else (another address,
 * another body, credentials or headers of the user's, a request the app never makes) gets the app's own request, and
 * the early session is ended.
 */
import { hashKey } from '@tanstack/react-query';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The `notifications/initialized` the early script sent after the answer, as sent. */
interface EarlyNotification {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly response: Promise<Response>;
}

/** The notification stream (GET) the early script opened once the notification was accepted. */
interface EarlyStream {
  /** The session's headers and `accept`, as sent. */
  readonly headers: Readonly<Record<string, string>>;
  readonly response: Promise<Response>;
  /** Aborted when the stream is ended (the early session dropped, or the app's SDK closing the stream it took). */
  readonly signal: AbortSignal;
  abort: () => void;
}

/** What the early script leaves on `window` for the app. */
export interface EarlyInitialize {
  /** The server, as `URL.href` writes it. */
  readonly url: string;
  /** The request's JSON text, as sent. */
  readonly body: string;
  /** The server's answer, body unread (the SDK reads it). */
  readonly response: Promise<Response>;
  /** The initialized notification, once the answer named the session and the protocol version; undefined if not sent. */
  readonly initialized: Promise<EarlyNotification | undefined>;
  /** The notification stream, once the notification was accepted; undefined if not opened. */
  readonly stream: Promise<EarlyStream | undefined>;
  /** Whether a connection has taken it; the early script ends a session nobody took within a while. */
  taken: boolean;
  /** Whether it was ended (not taken in time, or not the app's request): no connection may take it then. */
  readonly dropped: boolean;
  /** Ends the early session: aborts its stream, lets its answer go unread, and sends DELETE with its session id. */
  drop: () => void;
}

declare global {
  interface Window {
    taskdeckEarlyInitialize?: EarlyInitialize;
  }
}

/** Headers the SDK sets on every POST; any other (a token, the user's own headers) means another request. */
const PLAIN_HEADERS = new Set(['content-type', 'accept']);

/** The same JSON value, keys in any order (Query's key hash writes objects with sorted keys). */
function sameJson(a: string, b: string): boolean {
  try {
    return hashKey([JSON.parse(a)]) === hashKey([JSON.parse(b)]);
  } catch {
    return false;
  }
}

/** Whether the app's request is the one the early script sent: same address and body, and `headers` (others none). */
function isSameRequest(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  input: string | URL | Request,
  init: RequestInit | undefined,
): boolean {
  if (input instanceof Request || String(input) !== url) return false;
  if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || typeof init?.body !== 'string') return false;
  const sent = new Headers(init.headers);
  for (const [name, value] of sent) if (!PLAIN_HEADERS.has(name) && headers[name] !== value) return false;
  if (Object.keys(headers).some((name) => !sent.has(name))) return false;
  return sameJson(init.body, body);
}

/** The early answer, unless `signal` aborts first (the connect timed out, or was given up). */
function unlessAborted<T>(response: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return response;
  const reason = () => (signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted.', 'AbortError'));
  if (signal.aborted) return Promise.reject(reason());
  return new Promise((resolve, reject) => {
    const aborted = () => reject(reason());
    signal.addEventListener('abort', aborted, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}

/** The early answer to the request, or, if it could not be had, the answer to the app's own. */
function earlyOr(
  response: Promise<Response>,
  base: Fetch,
  input: string | URL | Request,
  init: RequestInit | undefined,
): Promise<Response> {
  return unlessAborted(response, init?.signal).catch((error: unknown) => {
    if (init?.signal?.aborted) throw error;
    return base(input, init);
  });
}

/** Whether the app's request is the GET that opens the session's notification stream, as the early script sent it. */
function isSameStream(
  url: string,
  headers: Readonly<Record<string, string>>,
  input: string | URL | Request,
  init: RequestInit | undefined,
): boolean {
  if (input instanceof Request || String(input) !== url) return false;
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return false;
  const sent = new Headers(init?.headers);
  // A resumption (Last-Event-ID) is another request: the early stream starts from the beginning.
  for (const [name, value] of sent) {
    if (name === 'accept') {
      if (!value.includes('text/event-stream')) return false;
    } else if (headers[name] !== value) return false;
  }
  return Object.keys(headers).every((name) => sent.has(name));
}

/**
 * The early stream's answer for the app's GET. The app's SDK ends its stream through its own signal; that ends the
 * early one, whose request was sent with the early script's signal.
 */
function takeStream(stream: EarlyStream, init: RequestInit | undefined): Promise<Response> {
  const signal = init?.signal;
  if (signal) {
    if (signal.aborted) stream.abort();
    else signal.addEventListener('abort', () => stream.abort(), { once: true });
  }
  return stream.response;
}

/**
 * `base`, except that the first requests of a connection to `url` (initialize, then the initialized notification,
 * then the GET that opens the notification stream) are answered with the early script's answers when they are the
 * same requests. Only one connection takes them, the first to the same address to send a request; the others get
 * `base` as is.
 */
export function withEarlyInitialize(url: URL, base: Fetch): Fetch {
  const early = typeof window === 'undefined' ? undefined : window.taskdeckEarlyInitialize;
  if (!early || early.taken || early.dropped || early.url !== url.href) return base;
  /**
   * Whether this connection took the early session: decided at its first request, not when the connection is made. A
   * connection can end before it sends anything (an auth provider that throws): the session is then left untaken, for
   * another connection or for the early script's timer to end.
   */
  let took: boolean | undefined;
  let step: 'initialize' | 'initialized' | 'done' = 'initialize';
  /** Whether the session's first GET (or its DELETE) has come: it takes the early stream, or ends it. */
  let streamAsked = false;
  /** Whether the app's initialize took the early answer (else the early stream, if any, is not this session's). */
  let sameSession = false;
  // Not async: after the handshake every request of the session passes here, and goes straight to `base`.
  return (input, init) => {
    if (took === undefined) {
      took = !early.taken && !early.dropped;
      if (took) early.taken = true;
    }
    if (!took) return base(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (step === 'done' && sameSession && !streamAsked && (method === 'GET' || method === 'DELETE')) {
      streamAsked = true;
      // The SDK may send its GET before or after the app's first requests: the first GET of the session is the one.
      return early.stream
        .catch(() => undefined)
        .then((stream) => {
          if (stream && method === 'GET' && isSameStream(early.url, stream.headers, input, init) && !stream.signal.aborted)
            return takeStream(stream, init).catch((error: unknown) => {
              if (init?.signal?.aborted) throw error;
              return base(input, init);
            });
          stream?.abort();
          return base(input, init);
        });
    }
    if (step === 'initialize') {
      if (!isSameRequest(early.url, early.body, {}, input, init)) {
        step = 'done';
        early.drop();
        return base(input, init);
      }
      step = 'initialized';
      sameSession = true;
      // The app's transport closed before its first GET (the connect timed out or was given up): nobody will take
      // the early stream, and the session is the early script's to end.
      init?.signal?.addEventListener(
        'abort',
        () => {
          if (streamAsked) return;
          streamAsked = true;
          early.drop();
        },
        { once: true },
      );
      // The same request, already answered or on its way. Had it failed to reach the server, the app's own request
      // finds out why.
      return earlyOr(early.response, base, input, init);
    }
    if (step === 'initialized') {
      step = 'done';
      // Waited for no longer than the app's transport lives: the SDK's connect timeout covers initialize only.
      return unlessAborted(
        early.initialized.catch(() => undefined),
        init?.signal,
      ).then((sent) => {
        if (sent && isSameRequest(early.url, sent.body, sent.headers, input, init))
          return earlyOr(sent.response, base, input, init).then((answer) => {
            // Not 202: the SDK opens no stream (nor did the early script), so no GET will come to end it by.
            if (answer.status !== 202) streamAsked = true;
            return answer;
          });
        // The app sends its own notification: the early stream (if any) is not the one its GET will ask for.
        streamAsked = true;
        void early.stream.then((stream) => stream?.abort()).catch(() => {});
        return base(input, init);
      });
    }
    return base(input, init);
  };
}
