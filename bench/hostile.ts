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

/** The tools run one after another, each result drawn whole before the next. */
const TOOLS = ['hostile_markdown', 'megabyte_strings'];

export async function hostileText(browser: Browser, app: RunningServer) {
  const server = await startMisbehavingServer();
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  try {
    await page.addInitScript(WATCH_FRAMES);
    await page.goto(`${app.origin}/?${new URLSearchParams({ server: server.url, transport: 'streamable-http' }).toString()}`);
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __loaf: number[]; __loafDetail: unknown[] };
      w.__loaf.length = 0;
      w.__loafDetail.length = 0;
    });
    let drawn = 0;
    for (const tool of TOOLS) {
      const ids = () => page.locator('tr[data-task-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id') ?? ''));
      const before = new Set(await ids());
      await runTool(page, tool, {});
      // Its row, selected and completed; then its result drawn whole (no part still busy).
      let id: string | undefined;
      while (!(id = (await ids()).find((x) => !before.has(x)))) await frame(page);
      await page
        .locator(`tr[data-task-id="${id}"][aria-selected="true"][data-status="completed"]`)
        .waitFor({ state: 'attached', timeout: 60_000 });
      await page.locator('#result-region .result-viewer').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForFunction(() => !document.querySelector('#result-region [aria-busy="true"]'), undefined, { timeout: 60_000 });
      drawn += 1;
    }
    // One more frame, so the observer has reported the last one.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const frames = await page.evaluate(() => (window as unknown as { __loaf: number[] }).__loaf.splice(0));
    if (detail)
      console.log(JSON.stringify(await page.evaluate(() => (window as unknown as { __loafDetail: unknown[] }).__loafDetail), null, 1));
    return { results: drawn, longestFrameMs: Math.round(Math.max(0, ...frames)), framesOver50ms: frames.length };
  } finally {
    await page.close();
    await server.close();
  }
}
