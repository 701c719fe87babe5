import './zod-setup';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import {
  ElicitRequestSchema,
  RELATED_TASK_META_KEY,
  type ElicitResult,
  type Implementation,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CheckedElsewhere } from './checked-elsewhere';
import { CLIENT_CAPABILITIES, CLIENT_INFO } from './client-identity';
import { withEarlyInitialize } from './early-initialize';
import { ConnectionError, describeConnectError, httpStatusOf, isNetworkFailure, messageOf, parseServerUrl } from './errors';
import { LoggingTransport } from './logging-transport';
import { offloadSseAnswers, watchGetStream, type StreamState } from './session-fetch';
import type { ProtocolLog } from './protocol-log';
import type { TaskClient } from './task-client';
import { launchStdio, stopStdio, throughBridge, withBridgeToken, type StdioLaunch } from './bridge-client';
import { TASK_PUSH_METHODS, type StreamPush, type StreamPushMethod } from './push-split';

/** `bridge`: Auto through the local bridge (a server without CORS); `stdio`: a process the local bridge starts. */
export type TransportChoice = 'auto' | 'streamable-http' | 'sse' | 'bridge' | 'stdio';
const TRANSPORT_CHOICES: readonly unknown[] = ['auto', 'streamable-http', 'sse', 'bridge', 'stdio'] satisfies TransportChoice[];
/** Whether a value read from a link or from storage is one of the transports. */
export const isTransportChoice = (value: unknown): value is TransportChoice => TRANSPORT_CHOICES.includes(value);
type TransportKind = 'streamable-http' | 'sse';

/** The status pushes of every generation: both older dialects' (TASK_PUSH_METHODS), and 2026-07-28's (on a subscriptions/listen stream). */
export type TaskPushMethod = StreamPushMethod | 'notifications/tasks';

interface SessionEvents {
  /** A task status push arrived; params are untrusted. */
  taskPush: (params: unknown, method: TaskPushMethod) => void;
  /** The server asks the user for input; resolve with the user's answer. `signal` aborts if the server gives up. */
  elicitation: (
    request: { key: string; message: string; requestedSchema: unknown; taskId?: string },
    signal: AbortSignal,
  ) => Promise<ElicitResult>;
  /** The server stopped answering (stream gone and ping failed), or the transport closed by itself. */
  lost: (reason: string) => void;
  /** The server broke a rule of its protocol generation (2026-07-28's are checked as the traffic passes). */
  violation?: (detail: string, taskId?: string) => void;
}

export interface McpSession {
  readonly client: TaskClient;
  readonly serverUrl: string;
  /** Which session of this tab this is (1, 2, … as it reconnects). */
  readonly generation: number;
  readonly transport: TransportKind;
  /** Reached through the local bridge: a stdio process it started, or an HTTP server it forwards to. */
  readonly via?: 'stdio' | 'bridge';
  /** Why this transport was chosen (Auto explains its fallback). */
  readonly transportNote: string | undefined;
  readonly serverInfo: Implementation | undefined;
  readonly protocolVersion: string | undefined;
  readonly capabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  /**
   * The notification stream, requested when the session opened (Connected does not wait for it): settles `open` once
   * the server answers the GET with an event stream, `none` when it offers none (405): live status then comes by polling.
   */
  readonly notificationStream: Promise<NotificationStream>;
  close: () => Promise<void>;
}

export interface ConnectOptions {
  url: string;
  transport: TransportChoice;
  generation: number;
  headers?: Record<string, string>;
  events: SessionEvents;
  log?: ProtocolLog;
  /** How long to wait for initialize, and then for the notification stream. */
  timeoutMs?: number;
  /** How often an idle session checks the server is still there. */
  heartbeatMs?: number;
  /** For transport `stdio`: what the bridge starts, and who follows the process it started. */
  stdio?: { launch: StdioLaunch; launched: (process: { id: string; command: string }) => void };
  /** The fetch under the transports (the local bridge's, for `bridge` and `stdio`). */
  fetch?: typeof fetch;
  /** OAuth: the SDK's transport signs requests with its tokens and refreshes them on a 401 (oauth.ts). */
  authProvider?: OAuthClientProvider;
  /** A 401 answer (Streamable HTTP), for its WWW-Authenticate challenge. */
  onUnauthorized?: (response: Response) => void;
}

