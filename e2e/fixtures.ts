/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter's pattern, empty when it has none. */
import { test as base } from '@playwright/test';
import type { RunningServer, ServerOptions } from '../server/app';
import { startMisbehavingServer, type MisbehavingServer } from '../server/misbehaving';
import { startDemo, startRecorder, startServerWithoutCors, type LoopbackServer, type RecordingServer } from './servers';

export { expect, type Page } from '@playwright/test';

interface ServerFixtures {
  /** Starts a demo server of this test's own (a fresh state unless `state` is given). Every one started is stopped
   * after the test, passed or failed; a test may stop one itself first (a restart), and start another on its port. */
  startDemo: (options?: Partial<ServerOptions>) => Promise<RunningServer>;
  /** A demo server of this test's own with the default options: its task list holds exactly this test's tasks. */
  demo: RunningServer;
  /** The server that breaks the protocol in every way it can (server/misbehaving.ts). */
  misbehaving: MisbehavingServer;
  /** A server that answers without any CORS header. */
  serverWithoutCors: LoopbackServer;
  /** A server, not MCP, that records the headers it is sent. */
  recorder: RecordingServer;
}

/** Makes `close` safe to call twice: the test's own call (a restart) and the teardown's. */
function closingOnce<T extends { close: () => Promise<void> }>(server: T): T {
  let closing: Promise<void> | undefined;
  return { ...server, close: () => (closing ??= server.close()) };
}

/** Starts a server for the test body and stops it afterwards, however the test ended. */
async function serve<T extends { close: () => Promise<void> }>(start: () => Promise<T>, use: (server: T) => Promise<void>) {
  const server = await start();
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

export const test = base.extend<ServerFixtures>({
  startDemo: async ({}, use) => {
    const started: RunningServer[] = [];
    try {
      await use(async (options) => {
        const server = closingOnce(await startDemo(options));
        started.push(server);
        return server;
      });
    } finally {
      // Newest first, as nested try/finally blocks would.
      for (const server of started.reverse()) await server.close();
    }
  },
  demo: async ({ startDemo: start }, use) => use(await start()),
  misbehaving: ({}, use) => serve(startMisbehavingServer, use),
  serverWithoutCors: ({}, use) => serve(startServerWithoutCors, use),
  recorder: ({}, use) => serve(startRecorder, use),
});
