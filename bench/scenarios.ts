/** The bench's scenarios: each drives the built app in a fresh page against a fresh demo server and returns its figures. */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from '@playwright/test';
import type { RunningServer } from '../server/app';
import {
  clickToFrame,
  completedCount,
  waitForCompleted,
  drawerRegion,
  frame,
  heapMb,
  INSTRUMENT,
  longTasks,
  open,
  pct,
  runTool,
  taskSeconds,
  threadSeconds,
  cpuShare,
} from './harness';
import { dataKb, heapByConstructor, heapGrowth } from './heap';
import { longTasksByThreadTime, trace, type TraceEvent } from './hostile';
import { root, scale } from './settings';

export async function pushLatency(browser: Browser, server: RunningServer, modern = false) {
  const { page } = await open(browser, server, modern);
  // The page notes when each "seq=N sent=T" message first appears in the DOM.
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Map<number, number> };
    w.__seen = new Map();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('td.message')) {
        const m = /seq=(\d+) sent=(\d+)/.exec(el.textContent ?? '');
        if (m && !w.__seen.has(Number(m[1]))) w.__seen.set(Number(m[1]), Date.now() - Number(m[2]));
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await runTool(page, 'bench_latency', { count: String(scale.latency), interval_ms: '40' });
  // The task completes after its last push: by then every push that reached the screen has been seen. (Waiting for
  // a share of them instead stalled for minutes when pushes coalesced into one frame.)
  await page.getByRole('table', { name: 'Tasks' }).locator('tr[data-status="completed"]').first().waitFor({ timeout: 120_000 });
  const seen = await page.evaluate(() => [...(window as unknown as { __seen: Map<number, number> }).__seen.values()]);
  await page.close();
  return { transitions: seen.length, p50: pct(seen, 50), p95: pct(seen, 95), max: Math.max(...seen) };
}

/**
 * Terminal push → result on screen: `bench_result` tasks run one after another (each selected as it starts, as Run
 * as task does); the server stamps the result with the time it sends the terminal push, and the page notes the first
 * animation frame after that text is in the Result region. Auto-fetch brings the result; nothing is clicked.
 */
export async function resultLatency(browser: Browser, server: RunningServer, modern = false) {
  const { page } = await open(browser, server, modern);
  // As a string: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`(() => {
    window.__results = new Map();
    new MutationObserver(() => {
      const text = document.querySelector('.result-viewer')?.textContent ?? '';
      const m = /bench result run=(\\d+) sent=(\\d+)/.exec(text);
      if (!m || window.__results.has(Number(m[1]))) return;
      window.__results.set(Number(m[1]), -1);
      requestAnimationFrame(() => window.__results.set(Number(m[1]), Date.now() - Number(m[2])));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  const seen: number[] = [];
  for (let run = 1; run <= scale.resultRuns; run++) {
    await runTool(page, 'bench_result', { work_ms: '400', run: String(run) });
    const ms = await page.waitForFunction(
      (n) => {
        const value = (window as unknown as { __results: Map<number, number> }).__results.get(n) ?? -1;
        return value >= 0 ? value : false;
      },
      run,
      { timeout: 60_000, polling: 'raf' },
    );
    seen.push(Number(await ms.jsonValue()));
  }
  await page.close();
  return { results: seen.length, p50: pct(seen, 50), p95: pct(seen, 95), max: Math.max(...seen) };
}

export async function manyTasks(browser: Browser, server: RunningServer) {
  const filler = await open(browser, server);
  await runTool(filler.page, 'bench_fill', { count: String(scale.tasks) });
  await filler.page.getByRole('table', { name: 'Tasks' }).locator('tr[data-status="completed"]').first().waitFor({ timeout: 120_000 });
  await filler.page.close();

  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript(INSTRUMENT);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const start = Date.now();
  await page.goto(server.dashboardUrl);
  const table = page.getByRole('table', { name: 'Tasks' });
  await table
    .locator('tbody tr[data-task-id]')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(root, 'bench', 'results', 'many-tasks-failure.tmp.png') });
      throw error;
    });
  const firstRows = Date.now() - start;
  // Scroll to the end repeatedly: each approach to the end loads the next page, until all are there.
  const scroller = page.locator('.task-list .table-scroll');
  await page.evaluate(() => ((window as unknown as { __framing: boolean }).__framing = true));
  const total = scale.tasks + 1;
  for (let i = 0; i < 400; i++) {
    await scroller.evaluate((el) => el.scrollBy(0, 2000));
    const n = Number(await table.getAttribute('aria-rowcount'));
    if (n >= total) break;
    await frame(page);
  }
  const allLoaded = Date.now() - start;
  // A scripted scroll from top to bottom, a screenful per frame.
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  await page.evaluate(() => ((window as unknown as { __frames: number[] }).__frames.length = 0));
  // As a string: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('.task-list .table-scroll');
    const tick = () => {
      el.scrollBy(0, el.clientHeight);
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
  const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.splice(0));
  const rows = Number(await table.getAttribute('aria-rowcount'));
  const heap = await heapMb(cdp);
  await page.close();
  return {
    tasks: rows,
    firstRowsMs: firstRows,
    allLoadedMs: allLoaded,
    framesOver50ms: frames.filter((f) => f > 50).length,
    longestFrameMs: Math.max(0, ...frames),
    heapMb: heap,
  };
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink'];

