/**
 * Hostile server text: results built to be slow to draw (markdown quadratic on emphasis, 300 levels of nesting, a
 * long valid document, 40,000 list-like lines, megabyte strings in a result and a status message), from the
 * misbehaving test server. Measures every frame the page spent over 50 ms from the click on "Run as task" until
 * the result is drawn whole, with Long Animation Frames (script, style, layout and paint together).
 */
import type { Browser } from '@playwright/test';
import type { RunningServer } from '../server/app';
import { startMisbehavingServer } from '../server/misbehaving';
import { frame, runTool } from './harness';

const WATCH_FRAMES = `
  window.__loaf = [];
  window.__loafDetail = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__loaf.push(e.duration);
      window.__loafDetail.push({
        duration: Math.round(e.duration),
        blocking: Math.round(e.blockingDuration),
        render: Math.round(e.renderStart ? e.startTime + e.duration - e.renderStart : 0),
        style: Math.round(e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0),
        scripts: e.scripts.map((s) => ({
          invoker: s.invoker,
          fn: s.sourceFunctionName,
          at: (s.sourceURL || '').split('/').pop() + ':' + s.sourceCharPosition,
          ms: Math.round(s.duration),
          layout: Math.round(s.forcedStyleAndLayoutDuration),
        })),
      });
    }
  }).observe({ type: 'long-animation-frame' });
`;

/** BENCH_DETAIL=1: print each frame over 50 ms with the scripts it ran (what a profile of this scenario starts from). */
const detail = process.env.BENCH_DETAIL === '1';
/**
 * BENCH_TRACE=1: also trace the page and print its main thread's longest tasks by thread time (CPU time: unlike a
 * frame's length, it does not grow when other processes share the cores), with the events that took most of each.
 */
export const trace = process.env.BENCH_TRACE === '1';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

/** The renderer main thread's tasks over 20 ms of thread time, longest first, each with its heaviest inner events. */
export function longTasksByThreadTime(events: TraceEvent[]): string[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return ['(no renderer main thread in the trace)'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.tdur ?? 0) > 20_000).sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inner = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts < end && e.name !== 'RunTask' && (e.tdur ?? e.dur ?? 0) > 1_000)
      .sort((a, b) => (b.tdur ?? b.dur ?? 0) - (a.tdur ?? a.dur ?? 0))
      .slice(0, 8)
      .map((e) => {
        const data = e.args?.data;
        const what = data?.functionName || data?.type || (data?.url ?? '').split('/').pop() || '';
        return `${e.name}${what ? `(${what})` : ''} ${Math.round((e.tdur ?? e.dur ?? 0) / 1000)}${e.tdur === undefined ? ' wall' : ''}`;
      });
    return `${Math.round((task.tdur ?? 0) / 1000)} ms cpu (${Math.round((task.dur ?? 0) / 1000)} ms wall): ${inner.join(', ')}`;
  });
}

/** The tools run one after another, each result drawn whole before the next. */
const TOOLS = ['hostile_markdown', 'megabyte_strings'];
/**
 * The control: the same steps for a tool whose result is one short line (it only pushes its states out of order), so
 * the figures show how much of a hostile run's long frames is the page's own work of starting, selecting and drawing a
 * task. It runs once before the measured runs to warm the page up (the first result loads the viewer's code), and is
 * measured after the hostile tools, as many times as there are hostile tools.
 */
const CONTROL = 'out_of_order';

type Page = Awaited<ReturnType<Browser['newPage']>>;

/** Runs `tool` as a task and waits until it is selected, completed, and its result drawn whole (no part still busy). */
async function runAndDraw(page: Page, tool: string): Promise<void> {
  const ids = () => page.locator('tr[data-task-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id') ?? ''));
  const before = new Set(await ids());
  await runTool(page, tool, {});
  let id: string | undefined;
  while (!(id = (await ids()).find((x) => !before.has(x)))) await frame(page);
  await page
    .locator(`tr[data-task-id="${id}"][aria-selected="true"][data-status="completed"]`)
    .waitFor({ state: 'attached', timeout: 60_000 });
  await page.locator('#result-region .result-viewer').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('#result-region [aria-busy="true"]'), undefined, { timeout: 60_000 });
}

/** The long animation frames seen since the last call (one more frame first, so the observer has reported the last). */
async function takeFrames(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const w = window as unknown as { __loaf: number[]; __loafDetail: unknown[] };
    w.__loafDetail.length = 0;
    return w.__loaf.splice(0);
  });
}

export async function hostileText(browser: Browser, app: RunningServer) {
  const server = await startMisbehavingServer();
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  try {
    await page.addInitScript(WATCH_FRAMES);
    await page.goto(`${app.origin}/?${new URLSearchParams({ server: server.url, transport: 'streamable-http' }).toString()}`);
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
    await runAndDraw(page, CONTROL);
    await takeFrames(page);
    if (trace)
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink'],
      });
    let drawn = 0;
    for (const tool of TOOLS) {
      await runAndDraw(page, tool);
      drawn += 1;
    }
    if (detail)
      console.log(JSON.stringify(await page.evaluate(() => (window as unknown as { __loafDetail: unknown[] }).__loafDetail), null, 1));
    const frames = await takeFrames(page);
    if (trace) {
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      console.log(`main-thread tasks over 20 ms of thread time:\n  ${longTasksByThreadTime(traceEvents).join('\n  ')}`);
    }
    for (const _ of TOOLS) await runAndDraw(page, CONTROL);
    const control = await takeFrames(page);
    return {
      results: drawn,
      longestFrameMs: Math.round(Math.max(0, ...frames)),
      framesOver50ms: frames.length,
      controlLongestFrameMs: Math.round(Math.max(0, ...control)),
      controlFramesOver50ms: control.length,
    };
  } finally {
    await page.close();
    await server.close();
  }
}
