import AxeBuilder from '@axe-core/playwright';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from './fixtures';
import { appStatus, linkTo, runTool, selectTask } from './helpers';

const table = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const rowOf = (page: Page, taskId: string) => table(page).locator(`tr[data-task-id="${taskId}"]`);
const tick = (page: Page, taskId: string) => table(page).getByRole('checkbox', { name: `Select task ${taskId}` });
const details = (page: Page) => page.getByRole('region', { name: 'Task details' });
const bar = (page: Page) => page.getByRole('group', { name: 'Selected tasks' });

/** Serious and critical WCAG A/AA violations inside these elements, in the light theme, then the dark one's colours. */
async function axeWithin(page: Page, selectors: string[]): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    if (scheme === 'dark') builder = builder.withRules(['color-contrast']);
    for (const selector of selectors) builder = builder.include(selector);
    const { violations } = await builder.analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(serious, scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function connect(page: Page, mcpUrl: string): Promise<void> {
  await page.goto(linkTo(mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
}

test.describe('acting on tasks: bulk, re-run, poll accounting', () => {
  test('three running tasks ticked and cancelled at once; shift-click ticks a range', async ({ page, demo }) => {
    await connect(page, demo.mcpUrl);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await runTool(page, 'long_job', { interval: '30' }));
    for (const id of ids) await expect(rowOf(page, id)).toHaveAttribute('data-status', 'working');

    for (const id of ids) await tick(page, id).check();
    await expect(bar(page)).toContainText('3 selected');
    await bar(page).getByRole('button', { name: 'Cancel selected' }).click();
    for (const id of ids) await expect(rowOf(page, id)).toHaveAttribute('data-status', 'cancelled');
    await expect(bar(page).getByRole('status')).toHaveText(/Cancelled 3 of 3 tasks\./);
    // The server agrees.
    await expect.poll(() => demo.state.methodsSeen.filter((m) => m === 'tasks/cancel').length).toBe(3);

    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    for (const id of ids) await expect(tick(page, id)).not.toBeChecked();
    // Newest first: the first and the last of the three rows, the middle one ticked by the range.
    const [newest, middle, oldest] = await table(page)
      .locator('tbody tr[data-task-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id') ?? ''));
    expect(new Set([newest, middle, oldest])).toEqual(new Set(ids));
    await tick(page, newest ?? '').click();
    await tick(page, oldest ?? '').click({ modifiers: ['Shift'] });
    await expect(tick(page, middle ?? '')).toBeChecked();
    await expect(bar(page)).toContainText('3 selected');
    await expect(table(page).getByRole('checkbox', { name: 'Select all shown tasks' })).toBeChecked();
    // x on a focused row flips its tick.
    await rowOf(page, middle ?? '').focus();
    await page.keyboard.press('x');
    await expect(tick(page, middle ?? '')).not.toBeChecked();
    await expect(bar(page)).toContainText('2 selected');
    // The bar (with its report) and the ticked rows pass axe in both themes.
    await axeWithin(page, ['.bulk-bar', '.tasks-table']);
  });

  test('a focused row keeps focus while the list updates, and x ticks the task under focus', async ({ page, demo }) => {
    await connect(page, demo.mcpUrl);
    // Two tasks reporting often; the second one started is the selected one.
    const first = await runTool(page, 'long_job', { interval: '0.3' });
    const second = await runTool(page, 'long_job', { interval: '0.3' });
    for (const id of [first, second]) await expect(rowOf(page, id)).toHaveAttribute('data-status', 'working');
    const row = rowOf(page, first);
    await row.focus();
    await expect(row).toBeFocused();
    // Its progress messages re-render the list twice over: the row keeps focus.
    const message = () => row.locator('td.message').innerText();
    for (let i = 0; i < 2; i++) {
      const before = await message();
      await expect.poll(message).not.toBe(before);
    }
    await expect(row).toBeFocused();
    await page.keyboard.press('x');
    await expect(tick(page, first)).toBeChecked();
    await expect(tick(page, second)).not.toBeChecked();
  });

  test('Re-run fills Run tool in with the original arguments; an edited one starts a new task with it', async ({ page, demo }) => {
    await connect(page, demo.mcpUrl);
    const first = await runTool(page, 'countdown', { seconds: '1', steps: '3' });
    await selectTask(page, first);
    await expect(details(page)).toContainText(first);
    await details(page).getByRole('button', { name: 'Re-run' }).click();

    const run = page.getByRole('region', { name: 'Run tool' });
    await expect(run).toContainText(`Filled in with the arguments of task ${first}`);
    await expect(run.getByRole('combobox', { name: 'Tool' })).toHaveValue('countdown');
    await expect(run.getByLabel('seconds', { exact: false }).first()).toHaveValue('1');
    const steps = run.getByLabel('steps', { exact: false }).first();
    await expect(steps).toHaveValue('3');
    await steps.fill('2');
    const before = await table(page).locator('tbody tr[data-task-id]').count();
    await run.getByRole('button', { name: 'Run as task' }).click();
    await expect(table(page).locator('tbody tr[data-task-id]')).toHaveCount(before + 1);
    // The new row can be drawn from the server's first status push before the reply that selects it is in: wait for
    // the selection to move, then read which task it is.
    await expect(details(page).locator('dd.mono').first()).not.toHaveText(first);
    const second = await details(page).locator('dd.mono').first().innerText();
    expect(second).not.toBe(first);
    await expect(rowOf(page, second)).toHaveAttribute('data-status', 'completed');
    await expect(rowOf(page, second)).toContainText('Finished 2 steps');

    // A task started by another client: its arguments are unknown here, and Re-run says so.
    const client = new Client({ name: 'another-client', version: '1' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.mcpUrl)));
    const created = await client.request(
      { method: 'tools/call', params: { name: 'countdown', arguments: { seconds: 0, steps: 1 }, task: {} } },
      CreateTaskResultSchema,
    );
    await client.close();
    await page.getByRole('region', { name: 'Task list' }).getByRole('button', { name: 'Refresh' }).click();
    await rowOf(page, created.task.taskId).click();
    await expect(details(page)).toContainText(created.task.taskId);
    await expect(details(page).getByRole('button', { name: 'Re-run' })).toBeDisabled();
    await expect(details(page)).toContainText('not started from this browser');
  });

  test('Re-run after a reload: the arguments come from IndexedDB, never from the address or Web Storage', async ({ page, demo }) => {
    await connect(page, demo.mcpUrl);
    const reason = 'a reason only the registry holds';
    const taskId = await runTool(page, 'fail_after', { seconds: '0', reason });
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'failed');
    await page.reload();
    await selectTask(page, taskId);
    await details(page).getByRole('button', { name: 'Re-run' }).click();
    const run = page.getByRole('region', { name: 'Run tool' });
    await expect(run.getByLabel('reason', { exact: false }).first()).toHaveValue(reason);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href);
    expect(stored).not.toContain(reason);
  });

  test('poll accounting counts the polls of a task the server is silent about', async ({ page, demo }) => {
    await connect(page, demo.mcpUrl);
    // One progress report, then silence for a minute: the page polls it at its pollInterval.
    const taskId = await runTool(page, 'long_job', { interval: '60' });
    await selectTask(page, taskId);
    const polls = details(page).getByRole('region', { name: 'Polls' });
    await expect(polls).toContainText('advertised 1.0 s');
    const count = async () => Number(/(\d+) tasks\/get/.exec(await polls.innerText())?.[1] ?? 0);
    await expect.poll(count).toBeGreaterThanOrEqual(1);
    const seen = await count();
    await expect.poll(count).toBeGreaterThanOrEqual(seen + 2);
    await expect(polls).toContainText(/actual average \d/);
    await expect(polls).toContainText(/Next poll\s*(in|now|due)/);
    await axeWithin(page, ['.poll-stats']);
  });
});