/**
 * Stops the trace and prints the main thread's tasks over 20 ms of CPU time; BENCH_TRACE_FILE=/tmp/t also writes the
 * whole trace (/tmp/t-storm.json, /tmp/t-burst-of-10000.json) to look at frame by frame.
 */
async function printLongTasks(browser: Browser, scenario: string): Promise<void> {
  const raw = (await browser.stopTracing()).toString();
  if (process.env.BENCH_TRACE_FILE) writeFileSync(`${process.env.BENCH_TRACE_FILE}-${scenario.replaceAll(' ', '-')}.json`, raw);
  const { traceEvents } = JSON.parse(raw) as { traceEvents: TraceEvent[] };
  console.log(`${scenario}: main-thread tasks over 20 ms of thread time:\n  ${longTasksByThreadTime(traceEvents).join('\n  ')}`);
}

/**
 * A burst of tasks the page has never seen: `count` tasks started at once on the server and announced only by one
 * status push each (and tasks/list). Frames and long tasks from the click on "Run as task" until every task is
 * listed; `listedAfterLastPushMs`: from the server sending the last push to the frame where the list holds them all.
 */
export async function burst(browser: Browser, server: RunningServer, count: number) {
  const { page, cdp } = await open(browser, server);
  let share: Awaited<ReturnType<typeof cpuShare>> | undefined;
  // Frames and long tasks are counted from the click on "Run as task", where the burst starts: opening the Run tool
  // panel and filling its form in is not part of it. Until 2026-12-05 they were counted too; the control (one task)
  // gave 83 ms / 2 frames over 50 ms that way, and 50-83 ms / 0-1 from the click.
  await runTool(page, 'bench_burst', { count: String(count) }, async () => {
    await longTasks(page);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __framing: boolean };
      w.__frames.length = 0;
      w.__framing = true;
    });
    // The page notes, at the first frame whose list holds every task, when that was. Until 2026-12-05 the bench looked
    // only once the burst tool's result was on screen, so a burst listed before its result was counted as listed when
    // the result came (the one-task control read 100 ms that way).
    await page.evaluate(`(() => {
      const total = ${count + 1};
      const look = () => {
        const rows = Number(document.querySelector('table[aria-label="Tasks"]')?.getAttribute('aria-rowcount') ?? 0);
        if (rows >= total) window.__listedAt = Date.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })()`);
    // BENCH_TRACE=1: the main thread's longest tasks by CPU time, from the click to the list holding every task.
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    share = await cpuShare(cdp);
  });
  const listed = await page.waitForFunction(() => (window as unknown as { __listedAt?: number }).__listedAt ?? false, undefined, {
    polling: 'raf',
    timeout: 180_000,
  });
  const listedAt = Number(await listed.jsonValue());
  const cpu = await share?.();
  const result = page.getByRole('region', { name: 'Result' });
  const text = (await result.getByText(/last push sent=\d+/).textContent({ timeout: 180_000 })) ?? '';
  const lastPush = Number(/last push sent=(\d+)/.exec(text)?.[1] ?? NaN);
  await frame(page);
  if (trace) await printLongTasks(browser, `burst of ${count}`);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__framing = false;
    return w.__frames.splice(0);
  });
  const long = await longTasks(page);
  const rows = Number(await page.getByRole('table', { name: 'Tasks' }).getAttribute('aria-rowcount'));
  await page.close();
  return {
    count,
    rows,
    listedAfterLastPushMs: listedAt - lastPush,
    longestFrameMs: Math.max(0, ...frames),
    framesOver50ms: frames.filter((f) => f > 50).length,
    longestTaskMs: long.length ? Math.max(...long) : 0,
    // From the click to every task listed: who had the cores (see cpuShare).
    wallMs: cpu?.wallMs ?? NaN,
    coreMs: cpu ? cpu.wallMs * cpu.cores : NaN,
    pageMainCpuMs: cpu?.pageMainMs ?? NaN,
    nodeCpuMs: cpu?.nodeMs ?? NaN,
    machineCpuMs: cpu?.machineMs ?? NaN,
  };
}

