/**
 * Takes the timeline view's screenshots from a running app:
 * `npx tsx e2e/tools/screenshot-timeline.ts [origin] [out-prefix] [light,dark]` (one theme per fresh server is best).
 * Starts a mix of tasks (quick, slow, failed, cancelled, waiting for input), switches to Timeline, captures both themes.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';

const origin = process.argv[2] ?? 'http://127.0.0.1:3210';
const prefix = process.argv[3] ?? 'docs/screenshot-timeline';
/** Take each theme against a fresh demo server (the second run would otherwise find the first one's tasks). */
const schemes = (process.argv[4] ?? 'light,dark').split(',') as ('light' | 'dark')[];

async function run(page: Page, tool: string, fields: Record<string, string>) {
  const region = page.getByRole('region', { name: 'Run tool' });
  await region.getByRole('combobox', { name: 'Tool' }).selectOption(tool);
  for (const [label, value] of Object.entries(fields)) await region.getByLabel(label).first().fill(value);
  await region.getByRole('button', { name: 'Run as task' }).click();
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const scheme of schemes) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, colorScheme: scheme });
    // The chart is the subject: no toasts over it.
    await page.addInitScript(`localStorage.setItem('taskdeck.display', JSON.stringify({ toasts: false }))`);
    const params = new URLSearchParams({ server: `${origin}/mcp`, transport: 'auto', view: 'timeline' });
    await page.goto(`${origin}/?${params.toString()}`);
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
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
    await page.mouse.move(0, 0);
    const out = `${prefix}${scheme === 'dark' ? '-dark' : ''}.png`;
    await page.screenshot({ path: out });
    console.log(`wrote ${out}`);
    await page.close();
  }
} finally {
  await browser.close();
}