function createClient(events: SessionEvents): Client {
  const client = new Client(CLIENT_INFO, {
    capabilities: CLIENT_CAPABILITIES,
    jsonSchemaValidator: new CheckedElsewhere(),
  });
  let elicitations = 0;
  client.setRequestHandler(ElicitRequestSchema, (request, extra) => {
    const params = request.params as { message?: unknown; requestedSchema?: unknown; _meta?: Record<string, unknown> };
    const related = params._meta?.[RELATED_TASK_META_KEY] as { taskId?: unknown } | undefined;
    return events.elicitation(
      {
        key: `${String(extra.requestId)}:${++elicitations}`,
        message: typeof params.message === 'string' ? params.message : '(the server sent no message)',
        requestedSchema: params.requestedSchema,
        ...(typeof related?.taskId === 'string' && { taskId: related.taskId }),
      },
      extra.signal,
    );
  });
  for (const method of TASK_PUSH_METHODS) {
    const schema = z.object({ method: z.literal(method), params: z.unknown() });
    client.setNotificationHandler(schema, (notification) => events.taskPush(notification.params, method));
  }
  return client;
}

export type NotificationStream = 'open' | 'none';

/** Whether a no-cors request reaches the server: it does for a CORS block, it does not for a dead server. */
async function probeReachable(url: URL): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET', mode: 'no-cors', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

async function connectWith(kind: TransportKind, url: URL, options: ConnectOptions, transportNote?: string): Promise<McpSession> {
  const client = createClient(options.events);
  const requestInit: RequestInit = options.headers ? { headers: options.headers } : {};
  const timeoutMs = options.timeoutMs ?? 15_000;
  let closing = false;
  let lost = false;
  let checking = false;
  const declareLost = (reason: string) => {
    if (closing || lost) return;
    lost = true;
    options.events.lost(reason);
  };
  /** Something looked wrong: ask the server directly before declaring it gone. */
  const checkAlive = (reason: string) => {
    if (closing || lost || checking) return;
    checking = true;
    client
      .ping({ timeout: 2000 })
      .then(() => {
        // Alive, but a GET stream that exhausted its own retries stays down: start over.
        if (/Maximum reconnection attempts/.test(reason)) declareLost('The notification stream could not be resumed.');
      })
      .catch((error: unknown) => declareLost(`${reason} (ping: ${messageOf(error)})`))
      .finally(() => (checking = false));
  };

  let inner: Transport;
  let streamReady: Promise<StreamState>;
  if (kind === 'streamable-http') {
    const onPush = (push: StreamPush) => {
      options.log?.record('in', push.message, Date.now(), undefined, push.text);
      try {
        options.events.taskPush(push.params, push.method);
      } catch (error) {
        // As the SDK does with a handler's error: reported, and the stream reads on.
        client.onerror?.(error instanceof Error ? error : new Error(messageOf(error)));
      }
    };
    const watched = watchGetStream(
      () => checkAlive('The notification stream ended.'),
      // Straight to the server: the first request may already have been sent by the page's early script.
      options.fetch ?? withEarlyInitialize(url, fetch),
      options.onUnauthorized,
      onPush,
    );
    inner = new StreamableHTTPClientTransport(url, {
      requestInit,
      ...(options.authProvider && { authProvider: options.authProvider }),
      fetch: watched.fetch,
      reconnectionOptions: { initialReconnectionDelay: 500, maxReconnectionDelay: 5000, reconnectionDelayGrowFactor: 1.5, maxRetries: 3 },
    });
    streamReady = watched.opened;
  } else {
    inner = new SSEClientTransport(url, { requestInit, fetch: offloadSseAnswers(options.fetch ?? fetch) });
    streamReady = Promise.resolve('open');
  }
  const transport = options.log ? new LoggingTransport(inner, options.log) : inner;
  client.onerror = (error) => checkAlive(messageOf(error));
  client.onclose = () => declareLost('The connection closed.');
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    const reachable = isNetworkFailure(error) && !options.fetch ? await probeReachable(url) : undefined;
    const described = describeConnectError(error, { url: url.toString(), transport: kind, ...(reachable !== undefined && { reachable }) });
    described.status ??= httpStatusOf(error);
    throw described;
  }
  // Initialized, and the stream requested: connected. A proxy that holds the stream's first bytes back does not hold
  // the page back; Server info says when the stream is confirmed.
  const notificationStream = streamReady.then((state): NotificationStream => (state === 'open' ? 'open' : 'none'));
  const heartbeat = setInterval(() => checkAlive('The server stopped answering.'), options.heartbeatMs ?? 15_000);
  return {
    client,
    serverUrl: url.toString(),
    generation: options.generation,
    transport: kind,
    transportNote,
    ...(options.fetch && { via: options.transport === 'stdio' ? 'stdio' : 'bridge' }),
    serverInfo: client.getServerVersion(),
    protocolVersion: inner instanceof StreamableHTTPClientTransport ? inner.protocolVersion : undefined,
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    notificationStream,
    async close() {
      closing = true;
      clearInterval(heartbeat);
      if (inner instanceof StreamableHTTPClientTransport && !lost) {
        await inner.terminateSession().catch(() => {});
      }
      await client.close().catch(() => {});
    },
  };
}

