/**
 * Takes the README screenshots from a running app: `npx tsx e2e/tools/screenshot.ts [origin] [out-prefix] [light,dark]`.
 * Starts a few tasks (one waiting for input), fetches a chart, and captures light and dark themes.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';

const origin = process.argv[2] ?? 'http://127.0.0.1:3210';
const prefix = process.argv[3] ?? 'docs/screenshot';
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
    // The dashboard is the subject: no toasts over the result.
    await page.addInitScript(`localStorage.setItem('taskdeck.display', JSON.stringify({ toasts: false }))`);
    const params = new URLSearchParams({ server: `${origin}/mcp`, transport: 'auto' });
    await page.goto(`${origin}/?${params.toString()}`);
    await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
    await run(page, 'fail_after', { seconds: '1' });
    await run(page, 'ask', {});
    await run(page, 'countdown', { seconds: '60', steps: '30' });
    await run(page, 'render_chart', { seconds: '2' });
    await page.getByRole('region', { name: 'Result' }).getByRole('img').waitFor({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    const out = `${prefix}${scheme === 'dark' ? '-dark' : ''}.png`;
    await page.screenshot({ path: out });
    console.log(`wrote ${out}`);
    await page.close();
  }
} finally {
  await browser.close();
}
