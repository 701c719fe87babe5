import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from './fixtures';
import { appStatus, linkTo, rememberedStatus, runTool, selectTask } from './helpers';

const table = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const rowOf = (page: Page, taskId: string) => table(page).locator(`tr[data-task-id="${taskId}"]`);
const details = (page: Page) => page.getByRole('region', { name: 'Task details' });

/** Another MCP client (not the page) starts a task on the server; returns its id. */
async function startElsewhere(mcpUrl: string, tool: string, args: Record<string, unknown>): Promise<string> {
  const client = new Client({ name: 'another-client', version: '1' }, { capabilities: {} });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  try {
    const created = await client.request(
      { method: 'tools/call', params: { name: tool, arguments: args, task: {} } },
      CreateTaskResultSchema,
    );
    return created.task.taskId;
  } finally {
    await client.close();
  }
}

test.describe('the task registry', () => {
  test('a task started here is listed after a reload with its last known state, on a server without tasks/list', async ({
    page,
    startDemo,
  }) => {
    const server = await startDemo({ features: { taskList: false } });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(page.getByRole('region', { name: 'Task list' })).toContainText('This server does not list tasks');
    // No result is fetched, so none is kept: the registry alone brings the task back.
    await page.getByRole('region', { name: 'Result' }).getByRole('checkbox', { name: 'Auto-fetch' }).uncheck();
    const taskId = await runTool(page, 'fail_after', { seconds: '0', reason: 'remembered failure' });
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'failed');
    await expect(rowOf(page, taskId)).not.toContainText('kept');
    // The registry writes state changes behind (at most once a second): wait for it to hold the end.
    await expect.poll(() => rememberedStatus(page, taskId)).toBe('failed');

    // A reload, without the selected task in the address (a deep-linked task is asked for by itself).
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    // Listed from the registry, whether or not the session is back yet.
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'failed');
    await expect(rowOf(page, taskId)).toContainText('fail_after');
    await expect(rowOf(page, taskId)).toContainText('remembered failure');
    await expect(appStatus(page)).toContainText('Connected');
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'failed');
    expect(server.state.methodsSeen).not.toContain('tasks/list');
  });

  test('on a server that lists, remembered tasks are listed before tasks/list answers, then merged with it', async ({ page, demo }) => {
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    // Still running, so no result is kept: the registry alone brings it back before the listing.
    const taskId = await runTool(page, 'countdown', { seconds: '120', steps: '4' });
    await expect(rowOf(page, taskId)).toContainText('Step 1 of 4');
    await expect.poll(() => rememberedStatus(page, taskId)).toBe('working');

    // tasks/list is held back after the reload until the row has been seen.
    let releaseList: () => void = () => {};
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    let listAsked = false;
    await page.route(demo.mcpUrl, async (route) => {
      if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('"tasks/list"')) {
        listAsked = true;
        await listHeld;
      }
      await route.continue();
    });
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'working');
    await expect(rowOf(page, taskId)).toContainText('countdown');
    await expect(rowOf(page, taskId)).toContainText('Step 1 of 4');
    await expect.poll(() => listAsked).toBe(true);
    releaseList();
    // The server's state is merged in: one row, still working, confirmed by this session.
    await expect(rowOf(page, taskId)).not.toContainText('earlier session');
    await expect(rowOf(page, taskId)).toHaveCount(1);
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'working');
  });

  test('Watch task adds a task another client started; an unknown id says so', async ({ page, startDemo }) => {
    const server = await startDemo({ features: { taskList: false } });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const taskId = await startElsewhere(server.mcpUrl, 'countdown', { seconds: 60, steps: 30 });

    const idBox = page.getByRole('textbox', { name: 'Task ID' });
    await idBox.fill('no-such-task');
    await page.getByRole('button', { name: 'Watch task' }).click();
    const list = page.getByRole('region', { name: 'Task list' });
    await expect(list.getByRole('alert')).toContainText('Could not watch task no-such-task');
    await expect(list.getByRole('alert')).toContainText('knows no task with ID no-such-task');
    // By now a push or a listing of the task started elsewhere would have had its chance: it is not listed.
    await expect(table(page)).toHaveAttribute('aria-rowcount', '0');
    await expect(rowOf(page, taskId)).toHaveCount(0);

    await idBox.fill(taskId);
    await page.getByRole('button', { name: 'Watch task' }).click();
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'working');
    await expect(rowOf(page, taskId)).toHaveAttribute('aria-selected', 'true');
    await expect(details(page)).toContainText(taskId);
    await expect(list.getByRole('alert')).toHaveCount(0);
    // Watched: polled like any task of this page (the steps move on), and remembered across a reload.
    await expect(rowOf(page, taskId)).toContainText(/Step \d+ of 30/);
    await expect.poll(() => rememberedStatus(page, taskId)).toBe('working');
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'working');
    await expect(rowOf(page, taskId)).toHaveAttribute('aria-selected', 'false');
  });

  test('Forget task removes a task, and it stays gone after a reload', async ({ page, startDemo }) => {
    const server = await startDemo({ features: { taskList: false } });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const kept = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    // One step: no push about it after the start, so nothing brings it back once forgotten.
    const running = await runTool(page, 'countdown', { seconds: '120', steps: '1' });
    await expect(rowOf(page, kept)).toContainText('kept');
    await expect.poll(() => rememberedStatus(page, kept)).toBe('completed');
    await expect.poll(() => rememberedStatus(page, running)).toBe('working');

    // No kept result: forgotten at once.
    await selectTask(page, running);
    await details(page).getByRole('button', { name: 'Forget task' }).click();
    await expect(rowOf(page, running)).toHaveCount(0);
    // A kept result: asked first, and deleted with it.
    await selectTask(page, kept);
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      expect(dialog.message()).toContain('kept in this browser is deleted too');
      await dialog.accept();
    });
    await details(page).getByRole('button', { name: 'Forget task' }).click();
    await asked;
    await expect(rowOf(page, kept)).toHaveCount(0);
    await expect.poll(() => rememberedStatus(page, kept)).toBeNull();
    await expect.poll(() => rememberedStatus(page, running)).toBeNull();

    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    const other = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    await expect(rowOf(page, other)).toHaveAttribute('data-status', 'completed');
    await expect(rowOf(page, kept)).toHaveCount(0);
    await expect(rowOf(page, running)).toHaveCount(0);
  });

  test('a ?task= deep link to a task this page never saw gets it listed and selected', async ({ page, startDemo }) => {
    const server = await startDemo({ features: { taskList: false } });
    const taskId = await startElsewhere(server.mcpUrl, 'countdown', { seconds: 0, steps: 1 });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http', { task: taskId }));
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await expect(rowOf(page, taskId)).toHaveAttribute('aria-selected', 'true');
    await expect(details(page)).toContainText(taskId);
    expect(server.state.methodsSeen).toContain('tasks/get');
    // Remembered like a watched task.
    await expect.poll(() => rememberedStatus(page, taskId)).toBe('completed');

    // An id the server does not know: said in Task details and beside Watch task, not waited for forever.
    await page.goto(linkTo(server.mcpUrl, 'streamable-http', { task: 'never-existed' }));
    await expect(details(page)).toContainText('Task never-existed could not be added');
    await expect(page.getByRole('region', { name: 'Task list' }).getByRole('alert')).toContainText('knows no task with ID never-existed');
  });
});
