import { expect, test, type Page } from './fixtures';
import { e2eOrigin } from '../playwright.config';
import { appStatus, linkTo, openConnected, runTool, selectTask } from './helpers';

const tasks = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const row = (page: Page, id: string) => tasks(page).locator(`tr[data-task-id="${id}"]`);

test.describe('a pleasure to use', () => {
  test('theme and time style: chosen, applied, remembered across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openConnected(page, e2eOrigin);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background()).not.toBe(light);
    const id = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
    await expect(row(page, id)).toHaveAttribute('data-status', 'completed');
    await expect(row(page, id).locator('td').last()).toContainText(/just now|ago/);
    await page.getByRole('combobox', { name: 'Times' }).selectOption('utc');
    await expect(row(page, id).locator('td').last()).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
    await expect(row(page, id).locator('td').last()).toContainText('UTC');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
    expect(await background()).toBe(light);
  });

  test('keyboard: j/k and arrows move through tasks, Enter opens, Esc goes back, / searches, f fetches, c cancels, ? lists them', async ({
    page,
    demo,
  }) => {
    // A server of its own, so the list holds exactly this test's tasks.
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const done = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
    await expect(row(page, done)).toHaveAttribute('data-status', 'completed');
    const long = await runTool(page, 'long_job', {});
    const third = await runTool(page, 'countdown', { seconds: '60', steps: '2' });
    // Newest first: third, long, done. A task started from the page is selected.
    await expect(row(page, third)).toHaveAttribute('aria-selected', 'true');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await expect(row(page, long)).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, long)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(row(page, done)).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, done)).toBeFocused();
    await page.keyboard.press('j');
    await expect(row(page, done)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('k');
    await expect(row(page, long)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(row(page, third)).toHaveAttribute('aria-selected', 'true');
    // Cancel the long job from the keyboard.
    await page.keyboard.press('j');
    await page.keyboard.press('c');
    await expect(row(page, long)).toHaveAttribute('data-status', 'cancelled');
    // Enter opens the task (focus in Task details); f fetches; Esc goes back to its row.
    await page.keyboard.press('j');
    await expect(row(page, done)).toBeFocused();
    await page.keyboard.press('Enter');
    const details = page.getByRole('region', { name: 'Task details' });
    await expect(details).toBeFocused();
    await expect(details).toContainText(done);
    await page.keyboard.press('f');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('Countdown finished');
    await page.keyboard.press('Escape');
    await expect(row(page, done)).toBeFocused();
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search tasks' });
    await expect(search).toBeFocused();
    // Typing in a field never triggers shortcuts.
    await page.keyboard.type('countdown');
    await expect(search).toHaveValue('countdown');
    await expect(row(page, done)).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, third)).toHaveAttribute('data-status', 'working');
    await search.fill('');
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Next task');
    await expect(help).toContainText('Cancel the selected task');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  test('a toast when a watched task ends, opening its result; the tab title counts running tasks', async ({ page, demo }) => {
    // Its tasks run for seconds on purpose (see below); on a busy machine the whole walk takes longer than 60 s.
    test.setTimeout(120_000);
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(page).toHaveTitle('Taskdeck');
    const running = await runTool(page, 'countdown', { seconds: '60', steps: '2' });
    await expect(page).toHaveTitle(/\(1 running\) Taskdeck/);
    // Long enough to be counted running on a busy machine; the toast is waited for as long.
    const failing = await runTool(page, 'fail_after', { seconds: '12' });
    await expect(page).toHaveTitle(/\(2 running\) Taskdeck/);
    const toast = page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .filter({ hasText: 'fail_after' });
    // Something else is selected; the toast's action brings the failed task and its result. Selected before the toast
    // shows: a toast lasts 6 s, and on a busy machine the steps between could take longer.
    await selectTask(page, running);
    await expect(row(page, running)).toHaveAttribute('aria-selected', 'true');
    await expect(toast).toContainText('failed', { timeout: 40_000 });
    await toast.getByRole('button', { name: 'Open result' }).click();
    await expect(page).toHaveTitle(/\(1 running\) Taskdeck/);
    await expect(row(page, failing)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('simulated upstream service');
    await expect(page.getByRole('region', { name: 'Result' })).toBeFocused();
    // Switched off, no toast.
    await page.getByRole('checkbox', { name: 'Notify when tasks end' }).uncheck();
    const quiet = await runTool(page, 'fail_after', { seconds: '1' });
    await expect(row(page, quiet)).toHaveAttribute('data-status', 'failed');
    // Switched on again, a task that ends after it is toasted. Ends are reported in order, so by then a toast for the
    // quiet one would be there.
    await page.getByRole('checkbox', { name: 'Notify when tasks end' }).check();
    const loud = await runTool(page, 'fail_after', { seconds: '1' });
    const toasts = page.getByRole('region', { name: /Notifications/ }).locator('li');
    await expect(toasts.filter({ hasText: loud.slice(0, 8) })).toContainText('failed', { timeout: 40_000 });
    await expect(toasts.filter({ hasText: quiet.slice(0, 8) })).toHaveCount(0);
  });

  test('several servers at once: each keeps its own tasks, connection and log; switching shows each', async ({ page, demo: second }) => {
    await openConnected(page, e2eOrigin);
    const first = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
    await page.getByRole('button', { name: 'Add server' }).click();
    await expect(appStatus(page)).toContainText('Disconnected');
    await expect(tasks(page).locator('tbody tr[data-task-id]')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Server URL' }).fill(second.mcpUrl);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(appStatus(page)).toContainText('Connected');
    const other = await runTool(page, 'countdown', { seconds: '60', steps: '2' });
    await expect(row(page, first)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('server')).toBe(second.mcpUrl);
    const servers = page.getByRole('navigation', { name: 'Servers' });
    const firstName = new URL(`${e2eOrigin}/mcp`).host;
    const secondName = new URL(second.mcpUrl).host;
    await expect(servers.getByRole('button', { name: new RegExp(`${secondName}/mcp.*1 running`) })).toBeVisible();
    // Back to the first: its tasks, its connection, its log.
    await servers.getByRole('button', { name: new RegExp(`^${firstName}/mcp`) }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(row(page, first)).toHaveAttribute('data-status', 'completed');
    await expect(row(page, other)).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`${e2eOrigin}/mcp`);
    expect(new URL(page.url()).searchParams.get('server')).toBe(`${e2eOrigin}/mcp`);
    // The second server's task keeps going in the background, and ] switches back to it.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press(']');
    await expect(row(page, other)).toBeVisible();
    // A reload brings both connections back.
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(row(page, other)).toBeVisible();
    await expect(servers.getByRole('listitem')).toHaveCount(2);
    await servers.getByRole('button', { name: `Close ${secondName}/mcp` }).click();
    await expect(servers.getByRole('listitem')).toHaveCount(1);
    await expect(row(page, first)).toBeVisible();
  });
});
