import { expect, test } from '@playwright/test';
import { appStatus, deepLink, openConnected, openRunTool, runTool } from './helpers';

test.describe('walking skeleton against the demo server', () => {
  test('the deep link connects on load and keeps server and transport in the URL', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`${baseURL}/mcp`);
    await expect(page.getByRole('combobox', { name: 'Transport' })).toHaveValue('streamable-http');
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible();
    await expect((await openRunTool(page)).getByRole('combobox', { name: 'Tool' })).toContainText('Countdown');
  });

  test('countdown goes working → completed live, and its result can be fetched only once terminal', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    // Steps every 500 ms keep the task from falling silent for its 1 s pollInterval, so updates come by push. Long
    // enough that a busy machine still sees it working; what it said meanwhile is checked in its timeline.
    const taskId = await runTool(page, 'countdown', { seconds: '15', steps: '30' });
    const row = page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);
    await expect(row).toHaveAttribute('data-status', 'working');
    await expect(row).toContainText(taskId);
    await expect(page).toHaveURL(new RegExp(`task=${taskId}`));

    const details = page.getByRole('region', { name: 'Task details' });
    await expect(details).toContainText(taskId);
    const fetchButton = details.getByRole('button', { name: 'Fetch result' });
    await expect(fetchButton).toBeDisabled();

    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 45_000 });
    // Status messages from the server's progress reached the page while it worked.
    await expect(details.getByRole('list', { name: 'Transitions' })).toContainText(/Step \d+ of 30/);
    await expect(row).toContainText('completed');
    await expect(details).toContainText('via push');
    await expect(fetchButton).toBeEnabled();
    await fetchButton.click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('Countdown finished: 30 steps');
  });

  test('fail_after ends failed and its error text is shown', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    // Long enough that a busy machine still sees it working before it fails.
    const taskId = await runTool(page, 'fail_after', { seconds: '8', reason: 'disk quota exceeded' });
    const row = page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);
    const fetchButton = page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' });
    await expect(fetchButton).toBeDisabled();
    await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await fetchButton.click();
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('The tool reported an error');
    await expect(result).toContainText('fail_after gave up after 8 s: disk quota exceeded');
  });

  test('render_chart completes with a PNG shown as an image', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    const taskId = await runTool(page, 'render_chart', { bars: '5', seconds: '0' });
    const row = page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);
    await expect(row).toHaveAttribute('data-status', 'completed');
    await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' }).click();
    const image = page.getByRole('region', { name: 'Result' }).getByRole('img', { name: /image\/png/ });
    await expect(image).toBeVisible();
    // Visible (it has a border) before its data decodes: read until it has.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  });

  test('a malformed Server URL gets a clear message and nothing breaks', async ({ page }) => {
    await page.goto(deepLink('not a url').replace('not+a+url%2Fmcp', 'not+a+url'));
    const status = appStatus(page);
    await expect(status).toContainText('Error');
    await expect(status).toContainText('is not a URL');
    await expect(page.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  test('an unreachable server gets a clear message', async ({ page }) => {
    await page.goto(deepLink('http://127.0.0.1:9'));
    const status = appStatus(page);
    await expect(status).toContainText('Error');
    await expect(status).toContainText('Could not reach');
  });
});
