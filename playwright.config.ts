import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3299);
export const e2eOrigin = `http://127.0.0.1:${port}`;
/** The protocol's reference server (@modelcontextprotocol/server-everything), for interoperability tests. */
export const everythingPort = Number(process.env.E2E_EVERYTHING_PORT ?? 3298);

type TraceMode = 'off' | 'on' | 'retain-on-failure' | 'on-first-retry';
function traceMode(value: string | undefined): TraceMode {
  return value === 'on' || value === 'retain-on-failure' || value === 'on-first-retry' ? value : 'off';
}

const everythingStdio = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two: with three the suite took longer on two cores (6.3 min, each test about half as slow again). E2E_WORKERS
  // overrides (1 for a quiet run of one spec).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  timeout: 120_000,
  // Waits are for states and end as soon as the state holds: long enough for a busy two-core machine.
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2eOrigin,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace snapshots the page on every action and
    // expectation, which made the suite about a third slower and the page's own frames several times longer.
    trace: traceMode(process.env.E2E_TRACE),
  },
  webServer: [
    {
      // Two stdio servers the local bridge may start by name (e2e/bridge.spec.ts).
      command: `npx tsx server/main.ts --port ${port} --server demo="node --import tsx server/main.ts --stdio" --server demo-seed="node --import tsx server/main.ts --stdio --dialect seed" --server everything="node ${everythingStdio} stdio"`,
      url: `${e2eOrigin}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import ./e2e/support/loopback.mjs node_modules/@modelcontextprotocol/server-everything/dist/index.js streamableHttp`,
      env: { PORT: String(everythingPort) },
      url: `http://127.0.0.1:${everythingPort}/mcp`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
  ],
});