export async function storm(browser: Browser, server: RunningServer) {
  const { page, cdp } = await open(browser, server);
  await runTool(page, 'bench_storm', {
    tasks: String(scale.stormTasks),
    rate: String(scale.stormRate),
    seconds: String(scale.stormSeconds),
  });
  await longTasks(page);
  // BENCH_TRACE=1: the storm's longest main-thread tasks by CPU time (a frame's length grows with what shares the cores).
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const busy0 = await taskSeconds(cdp);
  const cpu0 = await threadSeconds(cdp);
  const t0 = Date.now();
  const expected = scale.stormTasks + 1;
  const deadline = Date.now() + (scale.stormSeconds + 60) * 1000;
  await waitForCompleted(page, expected, deadline);
  const elapsed = (Date.now() - t0) / 1000;
  const busy = (await taskSeconds(cdp)) - busy0;
  const cpu = (await threadSeconds(cdp)) - cpu0;
  if (trace) await printLongTasks(browser, 'storm');
  const long = await longTasks(page);
  const shown = await completedCount(page);
  await page.close();
  return {
    tasks: scale.stormTasks,
    pushes: scale.stormRate * scale.stormSeconds,
    missedFinal: expected - shown,
    longestTaskMs: long.length ? Math.max(...long) : 0,
    mainThreadBusy: busy / elapsed,
    mainThreadCpu: cpu / elapsed,
  };
}

/**
 * First content of a large result, timed in the page: from the click on "Run as task" to the first animation frame
 * after the Result region shows the result (its size notice, or its blocks). Playwright's own waits poll at up to
 * 500 ms intervals, so the harness's wall time (`harnessMs`, kept for comparison) overstates it by up to that much.
 */
