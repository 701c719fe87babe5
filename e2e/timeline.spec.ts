import { expect, test } from './fixtures';
import { appStatus, linkTo, openConnected, runTool } from './helpers';

test.describe('timeline chart', () => {
  test('tasks as bars by status: a failed one is labelled failed, a live one grows, a bar selects its task', async ({ page, demo }) => {
    // A server of its own: the chart must hold exactly this test's tasks.
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const failed = await runTool(page, 'fail_after', { seconds: '0', reason: 'no quota' });
    const quick = await runTool(page, 'countdown', { seconds: '0.5', steps: '2' });
    // Still running at the end of the test, however busy the machine.
    const slow = await runTool(page, 'countdown', { seconds: '600', steps: '10' });
    const tasks = page.getByRole('table', { name: 'Tasks' });
    await expect(tasks.locator(`tr[data-task-id="${failed}"]`)).toHaveAttribute('data-status', 'failed');
    await expect(tasks.locator(`tr[data-task-id="${quick}"]`)).toHaveAttribute('data-status', 'completed');

    await page.getByRole('radiogroup', { name: 'Task view' }).getByRole('radio', { name: 'Timeline' }).check();
    await expect(page).toHaveURL(/view=timeline/);
    await expect(page.getByRole('table', { name: 'Tasks' })).toHaveCount(0);
    const chart = page.getByRole('figure', { name: 'Timeline chart' });
    const bar = (taskId: string) => chart.locator(`li[data-task-id="${taskId}"]`).getByRole('button');
    await expect(chart.locator('li[data-task-id]')).toHaveCount(3);
    await expect(bar(failed)).toHaveAccessibleName(new RegExp(`^${failed.slice(0, 8)} fail_after: .*failed$`));
    await expect(bar(quick)).toHaveAccessibleName(/countdown: working (\d+ ms|\d+\.\d s), completed$/);
    await expect(chart.locator(`li[data-task-id="${slow}"]`)).toHaveAttribute('data-status', 'working');
    await expect(bar(slow)).toHaveAccessibleName(/still working$/);
    // The live bar grows with the shared clock.
    const firstLabel = await bar(slow).getAttribute('aria-label');
    await expect(bar(slow)).not.toHaveAccessibleName(firstLabel!);

    await bar(failed).click();
    const details = page.getByRole('region', { name: 'Task details' });
    await expect(details).toContainText(failed);
    await expect(details).toContainText('failed');
    await expect(bar(failed)).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(new RegExp(`task=${failed}`));

    // Keyboard: a bar is a button, Enter selects; the filters apply to the chart too.
    await bar(quick).focus();
    await page.keyboard.press('Enter');
    await expect(details).toContainText(quick);
    await page.getByRole('region', { name: 'Task list' }).getByLabel('Status').selectOption('failed');
    await expect(chart.locator('li[data-task-id]')).toHaveCount(1);
    await expect(chart.locator('li[data-task-id]')).toHaveAttribute('data-status', 'failed');
  });

  test('the view is remembered in this browser and kept in the URL; Table brings the table back', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    await page.getByRole('radio', { name: 'Timeline' }).check();
    await expect(page.getByRole('figure', { name: 'Timeline chart' })).toBeVisible();
    await expect(page).toHaveURL(/view=timeline/);
    // A link without view= opens the remembered view.
    await openConnected(page, baseURL!);
    await expect(page.getByRole('figure', { name: 'Timeline chart' })).toBeVisible();
    await expect(page).toHaveURL(/view=timeline/);
    await page.getByRole('radio', { name: 'Table' }).check();
    await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
    await expect(page).not.toHaveURL(/view=timeline/);
  });
});
