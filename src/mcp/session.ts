import './zod-setup';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { z } from 'zod';
import { describeConnectError, httpStatusOf, parseServerUrl } from './errors';

export type TransportChoice = 'auto' | 'streamable-http' | 'sse';
export type TransportKind = 'streamable-http' | 'sse';

/** Both dialects' status push: the spec's name and the seed's. */
export const TASK_PUSH_METHODS = ['notifications/tasks/status', 'notifications/tasks/updated'] as const;
export type TaskPushMethod = (typeof TASK_PUSH_METHODS)[number];

export interface SessionEvents {
  /** A task status push arrived; params are untrusted. */
  taskPush(params: unknown, method: TaskPushMethod): void;
  /** The transport closed without the user asking. */
  lost(reason: string): void;
}

export interface McpSession {
  readonly client: Client;
  readonly serverUrl: string;
  readonly transport: TransportKind;
  readonly serverInfo: Implementation | undefined;
  readonly capabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  /** False when the server offers no notification stream (GET answered 405): live status then comes by polling. */
  readonly notificationStream: boolean;
  close(): Promise<void>;
}

export interface ConnectOptions {
  url: string;
  transport: TransportChoice;
  headers?: Record<string, string>;
  events: SessionEvents;
  /** How long to wait for the notification stream after initialize. */
  streamTimeoutMs?: number;
}

const CLIENT_INFO = { name: 'taskdeck', title: 'Taskdeck', version: '0.1.0' };

function pushSchema(method: TaskPushMethod) {
  return z.object({ method: z.literal(method), params: z.unknown() });
}

function createClient(events: SessionEvents): Client {
  const client = new Client(CLIENT_INFO, {
    capabilities: { tasks: { list: {}, cancel: {} } },
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  for (const method of TASK_PUSH_METHODS) {
    client.setNotificationHandler(pushSchema(method), (notification) => events.taskPush(notification.params, method));
  }
  return client;
}

type StreamState = 'open' | 'unsupported';

/** Wraps fetch to learn when the Streamable HTTP GET notification stream has opened (or was refused). */
function watchGetStream(): { fetch: typeof fetch; opened: Promise<StreamState> } {
  let settle: (state: StreamState) => void = () => {};
  const opened = new Promise<StreamState>((resolve) => (settle = resolve));
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
      const isStream = response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream');
      settle(isStream ? 'open' : 'unsupported');
    }
    return response;
  };
  return { fetch: wrapped, opened };
}

async function connectWith(kind: TransportKind, url: URL, options: ConnectOptions): Promise<McpSession> {
  const client = createClient(options.events);
  const requestInit: RequestInit = options.headers ? { headers: options.headers } : {};
  let transport: Transport;
  let streamReady: Promise<StreamState>;
  if (kind === 'streamable-http') {
    const watched = watchGetStream();
    transport = new StreamableHTTPClientTransport(url, { requestInit, fetch: watched.fetch });
    streamReady = watched.opened;
  } else {
    transport = new SSEClientTransport(url, { requestInit });
    streamReady = Promise.resolve('open');
  }
  let closing = false;
  await client.connect(transport);
  const timeout = new Promise<StreamState>((resolve) => setTimeout(() => resolve('unsupported'), options.streamTimeoutMs ?? 5000));
  const stream = await Promise.race([streamReady, timeout]);
  client.onclose = () => {
    if (!closing) options.events.lost('The server closed the connection.');
  };
  return {
    client,
    serverUrl: url.toString(),
    transport: kind,
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    notificationStream: stream === 'open',
    async close() {
      closing = true;
      if (transport instanceof StreamableHTTPClientTransport) {
        await transport.terminateSession().catch(() => {});
      }
      await client.close();
    },
  };
}

/** Opens an MCP session. With `auto`, tries Streamable HTTP and falls back to legacy SSE when the POST gets a 4xx. */
export async function connectToServer(options: ConnectOptions): Promise<McpSession> {
  const url = parseServerUrl(options.url);
  try {
    if (options.transport === 'sse') return await connectWith('sse', url, options);
    try {
      return await connectWith('streamable-http', url, options);
    } catch (error) {
      const status = httpStatusOf(error);
      const fallBack = options.transport === 'auto' && status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
      if (!fallBack) throw error;
      return await connectWith('sse', url, options);
    }
  } catch (error) {
    throw describeConnectError(error, url.toString());
  }
}
