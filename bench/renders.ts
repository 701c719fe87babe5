/**
 * Which components render, and how often, during the update storm: `npx tsx bench/renders.ts [tasks] [rate] [seconds]`
 * (the bench's storm, 2,000 tasks at 1,000 pushes/s for 10 s, by default; RENDERS_VIEW=timeline in the timeline view). Builds the app unminified (component names
 * kept) into a folder of its own, runs the storm in Chromium with a stand-in for React's devtools hook installed before
 * the app loads, and prints each component's renders per second of storm and per cache write of the task list.
 * A render counts a component function that ran in a commit (a fiber that took part in the render and did work),
 * not one a memo or an unchanged subtree skipped.
 */
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { startServer } from '../server/app';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium';
import { completedCount, runTool } from './harness';

const [tasks = 2000, rate = 1000, seconds = 10] = process.argv.slice(2).map(Number);

/**
 * The hook React's renderer reports its commits to. A fiber took part in a commit when it is not the very object the
 * previous commit of its root held (an untouched subtree keeps its fibers); it rendered when it also did work
 * (PerformedWork, flag 1). Tags: function, class, forwardRef, simple memo (a memo with a compare, 14, wraps a fiber of
 * the component itself, counted on its own). A string, not a function: tsx would wrap inner functions in helpers the page lacks.
 */
const HOOK = `
  window.__counting = false;
  window.__renders = {};
  window.__commits = 0;
  window.__why = {};
  // Why a fiber rendered: mounted, or the props that changed identity, or else its own state or a context.
  const reasonsOf = (f) => {
    const old = f.alternate;
    if (!old) return ['(mount)'];
    const reasons = [];
    const a = old.memoizedProps || {};
    const b = f.memoizedProps || {};
    if (a !== b) for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (key !== 'children' && !Object.is(a[key], b[key])) reasons.push('props.' + key);
    if (a !== b && a.children !== b.children) reasons.push('props.children');
    if (old.memoizedState !== f.memoizedState) reasons.push('(state)');
    return reasons.length ? reasons : ['(parent or context)'];
  };
  const seenAt = new WeakMap();
  const lastCommit = new WeakMap();
  let commit = 0;
  const nameOf = (f) => {
    const t = f.type;
    if (!t) return null;
    if (typeof t === 'function') return t.displayName || t.name || '(anonymous)';
    if (typeof t === 'object') return t.displayName || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)) || null;
    return null;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    checkDCE() {},
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      commit++;
      const previous = lastCommit.get(root);
      lastCommit.set(root, commit);
      const counting = window.__counting;
      if (counting) window.__commits++;
      const stack = [root.current];
      while (stack.length) {
        const f = stack.pop();
        const touched = previous === undefined || seenAt.get(f) !== previous;
        seenAt.set(f, commit);
        if (counting && touched && (f.flags & 1) && [0, 1, 11, 15].includes(f.tag)) {
          const name = nameOf(f);
          if (name) {
            window.__renders[name] = (window.__renders[name] || 0) + 1;
            const why = (window.__why[name] ||= {});
            for (const reason of reasonsOf(f)) why[reason] = (why[reason] || 0) + 1;
          }
        }
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
    },
  };
`;

// Beside node_modules (ignored by git), not in dist: the bench serves dist, built minified.
const root = join(process.cwd(), 'node_modules', '.cache', 'taskdeck-renders');
await build({
  logLevel: 'warn',
  build: { outDir: relative(process.cwd(), join(root, 'dist')), minify: false, sourcemap: false, emptyOutDir: true },
});
const server = await startServer({ port: 0, host: '127.0.0.1', app: 'dist', root, allowOrigins: [], features: { bench: true } });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.addInitScript(HOOK);
  await page.goto(server.dashboardUrl);
  await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
  // RENDERS_VIEW=timeline: the storm seen in the timeline view rather than the table.
  if (process.env.RENDERS_VIEW === 'timeline')
    await page.getByRole('radiogroup', { name: 'Task view' }).getByRole('radio', { name: 'Timeline' }).check();
  await runTool(page, 'bench_storm', { tasks: String(tasks), rate: String(rate), seconds: String(seconds) });
  // From the first storm task on screen to every storm task (and the storm itself) completed.
  await page.locator('tr[data-task-id], li[data-task-id]').nth(Math.min(tasks, 20)).waitFor({ state: 'attached', timeout: 120_000 });
  await page.evaluate(() => {
    (window as unknown as { __counting: boolean }).__counting = true;
  });
  const t0 = Date.now();
  const deadline = t0 + (seconds + 60) * 1000;
  while (Date.now() < deadline && (await completedCount(page)) < tasks + 1);
  const elapsed = (Date.now() - t0) / 1000;
  const { renders, commits, why } = await page.evaluate(() => {
    const w = window as unknown as {
      __counting: boolean;
      __renders: Record<string, number>;
      __commits: number;
      __why: Record<string, Record<string, number>>;
    };
    w.__counting = false;
    return { renders: w.__renders, commits: w.__commits, why: w.__why };
  });
  const rows = Object.entries(renders).sort((a, b) => b[1] - a[1]);
  console.log(`storm: ${tasks} tasks, ${rate} pushes/s, ${seconds} s; counted ${elapsed.toFixed(1)} s, ${commits} commits`);
  console.log(`${'renders'.padStart(8)} ${'per s'.padStart(7)} ${'per commit'.padStart(10)}  component`);
  for (const [name, count] of rows)
    console.log(
      `${String(count).padStart(8)} ${(count / elapsed).toFixed(1).padStart(7)} ${(count / Math.max(1, commits)).toFixed(2).padStart(10)}  ${name}  ${Object.entries(
        why[name] ?? {},
      )
        .sort((a, b) => b[1] - a[1])
        .map(([reason, n]) => `${reason} ${n}`)
        .join(', ')}`,
    );
} finally {
  await browser.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
}
