import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { appStatus, fillCredentials, linkTo, resultShows, runTool, selectTask } from './helpers';

const TOKEN = 'tok-session-export-4b1c77';
const HEADER_VALUE = 'hdr-session-export-93aa';

const tasks = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const rowOf = (page: Page, taskId: string) => tasks(page).locator(`tr[data-task-id="${taskId}"]`);

test('search inside results, compare two results, export the session and open it read-only', async ({
  page,
  startDemo,
  browser,
  baseURL,
}) => {
  const demo = await startDemo({ token: TOKEN });
  await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Error');
  await fillCredentials(page, TOKEN, { 'X-Api-Key': HEADER_VALUE });
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(appStatus(page)).toContainText('Connected');

  const one = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
  await resultShows(page, 'Countdown finished: 1 steps');
  const two = await runTool(page, 'countdown', { seconds: '0', steps: '2' });
  await resultShows(page, 'Countdown finished: 2 steps');

  // "finished: 2" is only in the second task's result (its message says "Finished 2 steps", with no colon).
  const search = page.getByRole('searchbox', { name: 'Search tasks' });
  await search.fill('finished: 2');
  await expect(rowOf(page, two)).toContainText('in result');
  await expect(rowOf(page, one)).toHaveCount(0);
  await search.fill('');
  await expect(rowOf(page, one)).toBeVisible();

  await selectTask(page, two);
  await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Compare with…' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare results' });
  await compare.getByLabel('Compare with').selectOption(one);
  await expect(compare.getByLabel('Text differences')).toContainText('- Countdown finished: 2 steps');
  await expect(compare.getByLabel('Text differences')).toContainText('+ Countdown finished: 1 steps');
  await expect(compare.getByRole('table', { name: 'Structural differences' })).toContainText('$.content[0].text');
  await compare.getByRole('button', { name: 'Close' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export session' }).click();
  const path = await (await download).path();
  const text = await readFile(path, 'utf8');
  expect(text).toContain(one);
  expect(text).toContain(two);
  expect(text).not.toContain(TOKEN);
  expect(text).not.toContain(HEADER_VALUE);

  const context = await browser.newContext({ baseURL });
  const fresh = await context.newPage();
  await fresh.goto('/');
  const chooser = fresh.waitForEvent('filechooser');
  await fresh.getByRole('button', { name: 'Open session file' }).click();
  await (await chooser).setFiles(path);
  await expect(fresh.getByRole('region', { name: 'Session file' })).toContainText('Read-only');
  await expect(rowOf(fresh, one)).toHaveAttribute('data-status', 'completed');
  await rowOf(fresh, one).click();
  await expect(fresh.getByRole('region', { name: 'Result' })).toContainText('Countdown finished: 1 steps');
  const details = fresh.getByRole('region', { name: 'Task details' });
  await expect(details).toContainText('read-only session file');
  await expect(details.getByRole('button', { name: 'Fetch result' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Cancel task' })).toHaveCount(0);
  await expect(fresh.getByRole('region', { name: 'Run tool' })).toHaveCount(0);

  // A file that is not a session file: a clear message, the page still there.
  const bad = fresh.waitForEvent('filechooser');
  await fresh.getByRole('button', { name: 'Open session file' }).click();
  await (
    await bad
  ).setFiles({
    name: 'hostile.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      '{"format":"taskdeck-session","version":1,"serverUrl":"x","tasks":[{"task":{"taskId":"<img src=x onerror=alert(1)>","status":"pwned"}}]}',
    ),
  });
  await expect(fresh.getByRole('alert').filter({ hasText: 'Could not open hostile.json' })).toContainText('unknown status');
  await expect(rowOf(fresh, one)).toBeVisible();
  await context.close();
});

test('results that are not in memory (let go past the limit, or after a reload) are read back to be shown, searched, compared and exported', async ({
  page,
  startDemo,
}) => {
  // One result in memory at most: the others live in IndexedDB only.
  await page.addInitScript(() => localStorage.setItem('taskdeck.residentResults', '1'));
  const demo = await startDemo();
  await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
  const ids: string[] = [];
  for (const steps of [1, 2, 3]) {
    ids.push(await runTool(page, 'countdown', { seconds: '0', steps: String(steps) }));
    await resultShows(page, `Countdown finished: ${steps} steps`);
  }
  const [one = '', two = '', three = ''] = ids;
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('3 kept');
  // Shown again without asking the server (no Fetch result click): read back from the store.
  await selectTask(page, one);
  await expect(result).toContainText('Countdown finished: 1 steps');

  // After a reload nothing is in memory but the selected task's result (one, in the address).
  await page.reload();
  await expect(appStatus(page)).toContainText('Connected');
  const search = page.getByRole('searchbox', { name: 'Search tasks' });
  await search.fill('finished: 2');
  await expect(rowOf(page, two)).toContainText('in result');
  await expect(rowOf(page, three)).toHaveCount(0);
  await search.fill('');

  await selectTask(page, three);
  await expect(result).toContainText('Countdown finished: 3 steps');
  await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Compare with…' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare results' });
  await compare.getByLabel('Compare with').selectOption(two);
  await expect(compare.getByLabel('Text differences')).toContainText('+ Countdown finished: 2 steps');
  await compare.getByRole('button', { name: 'Close' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export session' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  for (const steps of [1, 2, 3]) expect(text).toContain(`Countdown finished: ${steps} steps`);
});
