/**
 * Where the main thread's time goes in one bench scenario: `npx tsx bench/profile.ts [storm|large|cold|burst]` (the update
 * storm, a burst of 10,000 unseen tasks announced by pushes (`burst 2000` for another count), a 50 MB result from the click on "Run as task" to its size notice and then through "Show content", or a
 * cold start: a link to the demo server in a fresh context, from navigation to `Connected`).
 * Records a CPU profile of the built app in Chromium (CDP Profiler) while the scenario runs, and prints the
 * functions with the most self time, plus the heaviest stretch without a yield (the longest task, roughly).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startServer } from '../server/app';
import { appNeedsBuild, buildApp } from '../server/build-app';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium';
import { completedCount, openRunTool, runTool } from './harness';
import { startMisbehavingServer, type MisbehavingServer } from '../server/misbehaving';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The width of the cold start's time buckets (ms). */
const BUCKET_MS = Number(process.env.PROFILE_BUCKET_MS ?? 100);
/** The built files' source maps, read once each (undefined: the file has none). */
const maps = new Map<string, SourceMapConsumer | undefined>();

/** The built file a frame's code is in, and that file's source map (read on first use). */
function mapOf(frame: ProfileNode['callFrame']): { file: string; map: SourceMapConsumer | undefined } {
  const file = new URL(frame.url).pathname.split('/').pop() ?? '';
  if (!maps.has(file)) {
    const path = join(process.cwd(), 'dist', 'assets', `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMapConsumer(readFileSync(path, 'utf8')) : undefined);
  }
  return { file, map: maps.get(file) };
}

/**
 * Where a frame's code comes from, through the build's source maps: an npm package (`zod`, `react-dom`,
 * `@modelcontextprotocol/sdk`), a folder of the app (`src/features/task-list`), or the browser's own work (garbage
 * collection, DOM calls and the like, which have no script).
 */
function originOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(browser: DOM and built-ins)';
  const { file, map } = mapOf(frame);
  // A frame with no position (line -1: code the engine made up, such as a wrapper) has nothing to look up.
  if (frame.lineNumber < 0) return `${file} (no position)`;
  const source = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return `${file} (unmapped)`;
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const app = source.replace(/^(\.\.\/)+/, '').split('/');
  return app.slice(0, app[0] === 'src' && app.length > 3 ? 3 : 2).join('/');
}

/** A minified frame's place in the source, through the build's source maps: ` (src/tasks/x.ts:12 name)`, or nothing. */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url || frame.lineNumber < 0) return '';
  const at = mapOf(frame).map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return '';
  const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  return ` (${source}:${at.line ?? 0}${at.name ? ` ${at.name}` : ''})`;
}

const scenarios = ['large', 'cold', 'burst', 'hostile'] as const;
const scenario = scenarios.find((name) => name === process.argv[2]) ?? 'storm';
const burstCount = Number(process.argv[3] ?? 10_000);
const root = process.cwd();
if (await appNeedsBuild(root)) await buildApp(root);
const server = await startServer({ port: 0, host: '127.0.0.1', app: 'dist', root, allowOrigins: [], features: { bench: true } });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
// The hostile scenario's server (the misbehaving test server).
let misbehaving: MisbehavingServer | undefined;
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const cdp = await page.context().newCDPSession(page);
  if (scenario === 'hostile') misbehaving = await startMisbehavingServer();
  const link = misbehaving
    ? `${server.origin}/?${new URLSearchParams({ server: misbehaving.url, transport: 'streamable-http' }).toString()}`
    : server.dashboardUrl;
  // A cold start is profiled from a page of the same origin (the same renderer), nothing of the app loaded yet.
  await page.goto(scenario === 'cold' ? `${server.origin}/favicon.svg` : link);
  if (scenario !== 'cold') await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const run = scenario === 'cold' ? page.getByRole('region', { name: 'Run tool' }) : await openRunTool(page);
  if (scenario === 'cold') {
    await page.goto(server.dashboardUrl);
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
  } else if (scenario === 'burst') {
    await run.getByRole('combobox', { name: 'Tool' }).selectOption('bench_burst');
    await run.getByLabel(/^count\b/).fill(String(burstCount));
    await run.getByRole('button', { name: 'Run as task' }).click();
    await page.waitForFunction(
      (total) => Number(document.querySelector('table[aria-label="Tasks"]')?.getAttribute('aria-rowcount') ?? 0) >= total,
      burstCount + 1,
      { polling: 'raf', timeout: 180_000 },
    );
  } else if (scenario === 'storm') {
    await run.getByRole('combobox', { name: 'Tool' }).selectOption('bench_storm');
    await run.getByRole('button', { name: 'Run as task' }).click();
    // Until every storm task (and the storm itself) shows completed.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (await completedCount(page)) < 2001);
  } else if (scenario === 'hostile') {
    // As bench/hostile.ts: each tool's result drawn whole before the next.
    for (const tool of ['hostile_markdown', 'megabyte_strings']) {
      const rows = await page.locator('tr[data-task-id]').count();
      await runTool(page, tool, {});
      await page.locator('tr[data-task-id]').nth(rows).waitFor({ state: 'attached' });
      await page.locator('tr[data-task-id][aria-selected="true"][data-status="completed"]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.locator('#result-region .result-viewer').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('#result-region [aria-busy="true"]'), undefined, { timeout: 60_000 });
    }
  } else {
    await run.getByRole('combobox', { name: 'Tool' }).selectOption('big_payload');
    await run.getByLabel(/^size_mb\b/).fill('50');
    await run.getByRole('button', { name: 'Run as task' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByRole('button', { name: 'Show content' }).click({ timeout: 120_000 });
    await result.locator('.content-blocks').waitFor({ timeout: 120_000 });
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}${sourceOf(n.callFrame)}`;
  // Longest run of non-idle samples.
  let run0 = 0;
  let runMs = 0;
  let best = { ms: 0, start: 0, end: 0 };
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
      if (runMs > best.ms) best = { ms: runMs, start: run0, end: i };
      runMs = 0;
      run0 = i + 1;
      continue;
    }
    runMs += dt;
    self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  }
  // Self time within busy stretches over 50 ms only: what the long tasks are made of.
  const inLong = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** Each busy stretch over 50 ms: its length, and the functions with the most time in it, callees included. */
  const stretches: string[] = [];
  let stretch: number[] = [];
  let stretchMs = 0;
  const closeStretch = () => {
    if (stretchMs > 50) {
      const inclusive = new Map<string, number>();
      for (const i of stretch) {
        const seen = new Set<string>();
        for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
          const node = byId.get(id);
          if (!node || !node.callFrame.url) continue;
          const name = label(node);
          if (seen.has(name)) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
        }
      }
      const top = [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_STRETCH_TOP ?? 14));
      stretches.push(`${stretchMs.toFixed(0)} ms:\n${top.map(([name, ms]) => `  ${ms.toFixed(0).padStart(5)} ms  ${name}`).join('\n')}`);
    }
    if (stretchMs > 50)
      for (const i of stretch)
        inLong.set(
          label(byId.get(profile.samples[i]!)!),
          (inLong.get(label(byId.get(profile.samples[i]!)!)) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000,
        );
    stretch = [];
    stretchMs = 0;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const name = byId.get(profile.samples[i]!)!.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') closeStretch();
    else {
      stretch.push(i);
      stretchMs += (profile.timeDeltas[i] ?? 0) / 1000;
    }
  }
  closeStretch();
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  const busyMs = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(
    `busy (not idle) ${busyMs.toFixed(0)} ms of ${(profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} ms profiled`,
  );
  console.log(`top self time (${scenario}):`);
  for (const [name, ms] of top) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
  const inRun = new Map<string, number>();
  for (let i = best.start; i < best.end; i++) {
    const node = byId.get(profile.samples[i]!)!;
    inRun.set(label(node), (inRun.get(label(node)) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  console.log(`\nin busy stretches over 50 ms, top self time:`);
  for (const [name, ms] of [...inLong.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
  if (process.env.PROFILE_STRETCHES === '1') console.log(`\nbusy stretches over 50 ms (time with callees):\n${stretches.join('\n')}`);
  // Inclusive time: each function counted once per sample it is on the stack of (what a call costs, callees included).
  const inclusive = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      if (!node || !node.callFrame.url) continue;
      seen.add(label(node));
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
  }
  console.log(`\ntop inclusive time (callees included):`);
  for (const [name, ms] of [...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 40)))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
  // Self time by where the code comes from: which package or part of the app the main thread's time goes to.
  const byOrigin = new Map<string, number>();
  /** Busy time per BUCKET_MS of the profile, and its largest origin: when each part runs (for a cold start, its order). */
  const buckets = new Map<number, Map<string, number>>();
  let clock = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    clock += dt;
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    const origin = originOf(node.callFrame);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + dt);
    const bucket = buckets.get(Math.floor(clock / BUCKET_MS)) ?? new Map<string, number>();
    bucket.set(origin, (bucket.get(origin) ?? 0) + dt);
    buckets.set(Math.floor(clock / BUCKET_MS), bucket);
  }
  console.log(`\nself time by origin (through the source maps):`);
  for (const [origin, ms] of [...byOrigin.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${origin}`);
  if (scenario === 'cold' || process.env.PROFILE_BUCKETS === '1') {
    console.log(`\nbusy time per ${BUCKET_MS} ms (PROFILE_BUCKET_MS) from the profile's start, with its three largest origins:`);
    for (const [index, bucket] of [...buckets.entries()].sort((a, b) => a[0] - b[0])) {
      const total = [...bucket.values()].reduce((a, b) => a + b, 0);
      const largest = [...bucket.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      console.log(
        `${String(index * BUCKET_MS).padStart(6)} ms  busy ${total.toFixed(0).padStart(3)} ms  ${largest.map(([o, ms]) => `${o} ${ms.toFixed(0)}`).join(', ')}`,
      );
    }
  }
  console.log(`\nlongest busy stretch: ${best.ms.toFixed(0)} ms; its top self time:`);
  for (const [name, ms] of [...inRun.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
} finally {
  await browser.close();
  await misbehaving?.close();
  await server.close();
}
