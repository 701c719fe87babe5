/**
 * Takes the README screenshot from the running app: `npx tsx e2e/tools/screenshot.ts [origin] [out.png]`.
 * Starts a countdown and a chart, waits for the chart, fetches its result, and captures the page.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';

const origin = process.argv[2] ?? 'http://127.0.0.1:3210';
const out = process.argv[3] ?? 'docs/screenshot.png';
const scheme = (process.env.COLOR_SCHEME ?? 'light') as 'light' | 'dark';

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
  const params = new URLSearchParams({ server: `${origin}/mcp`, transport: 'streamable-http' });
  await page.goto(`${origin}/?${params.toString()}`);
  await page.getByRole('status', { name: 'Connection status' }).getByText('Connected').waitFor();
  const run = page.getByRole('region', { name: 'Run tool' });
  const tool = run.getByRole('combobox', { name: 'Tool' });
  await tool.selectOption('fail_after');
  await run.getByLabel('seconds').fill('1');
  await run.getByRole('button', { name: 'Run as task' }).click();
  await tool.selectOption('countdown');
  await run.getByLabel('seconds').fill('60');
  await run.getByLabel('steps').fill('30');
  await run.getByRole('button', { name: 'Run as task' }).click();
  await tool.selectOption('render_chart');
  await run.getByLabel('seconds').fill('2');
  await run.getByRole('button', { name: 'Run as task' }).click();
  const details = page.getByRole('region', { name: 'Task details' });
  const fetchButton = details.getByRole('button', { name: 'Fetch result' });
  await fetchButton.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  await fetchButton.click();
  await page.getByRole('region', { name: 'Result' }).getByRole('img').waitFor();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: out, fullPage: false });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
