/**
 * Takes the README screenshots from a running app, one view at a time:
 * `npx tsx e2e/tools/screenshot.ts [--view table|timeline] [--size 1440x900] [origin] [out-prefix] [light,dark]`.
 * table (the default): tasks in every state (one waiting for input) and a fetched chart, to docs/screenshot[-dark].png.
 * timeline: a mix of tasks (quick, slow, failed, cancelled, waiting for input) in the Timeline view, to
 * docs/screenshot-timeline[-dark].png.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';

/** What each view's screenshot shows, brought about on a page connected to a fresh demo server. */
const views = {
  table: { prefix: 'docs/screenshot', query: {}, stage: stageTable },
  timeline: { prefix: 'docs/screenshot-timeline', query: { view: 'timeline' }, stage: stageTimeline },
} as const;

function isView(name: string): name is keyof typeof views {
  return Object.hasOwn(views, name);
}

const { values, positionals } = parseArgs({
  options: { view: { type: 'string', default: 'table' }, size: { type: 'string', default: '1440x900' } },
  allowPositionals: true,
});
if (!isView(values.view)) throw new Error(`--view must be one of: ${Object.keys(views).join(', ')}`);
const view = values.view;
const size = /^(\d{3,4})x(\d{3,4})$/.exec(values.size);
if (!size) throw new Error('--size must be WIDTHxHEIGHT, e.g. 1280x800');
const viewport = { width: Number(size[1]), height: Number(size[2]) };
const origin = positionals[0] ?? 'http://127.0.0.1:3210';
const prefix = positionals[1] ?? views[view].prefix;
/** Take each theme against a fresh demo server (the second run would otherwise find the first one's tasks). */
const schemes = (positionals[2] ?? 'light,dark').split(',') as ('light' | 'dark')[];

/** Runs a tool from the Run tool panel, which closes once the task has started. */
async function run(page: Page, tool: string, fields: Record<string, string>) {
  const region = page.getByRole('region', { name: 'Run tool' });
  await page.getByRole('button', { name: 'Run a tool…' }).click();
  await region.getByRole('combobox', { name: 'Tool' }).selectOption(tool);
  for (const [label, value] of Object.entries(fields)) await region.getByLabel(label).first().fill(value);
  await region.getByRole('button', { name: 'Run as task' }).click();
  await region.waitFor({ state: 'hidden' });
}

async function stageTable(page: Page) {
  for (const seconds of ['1', '2', '3']) await run(page, 'countdown', { seconds, steps: '3' });
  await run(page, 'mixed_content', {});
  await run(page, 'long_job', { interval: '0.3' });
  await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Cancel task' }).click();
  await run(page, 'fail_after', { seconds: '1' });
  await run(page, 'ask', {});
  await run(page, 'countdown', { seconds: '60', steps: '30' });
  await run(page, 'render_chart', { seconds: '2' });
  await page.getByRole('region', { name: 'Result' }).getByRole('img').waitFor({ timeout: 20_000 });
}

async function stageTimeline(page: Page) {
  const chart = page.getByRole('figure', { name: 'Timeline chart' });
  await run(page, 'countdown', { seconds: '2', steps: '4' });
  await run(page, 'fail_after', { seconds: '3' });
  await run(page, 'countdown', { seconds: '5', steps: '5' });
  await run(page, 'ask', {});
  await run(page, 'long_job', { interval: '0.3' });
  await run(page, 'countdown', { seconds: '60', steps: '30' });
  await chart.locator('li[data-status="failed"]').waitFor();
  await chart.locator('li[data-status="completed"]').nth(1).waitFor({ timeout: 20_000 });
  await chart.getByRole('button', { name: /long_job/ }).click();
  await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Cancel task' }).click();
  await run(page, 'countdown', { seconds: '1', steps: '2' });
  await chart.locator('li[data-status="completed"]').nth(2).waitFor({ timeout: 20_000 });
  await chart.locator('li[data-status="failed"]').getByRole('button').click();
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const scheme of schemes) {
    const page = await browser.newPage({ viewport, colorScheme: scheme });
    // The dashboard is the subject: no toasts over it.
    await page.addInitScript(`localStorage.setItem('taskdeck.display', JSON.stringify({ toasts: false }))`);
    const params = new URLSearchParams({ server: `${origin}/mcp`, transport: 'auto', ...views[view].query });
    await page.goto(`${origin}/?${params.toString()}`);
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
    await views[view].stage(page);
    await page.mouse.move(0, 0);
    const out = `${prefix}${scheme === 'dark' ? '-dark' : ''}.png`;
    await page.screenshot({ path: out });
    console.log(`wrote ${out}`);
    await page.close();
  }
} finally {
  await browser.close();
}
