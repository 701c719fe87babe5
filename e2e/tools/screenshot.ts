/**
 * Takes the README screenshots from a running app: `npx tsx e2e/tools/screenshot.ts [origin] [out-prefix]`.
 * Starts a few tasks (one waiting for input), fetches a chart, and captures light and dark themes.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';

const origin = process.argv[2] ?? 'http://127.0.0.1:3210';
const prefix = process.argv[3] ?? 'docs/screenshot';

async function run(page: Page, tool: string, fields: Record<string, string>) {
  const region = page.getByRole('region', { name: 'Run tool' });
  await region.getByRole('combobox', { name: 'Tool' }).selectOption(tool);
  for (const [label, value] of Object.entries(fields)) await region.getByLabel(label).first().fill(value);
  await region.getByRole('button', { name: 'Run as task' }).click();
}

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, colorScheme: scheme });
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
