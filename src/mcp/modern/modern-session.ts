/**
 * A "session" with an MCP 2026-07-28 server: there is none on the wire (every request stands alone), so this is the
 * client, what `server/discover` said, and a heartbeat. Loaded only once a server turns out to speak 2026-07-28.
 */
import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { isNetworkFailure, messageOf } from '../errors';
import type { McpSession, ConnectOptions } from '../session';
import { ModernClient } from './modern-client';
import { META_SERVER, MODERN_VERSION, TASKS_EXTENSION } from './wire';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Whether a `server/discover` answer is from a server that speaks 2026-07-28. */
export function speaksModern(discovered: Record<string, unknown>): boolean {
  return Array.isArray(discovered.supportedVersions) && discovered.supportedVersions.includes(MODERN_VERSION);
}

/**
 * The server's capabilities as the page reads them for every generation: the tasks extension becomes `tasks` with
 * cancel and task-augmented tools/call (there is no tasks/list in this generation).
 */
function capabilitiesOf(discovered: Record<string, unknown>): ServerCapabilities {
  const advertised = record(discovered.capabilities);
  const { extensions, ...rest } = advertised;
  const tasks = TASKS_EXTENSION in record(extensions);
  return { ...(rest as ServerCapabilities), ...(tasks && { tasks: { cancel: {}, requests: { tools: { call: {} } } } }) };
}

/**
 * Asks the server whether it speaks 2026-07-28 (`server/discover`): the client and the discovery when it does,
 * undefined when it does not (or does not answer in a way that says so).
 */
export async function discoverModern(
  url: URL,
  options: ConnectOptions,
  events: ConstructorParameters<typeof ModernClient>[0]['events'],
): Promise<{ client: ModernClient; discovered: Record<string, unknown> } | undefined> {
  const client = new ModernClient({ url, headers: options.headers, log: options.log, events, fetch: options.fetch });
  try {
    const discovered = await client.discover(AbortSignal.timeout(options.timeoutMs ?? 15_000));
    if (speaksModern(discovered)) return { client, discovered };
  } catch {
    // Not a 2026-07-28 server (an older one refuses the request without a session).
  }
  client.close();
  return undefined;
}

export function modernSession(
  url: URL,
  options: ConnectOptions,
  found: { client: ModernClient; discovered: Record<string, unknown> },
  transportNote: string,
): McpSession {
  const { client, discovered } = found;
  let closed = false;
  let checking = false;
  // No stream tells us the server went away: ask it now and then.
  const heartbeat = setInterval(() => {
    if (closed || checking) return;
    checking = true;
    client
      .discover(AbortSignal.timeout(5000))
      .catch((error: unknown) => {
        if (!closed && isNetworkFailure(error)) options.events.lost(`The server stopped answering (${messageOf(error)}).`);
      })
      .finally(() => (checking = false));
  }, options.heartbeatMs ?? 15_000);
  const serverInfo = record(record(discovered._meta)[META_SERVER]);
  return {
    client,
    serverUrl: url.toString(),
    generation: options.generation,
    transport: 'streamable-http',
    transportNote,
    serverInfo: typeof serverInfo.name === 'string' ? (serverInfo as unknown as Implementation) : undefined,
    protocolVersion: MODERN_VERSION,
    capabilities: capabilitiesOf(discovered),
    instructions: typeof discovered.instructions === 'string' ? discovered.instructions : undefined,
    // Listen streams are opened per set of tasks, as tasks come: nothing to wait for here.
    notificationStream: Promise.resolve('open'),
    ...(options.fetch && { via: 'bridge' as const }),
    close() {
      closed = true;
      clearInterval(heartbeat);
      client.close();
      return Promise.resolve();
    },
  };
}