/**
 * Whether the server speaks MCP 2026-07-28 (asked with `server/discover`), and if so its session. Loaded only then:
 * the code for that generation is not part of the first page load.
 */
async function tryModern(url: URL, options: ConnectOptions, refused: unknown): Promise<McpSession | undefined> {
  const { discoverModern, modernSession } = await import('./modern/modern-session');
  const found = await discoverModern(url, options, {
    taskPush: options.events.taskPush,
    elicitation: options.events.elicitation,
    violation: (detail, taskId) => options.events.violation?.(detail, taskId),
  });
  if (!found) return undefined;
  return modernSession(
    url,
    options,
    found,
    `MCP 2026-07-28: initialize was refused (${messageOf(refused)}); server/discover offered 2026-07-28, so tasks go through the tasks extension.`,
  );
}

/**
 * Opens an MCP session. Over Streamable HTTP (Auto or chosen) it starts with initialize (the seed draft and
 * 2025-11-25); when that is refused with an HTTP 4xx, it asks whether the server speaks 2026-07-28 (server/discover)
 * and, with `auto`, falls back to legacy SSE when it does not.
 */
export async function connectToServer(given: ConnectOptions): Promise<McpSession> {
  if (given.transport === 'stdio') return connectStdio(given);
  const options = given.transport === 'bridge' ? { ...given, fetch: throughBridge() } : given;
  const url = parseServerUrl(options.url);
  if (options.transport === 'sse') return connectWith('sse', url, options);
  try {
    return await connectWith('streamable-http', url, options);
  } catch (error) {
    const status = error instanceof ConnectionError ? error.status : undefined;
    const refused = status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
    if (!refused) throw error;
    // Through the bridge too: the 2026-07-28 client's requests go through the same fetch.
    const modern = await tryModern(url, options, error);
    if (modern) return modern;
    if (options.transport !== 'auto' && options.transport !== 'bridge') throw error;
    try {
      return await connectWith(
        'sse',
        url,
        options,
        `Auto: Streamable HTTP was refused (${(error as Error).message}), so legacy SSE was used.`,
      );
    } catch {
      throw error;
    }
  }
}

/**
 * A stdio server: the local bridge starts the process and relays its JSON-RPC as a Streamable HTTP endpoint of its
 * own, so the session is an ordinary Streamable HTTP one (every generation's messages pass unchanged). Closing the
 * session ends it (DELETE), which stops the process.
 */
async function connectStdio(options: ConnectOptions): Promise<McpSession> {
  if (!options.stdio)
    throw new ConnectionError('invalid-url', 'Enter the command of a stdio server, or the name of one configured with npm start.');
  const started = await launchStdio(options.stdio.launch);
  options.stdio.launched(started);
  try {
    const session = await connectWith(
      'streamable-http',
      started.url,
      { ...options, fetch: withBridgeToken() },
      `stdio: ${started.command}`,
    );
    return {
      ...session,
      serverUrl: options.url,
      // Always stopped with its session: a session closed as lost sends no DELETE, and the process would live on
      // beside the one a reconnect starts.
      close: async () => {
        await session.close();
        await stopStdio(started.id);
      },
    };
  } catch (error) {
    await stopStdio(started.id);
    throw error;
  }
}
