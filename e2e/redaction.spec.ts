import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { appStatus, drawerRegion, fillCredentials, indexedDbText, linkTo, runTool } from './helpers';

// A token with a quote and a backslash (escaped in JSON text, where the old redaction looked) and a 3-character
// header value (skipped by the old redaction).
const TOKEN = 'tok"with\\quote-9d1e';
const API_KEY = 'k3y';

test('a server that echoes the credentials: not shown, not kept, not copied, not downloaded, not logged', async ({
  page,
  context,
  misbehaving,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(linkTo(misbehaving.url, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await fillCredentials(page, TOKEN, { 'X-Api-Key': API_KEY });
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(appStatus(page)).toContainText('Connected');

  const taskId = await runTool(page, 'echo_credentials', {});
  await expect(page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute(
    'data-status',
    'completed',
  );
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('You called me with Bearer [redacted] and key [redacted]');
  expect(await result.textContent()).not.toContain('quote-9d1e');

  await result.getByRole('button', { name: 'Raw' }).click();
  await expect(result.getByRole('button', { name: 'Download JSON' })).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download JSON' }).click()]);
  const file = await readFile((await download.path()) ?? '', 'utf8');
  expect(file).toContain('[redacted]');
  expect(file).not.toContain('quote-9d1e');
  expect(file).not.toMatch(/"k3y"/);
  await result.getByRole('button', { name: /Copy/ }).click();
  // The copy lands once the clipboard's write has resolved: read until it has.
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(clipboard).toContain('[redacted]');
  expect(await clipboard()).not.toContain('quote-9d1e');

  const log = await drawerRegion(page, 'Protocol log');
  await expect(log).toContainText('tools/call');
  expect(await log.textContent()).not.toContain('quote-9d1e');

  // What was kept in this browser has no credential either: read every IndexedDB record, once the result is kept
  // (its row says so when its copy is written).
  await expect(page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`)).toContainText('kept');
  const stored = await indexedDbText(page);
  expect(stored).toContain(taskId);
  expect(stored).not.toContain('quote-9d1e');
  expect(stored).not.toMatch(/"k3y"/);
});