export async function largeResult(browser: Browser, server: RunningServer, mb: number, modern = false) {
  const { page, cdp } = await open(browser, server, modern);
  const firstContent = await clickToFrame(page, 'Run as task', '.result-viewer .large-notice, .result-viewer .content-blocks');
  await longTasks(page);
  const t0 = Date.now();
  await runTool(page, 'big_payload', { size_mb: String(mb) });
  const result = page.getByRole('region', { name: 'Result' });
  await result.getByText('not rendered until you ask').or(result.locator('.content-blocks')).first().waitFor({ timeout: 180_000 });
  const harness = Date.now() - t0;
  const firstContentMs = await firstContent();
  const long = await longTasks(page);
  const heap = await heapMb(cdp);
  // Then "Show content" on a result held back behind its size notice: from the click to the frame that shows the
  // typed view, and the longest main-thread task meanwhile (the text is parsed in slices on the page).
  let revealMs = NaN;
  let revealLongestMs = NaN;
  const show = result.getByRole('button', { name: 'Show content' });
  if (await show.count()) {
    const drawn = await clickToFrame(page, 'Show content', '.result-viewer .content-blocks');
    await show.click();
    revealMs = await drawn();
    const during = await longTasks(page);
    revealLongestMs = during.length ? Math.max(...during) : 0;
  }
  // Then a reload, with the result kept in IndexedDB: the longest main-thread task until its row is back as kept.
  await page.getByRole('table', { name: 'Tasks' }).getByText('kept', { exact: true }).first().waitFor({ timeout: 120_000 });
  await page.reload();
  await page.getByRole('table', { name: 'Tasks' }).getByText('kept', { exact: true }).first().waitFor({ timeout: 120_000 });
  const reload = await longTasks(page);
  await page.close();
  return {
    mb,
    firstContentMs,
    harnessMs: harness,
    longestTaskMs: long.length ? Math.max(...long) : 0,
    heapMb: heap,
    revealMs,
    revealLongestMs,
    reloadLongestMs: reload.length ? Math.max(...reload) : 0,
  };
}

/**
 * Run in the page before its own scripts: notes in `window.taskdeckConnectedAt` the time of the first frame whose
 * connection status says Connected (a MutationObserver, then the next animation frame), and in
 * `window.taskdeckAppConnectedAt` the same for the dashboard's own status. Since 2026-12-05 the boot shell, painted
 * before the app's script runs, shows the early script's status, and says Connected once the early script's session
 * is initialized and its stream requested; the dashboard's own status comes with React's first commit.
 */
