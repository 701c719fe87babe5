import { expect, test, type Page } from './fixtures';
import { appStatus, linkTo, runTool, selectTask } from './helpers';

const rowOf = (page: Page, taskId: string) => page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);

test('kept results past the quota: the one used longest ago is deleted, the one on screen never, and the usage is shown', async ({
  page,
  demo,
}) => {
  // A tiny quota for this browser (the setting a small disk would use): room for about one small result.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('quota-set')) {
      localStorage.setItem('taskdeck.keptQuotaMb', String(150 / (1024 * 1024)));
      sessionStorage.setItem('quota-set', '1');
    }
  });
  // A server of this test's own: a task of another test ending meanwhile on the shared one would be kept too.
  await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
  const result = page.getByRole('region', { name: 'Result' });

  const first = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
  await expect(rowOf(page, first)).toHaveAttribute('data-status', 'completed');
  await expect(rowOf(page, first)).toContainText('kept');
  await expect(result).toContainText('1 kept');

  // On screen before it ends (it is kept, and room made, when it ends): it runs long enough to be selected first.
  const second = await runTool(page, 'countdown', { seconds: '10', steps: '2' });
  await selectTask(page, second);
  await expect(rowOf(page, second)).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, second)).toHaveAttribute('data-status', 'working');
  await expect(rowOf(page, second)).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(rowOf(page, second)).toContainText('kept');
  // Both do not fit: the older one went, the one on screen stayed.
  await expect(rowOf(page, first)).not.toContainText('kept');
  await expect(result).toContainText('1 kept');
  await page.reload();
  await expect(rowOf(page, second)).toContainText('kept');
  await expect(rowOf(page, first)).not.toContainText('kept');
});
