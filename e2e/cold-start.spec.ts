import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { drawerRegion, linkTo, runTool } from './helpers';

test.describe('cold start', () => {
  test('the page is painted before its script runs: a static shell, replaced by the app', async ({ page, baseURL }) => {
    // The app's script held back: what index.html paints on its own is all there is.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // (Not 'domcontentloaded': that waits for the module script, which is held.)
    await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Taskdeck' })).toBeVisible();
    await expect(page.getByText('Starting the dashboard…')).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
    await expect(page.getByText('Starting the dashboard…')).toHaveCount(0);
  });

  test('Connected does not wait for the notification stream; Server info says when the stream is confirmed', async ({ page, demo }) => {
    // A proxy that holds the GET stream back: its answer is let through only when the test says so.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/mcp',
      async (route: Route) => {
        if (route.request().method() !== 'GET') return route.continue();
        await held;
        return route.continue();
      },
    );
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    const status = page.getByRole('status', { name: 'Connection status' });
    await expect(status).toContainText('Connected');
    const info = await drawerRegion(page, 'Server info');
    await expect(info).toContainText('notification stream requested');
    // Usable meanwhile: a task runs and completes (its status then comes by polling).
    const taskId = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
    await expect(page.locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute('data-status', 'completed');
    release();
    await expect(info).toContainText('notification stream open');
    await expect(status).not.toContainText('no notification stream');
  });
});