const CONNECTED_AT = `(() => {
  const observer = new MutationObserver(() => {
    for (const status of document.querySelectorAll('[role="status"][aria-label="Connection status"]')) {
      if (!(status.textContent ?? '').includes('Connected')) continue;
      const key = status.closest('.boot-shell') ? 'taskdeckConnectedAt' : 'taskdeckAppConnectedAt';
      if (key in window) continue;
      window[key] = 0;
      requestAnimationFrame(() => {
        const at = performance.now();
        window[key] = at;
        if (key === 'taskdeckAppConnectedAt' && !window.taskdeckConnectedAt) window.taskdeckConnectedAt = at;
      });
    }
    if (window.taskdeckAppConnectedAt !== undefined) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

export async function coldLoad(browser: Browser, server: RunningServer) {
  const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
  // The scripts index.html loads, and the app's, which the early script imports after the first frame.
  const named = /<meta name="taskdeck-app" content="([^"]+)">/.exec(html)?.[1] ?? '';
  const initial = [...`${html} ${named.replace(/(\S+)/g, 'src="$1"')}`.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].flatMap((m) =>
    m[1] === undefined ? [] : [m[1]],
  );
  const gzipKb = initial.reduce((sum, f) => sum + gzipSync(readFileSync(join(root, 'dist', f))).length, 0) / 1024;
  const allJsKb =
    readdirSync(join(root, 'dist', 'assets'))
      .filter((f) => f.endsWith('.js'))
      .reduce((s, f) => s + gzipSync(readFileSync(join(root, 'dist', 'assets', f))).length, 0) / 1024;
  const page = await browser.newPage();
  const t0 = Date.now();
  await page.goto(`${server.origin}/`);
  await page.getByRole('button', { name: 'Connect' }).waitFor();
  const interactive = Date.now() - t0;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  await page.close();
  // A link to the dashboard with the demo server in it, in a fresh browser context (nothing cached): navigation →
  // first contentful paint, and navigation → `Connected` (read in the page, within a frame); then a reload, with
  // the hashed files in the HTTP cache.
  const linked = await browser.newPage();
  // The page's main-thread CPU time up to Connected: unlike the wall-clock figure it hardly grows when other
  // processes hold the cores, so runs under different loads can be compared by it.
  const cdp = await linked.context().newCDPSession(linked);
  await cdp.send('Performance.enable');
  const wire: { bytes: number } = { bytes: 0 };
  linked.on('response', (response) => {
    void response
      .request()
      .sizes()
      .then((sizes) => (wire.bytes += sizes.responseBodySize + sizes.responseHeadersSize))
      .catch(() => {});
  });
  // When the status first says Connected, noted by the page itself at the frame that shows it. Polling for it from
  // here could only start once `goto` had returned (after the load event), and then reported when it looked, not
  // when the status changed: Connected before the load event read as up to a round trip later.
  await linked.addInitScript(CONNECTED_AT);
  await linked.goto(server.dashboardUrl);
  type Noted = Window & { taskdeckConnectedAt?: number; taskdeckAppConnectedAt?: number };
  /** When the status first said Connected (the boot shell's or the app's), and when the app's own did. */
  const connectedAt = () =>
    linked
      .waitForFunction(
        () => {
          const w = window as Noted;
          return w.taskdeckAppConnectedAt ? [w.taskdeckConnectedAt ?? NaN, w.taskdeckAppConnectedAt] : false;
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      )
      .then(async (handle) => (await handle.jsonValue()) as [number, number]);
  const [connected, appConnected] = await connectedAt();
  const connectedCpuMs = (await threadSeconds(cdp)) * 1000;
  const linkedFcp = await linked.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const coldWireKb = wire.bytes / 1024;
  await linked.reload();
  const [warmConnected] = await connectedAt();
  await linked.close();
  return {
    initialJsGzipKb: gzipKb,
    allJsGzipKb: allJsKb,
    firstContentfulPaintMs: fcp,
    interactiveMs: interactive,
    linkFcpMs: linkedFcp,
    linkConnectedMs: connected,
    linkAppConnectedMs: appConnected,
    linkConnectedCpuMs: connectedCpuMs,
    reloadConnectedMs: warmConnected,
    coldWireKb,
  };
}

/**
 * Hides the page the way a background tab is hidden, as far as a headless Chromium allows: `document.visibilityState`
 * reads `hidden` (with its `visibilitychange` event) and animation frames are held until it is shown again. Headless
 * Chromium keeps every page visible (a minimized window, another tab in front, Page.setWebLifecycleState frozen: each
 * leaves rAF running and the page visible), so the page's own view of it is what can be changed. Timers are not
 * throttled as a real background tab's are: pushes are applied as they come, by the flush fallback's timer.
 * A string: tsx would wrap named inner functions in a helper the page does not have.
 */
const HIDE = `(() => {
  if (window.__hide) return;
  const realRaf = window.requestAnimationFrame.bind(window);
  const realCancel = window.cancelAnimationFrame.bind(window);
  const held = new Map();
  let next = 0;
  let hidden = false;
  window.requestAnimationFrame = (cb) => {
    if (!hidden) return realRaf(cb);
    held.set(--next, cb);
    return next;
  };
  window.cancelAnimationFrame = (id) => (id < 0 ? held.delete(id) : realCancel(id));
  const set = (state) => {
    hidden = state;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (state ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.__hide = () => set(true);
  window.__show = () => {
    const t0 = performance.now();
    window.__shownAt = t0;
    set(false);
    for (const cb of held.values()) realRaf(cb);
    held.clear();
    // The first frame after showing: the second frame callback from here has the held work and this frame's done.
    realRaf(() => realRaf((t) => (window.__firstFrameMs = t - t0)));
  };
})()`;

/**
 * A tab hidden while a busy server pushes, then shown: the first frame after showing (and the longest task
 * meanwhile). `hiddenSeconds` of `bench_storm` at 200 pushes/s over 500 tasks.
 */
export async function hiddenTab(browser: Browser, server: RunningServer) {
  const { page } = await open(browser, server);
  await page.evaluate(HIDE);
  await runTool(page, 'bench_storm', { tasks: '500', rate: '200', seconds: String(scale.hiddenSeconds + 5) });
  await page
    .locator('table[aria-label="Tasks"] td.message', { hasText: /^storm \d+/ })
    .first()
    .waitFor({ timeout: 180_000 });
  await page.evaluate('window.__hide()');
  const hiddenAt = Date.now();
  // Hidden for hiddenSeconds, the server pushing throughout: the scenario is a span of time, counted in Node (the page
  // has no frames meanwhile).
  while (Date.now() - hiddenAt < scale.hiddenSeconds * 1000) await sleep(Math.min(5000, scale.hiddenSeconds * 1000));
  // The long tasks while hidden are forgotten (no frame to wait for here): only those from showing on count.
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __longObserver: PerformanceObserver };
    w.__long.length = 0;
    w.__longObserver.takeRecords();
  });
  await page.evaluate('window.__show()');
  const firstFrame = await page.waitForFunction('window.__firstFrameMs', undefined, { timeout: 60_000 });
  const firstFrameMs = Number(await firstFrame.jsonValue());
  const long = await longTasks(page);
  await page.close();
  return { hiddenSeconds: scale.hiddenSeconds, firstFrameMs, longestTaskMs: long.length ? Math.max(...long) : 0 };
}

/** The largest "storm N" on screen: how many pushes the page has applied, give or take a round over the rows. */
const stormSeen = (page: Page) =>
  page.evaluate(() => {
    let max = 0;
    for (const el of document.querySelectorAll('table[aria-label="Tasks"] td.message')) {
      const m = /^storm (\d+)/.exec(el.textContent ?? '');
      if (m) max = Math.max(max, Number(m[1]));
    }
    return max;
  });

/** BENCH_HEAP=1: the long day prints which constructors' heap grew from a tenth of the day to its end. */
const heapSnapshots = process.env.BENCH_HEAP === '1';

/** JS heap after a full garbage collection (MB). */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return heapMb(cdp);
}

/**
 * A compressed day: `dayPushes` status pushes over `dayTasks` tasks, which then all complete (Auto-fetch fetches and
 * keeps every result); the protocol log fills on the way. The JS heap (after a full collection) once a tenth of the
 * pushes are on screen, and again at the end of the day, with every result kept.
 */
export async function longDay(browser: Browser, server: RunningServer) {
  const { page, cdp } = await open(browser, server);
  const rate = scale.dayRate;
  await runTool(page, 'bench_storm', { tasks: String(scale.dayTasks), rate: String(rate), seconds: String(scale.dayPushes / rate) });
  const tenth = scale.dayPushes / 10;
  const deadline = Date.now() + (scale.dayPushes / rate + 120) * 1000;
  while (Date.now() < deadline && (await stormSeen(page)) < tenth) await frame(page);
  const heapEarly = await heapAfterGc(cdp);
  const early = await stormSeen(page);
  const snapEarly = heapSnapshots ? await heapByConstructor(cdp) : undefined;
  // Every task (and the storm itself) completed, and every result fetched and kept.
  const region = page.getByRole('region', { name: 'Result' });
  while (Date.now() < deadline && (await completedCount(page)) < scale.dayTasks + 1) await frame(page);
  await region.getByText(new RegExp(`^${scale.dayTasks + 1} kept|^${scale.dayTasks} kept`)).waitFor({ timeout: 300_000 });
  const heapEnd = await heapAfterGc(cdp);
  if (snapEarly) {
    const snapEnd = await heapByConstructor(cdp);
    const [a, b] = [dataKb(snapEarly), dataKb(snapEnd)];
    console.log(`long day: heap growth by constructor, a tenth → the end:\n  ${heapGrowth(snapEarly, snapEnd).join('\n  ')}`);
    console.log(
      `long day: data (no compiled code, no native objects) ${a.toFixed(0)} → ${b.toFixed(0)} KB (${((b / a - 1) * 100).toFixed(0)} %)`,
    );
  }
  const logLine = (await (await drawerRegion(page, 'Protocol log')).getByText(/messages kept/).textContent()) ?? '';
  await page.close();
  return {
    pushes: scale.dayPushes,
    results: scale.dayTasks,
    earlyAtPushes: early,
    heapEarlyMb: heapEarly,
    heapEndMb: heapEnd,
    growth: heapEnd / heapEarly - 1,
    logFull: /dropped/.test(logLine) ? 1 : 0,
  };
}
