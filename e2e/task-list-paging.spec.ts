import { expect, test } from './fixtures';
import { appStatus, linkTo } from './helpers';

test.describe('task list paging', () => {
  test('a server with more tasks than one tasks/list page: every page is listed in the background, no scrolling needed', async ({
    page,
    demo,
  }) => {
    // A server of its own, filled directly (three pages of the demo's 500): the counts must be exactly these tasks.
    const count = 1234;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const task = await demo.state.taskStore.createTask({ ttl: null }, `paging-${i}`, {
        method: 'tools/call',
        params: { name: 'countdown' },
      });
      await demo.state.taskStore.storeTaskResult(task.taskId, i % 10 === 0 ? 'failed' : 'completed', {
        content: [{ type: 'text', text: `task ${i}` }],
      });
      ids.push(task.taskId);
    }
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const list = page.getByRole('region', { name: 'Task list' });
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table).toHaveAttribute('aria-rowcount', String(count));
    // The counts are whole once the last page is in (no "+": nothing left on the server).
    const statusFilter = list.getByLabel('Status');
    await expect(statusFilter.locator('option[value="all"]')).toHaveText(`All (${count})`);
    await expect(statusFilter.locator('option[value="failed"]')).toHaveText(`failed (${Math.ceil(count / 10)})`);
    await expect(list.getByRole('button', { name: 'Load more tasks' })).toHaveCount(0);
    // A task from the last page is found by search without any scrolling.
    const last = ids[count - 1]!;
    await list.getByLabel('Search tasks').fill(last);
    await expect(table.locator('tbody tr[data-task-id]')).toHaveCount(1);
    await expect(table.locator(`tr[data-task-id="${last}"]`)).toBeVisible();
  });
});
