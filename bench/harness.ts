/** What the scenarios measure with: the page's instrumentation, ways to drive the app, and the figures' statistics. */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, CDPSession, Page } from '@playwright/test';
import type { RunningServer } from '../server/app';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
};
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/**
 * Collects long main-thread tasks and frame gaps in the page from the first script on. A string, not a function:
 * tsx would wrap named inner functions in a helper the page does not have.
 */
export const INSTRUMENT = `
  window.__long = [];
  window.__frames = [];
  window.__longObserver = new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); });
  window.__longObserver.observe({ type: 'longtask', buffered: true });
  // The frame loop runs only while frames are counted (window.__framing = true): a requestAnimationFrame asked for
  // at every frame makes the page draw every frame, work a page left alone does not do.
  let framing = false;
  let loop = 0;
  Object.defineProperty(window, '__framing', {
    configurable: true,
    get: () => framing,
    set: (on) => {
      if (on === framing) return;
      framing = on;
      if (!on) return;
      const mine = ++loop;
      let last;
      const tick = (t) => {
        if (!framing || mine !== loop) return;
        if (last !== undefined) window.__frames.push(t - last);
        last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
  });
`;

/** The dashboard connected to the demo server; `modern`: to its MCP 2026-07-28 endpoint. */
export async function open(browser: Browser, server: RunningServer, modern = false): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript(INSTRUMENT);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const link = modern
    ? `${server.origin}/?${new URLSearchParams({ server: server.modernUrl, transport: 'auto' }).toString()}`
    : server.dashboardUrl;
  await page.goto(link);
  await page
    .getByRole('status', { name: 'Connection status' })
    .getByText(modern ? /Connected.*2026-07-28/ : 'Connected')
    .waitFor();
  return { page, cdp };
}

/** The Run tool panel, opened first when it is closed (starting a task closes it). */
export async function openRunTool(page: Page) {
  const region = page.getByRole('region', { name: 'Run tool' });
  if (!(await region.isVisible())) await page.getByRole('button', { name: 'Run a tool…' }).click();
  await region.waitFor({ state: 'visible' });
  return region;
}

/** A region of the bottom drawer (Protocol log, Server behaviour, Server info), its tab opened first. */
export async function drawerRegion(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  const region = page.getByRole('region', { name, exact: true });
  await region.waitFor({ state: 'visible' });
  return region;
}

/** Runs `tool` from the Run tool panel; `beforeClick` runs once the form is filled in, right before the click. */
export async function runTool(page: Page, tool: string, fields: Record<string, string>, beforeClick?: () => Promise<void>) {
  const region = await openRunTool(page);
  await region.getByRole('combobox', { name: 'Tool' }).selectOption(tool);
  for (const [label, value] of Object.entries(fields)) await region.getByLabel(new RegExp(`^${label}\\b`)).fill(value);
  await beforeClick?.();
  await region.getByRole('button', { name: 'Run as task' }).click();
}

/** Waits for the page's next animation frame (the bench polls by frames, not by fixed sleeps). */
export const frame = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/**
 * The long tasks so far, and forgets them. After a frame, and taking the observer's undelivered records too: its
 * callback runs some time after a long task, so reading right after the content appears would miss that very task.
 */
export const longTasks = async (page: Page) => {
  await frame(page);
  return page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __longObserver: PerformanceObserver };
    return [...w.__long.splice(0), ...w.__longObserver.takeRecords().map((e) => e.duration)];
  });
};
export const heapMb = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1e6;
};
export const taskSeconds = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
};

/**
 * CPU time of the page's main thread so far (s). Unlike the tasks' wall time, it does not grow when other processes
 * take the machine's cores: the figure to compare runs by on a shared machine.
 */
export const threadSeconds = async (cdp: CDPSession) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0;
};

/** CPU time the whole machine has spent busy so far (ms, every core summed; /proc/stat), or NaN where there is none. */
function machineBusyMs(): number {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are busy. In clock ticks of 10 ms.
    const busy = fields.slice(0, 8).reduce((sum, ticks, i) => (i === 3 || i === 4 ? sum : sum + ticks), 0);
    return busy * 10;
  } catch {
    return NaN;
  }
}

/**
 * Who had the machine's cores over a stretch: start it, then call what it returns at the end. The page's main
 * thread (CDP), this Node process (the bench and the demo server it runs in) and the machine as a whole (every
 * process, Chromium's others included), all in CPU ms, beside the stretch's wall time and the number of cores.
 */
export async function cpuShare(cdp: CDPSession) {
  const wall0 = performance.now();
  const page0 = await threadSeconds(cdp);
  const node0 = process.cpuUsage();
  const machine0 = machineBusyMs();
  return async () => {
    const node = process.cpuUsage(node0);
    const machine = machineBusyMs() - machine0;
    const wallMs = performance.now() - wall0;
    const pageMainMs = ((await threadSeconds(cdp)) - page0) * 1000;
    return {
      wallMs,
      cores: availableParallelism(),
      pageMainMs,
      nodeMs: (node.user + node.system) / 1000,
      machineMs: machine,
    };
  };
}

let timings = 0;

/**
 * Times, in the page, from the next click on a button labelled `button` to the first animation frame after an
 * element matching `selector` appears. Returns a function that waits for that frame and gives the milliseconds.
 */
export async function clickToFrame(page: Page, button: string, selector: string): Promise<() => Promise<number>> {
  const slot = `__timing${++timings}`;
  // As a string: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const t = (window[${JSON.stringify(slot)}] = {});
    document.addEventListener('click', (e) => {
      if (t.clicked === undefined && e.target?.closest?.('button')?.textContent?.includes(${JSON.stringify(button)})) t.clicked = e.timeStamp;
    }, true);
    const observer = new MutationObserver(() => {
      if (t.clicked === undefined || !document.querySelector(${JSON.stringify(selector)})) return;
      observer.disconnect();
      requestAnimationFrame((time) => (t.shown = time));
    });
    observer.observe(document.body, { subtree: true, childList: true });
  })()`);
  return async () => {
    await page.waitForFunction(`window[${JSON.stringify(slot)}].shown !== undefined`, undefined, { timeout: 180_000, polling: 'raf' });
    return page.evaluate<number>(`Math.round(window[${JSON.stringify(slot)}].shown - window[${JSON.stringify(slot)}].clicked)`);
  };
}

/** The "completed" count in the status filter (a plain DOM query: ARIA-computing locators cost the page's main thread). */
const readCompleted = () =>
  Number(/\((\d+)\+?\)/.exec(document.querySelector('.task-filters option[value="completed"]')?.textContent ?? '')?.[1] ?? 0);

export const completedCount = (page: Page) => page.evaluate(readCompleted);

/**
 * Waits until the status filter counts `expected` completed tasks, or until `deadline` (epoch ms). It looks every
 * 100 ms, not at every frame: a requestAnimationFrame asked for at each look made the page draw 60 frames a second
 * (style, pre-paint and commit for each, with every spinning status icon), which the busy share counted as the page's
 * own work. Looking late by up to 100 ms adds at most 1 % to a 10 s storm's length.
 */
export async function waitForCompleted(page: Page, expected: number, deadline: number): Promise<void> {
  while (Date.now() < deadline && (await completedCount(page)) < expected) await sleep(100);
}
