import { expect, test, type Page } from './fixtures';
import { answerReportQuestion, appStatus, drawerRegion, linkTo, rememberedStatus, resultShows, runTool } from './helpers';

/** The demo server's MCP 2026-07-28 endpoint: tasks as the io.modelcontextprotocol/tasks extension. */
const modernLink = (origin: string, extra: Record<string, string> = {}) => linkTo(`${origin}/mcp-2026`, 'auto', extra);
const rowOf = (page: Page, taskId: string) => page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);

/** Another client (plain fetch, not the page) starts a task with the 2026-07-28 wire rules; returns its id. */
async function startElsewhere(modernUrl: string, tool: string, args: Record<string, unknown>): Promise<string> {
  const response = await fetch(modernUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': tool,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: tool,
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
        },
      },
    }),
  });
  const answer = (await response.json()) as { result?: { resultType?: string; taskId?: string } };
  if (answer.result?.resultType !== 'task' || !answer.result.taskId) throw new Error(`no task: ${JSON.stringify(answer)}`);
  return answer.result.taskId;
}

async function openModern(page: Page, origin: string): Promise<void> {
  await page.goto(modernLink(origin));
  await expect(appStatus(page)).toContainText('Connected');
  await expect(appStatus(page)).toContainText('2026-07-28');
}

test.describe('MCP 2026-07-28: tasks as an extension', () => {
  test('connects with server/discover, runs a tool the server turns into a task, live by notifications/tasks, result inlined', async ({
    page,
    demo,
  }) => {
    await openModern(page, demo.origin);
    const behaviour = await drawerRegion(page, 'Server behaviour');
    await expect(behaviour).toContainText('2026-07-28');
    const taskId = await runTool(page, 'countdown', { seconds: '2', steps: '4' });
    const row = rowOf(page, taskId);
    await expect(row).toHaveAttribute('data-status', 'completed');
    await expect(behaviour).toContainText('notifications/tasks');
    await resultShows(page, 'Countdown finished');
    // Kept like any result: a reload shows it from the page's own store.
    await expect(row).toContainText('kept');
    const log = await drawerRegion(page, 'Protocol log');
    await expect(log).toContainText('server/discover');
    await expect(log).toContainText('subscriptions/listen');
    await expect(log).not.toContainText('tasks/result');
    await expect(await drawerRegion(page, 'Server behaviour')).toContainText('No protocol violations seen');
  });

  test('input_required: the input request comes inside the task, answered with tasks/update from the Input required region', async ({
    page,
    demo,
  }) => {
    await openModern(page, demo.origin);
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
    await answerReportQuestion(page);
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await expect(page.getByRole('region', { name: 'Input required' })).toHaveCount(0);
    await resultShows(page, '"name":"Weekly digest"');
    await expect(await drawerRegion(page, 'Protocol log')).toContainText('tasks/update');
  });

  test('cancel with tasks/cancel: cancelled, and it stays so', async ({ page, demo }) => {
    await openModern(page, demo.origin);
    const taskId = await runTool(page, 'long_job', { interval: '0.2' });
    const row = rowOf(page, taskId);
    await expect(row).toContainText(/Processed \d+ items/);
    const details = page.getByRole('region', { name: 'Task details' });
    await details.getByRole('button', { name: 'Cancel task' }).click();
    await expect(row).toHaveAttribute('data-status', 'cancelled');
    await expect(details.getByRole('button', { name: 'Cancel task' })).toBeDisabled();
    await expect(await drawerRegion(page, 'Protocol log')).toContainText('tasks/cancel');
  });

  test('ttlMs: counts down, turns expired, and the result fetched in time stays', async ({ page, demo }) => {
    // The page's clock is the test's: a TTL long enough for a busy machine to fetch in time, then time moved past it.
    await page.clock.install();
    await openModern(page, demo.origin);
    const taskId = await runTool(page, 'short_ttl', { seconds: '0', ttl_seconds: '60' });
    const row = rowOf(page, taskId);
    await expect(row).toHaveAttribute('data-status', 'completed');
    const details = page.getByRole('region', { name: 'Task details' });
    await expect(details).toContainText(/expires in (\d+ s|1 min)/);
    const result = page.getByRole('region', { name: 'Result' });
    await resultShows(page, 'This result expires soon.');
    await page.clock.fastForward('01:30');
    await expect(row).toHaveAttribute('data-status', 'expired');
    await expect(result).toContainText('This result expires soon.');
    await expect(details.getByRole('button', { name: 'Fetch result' })).toBeDisabled();
  });

  test('no tasks/list: tasks started here come back after a reload and stay live; Watch task adds one started elsewhere', async ({
    page,
    demo,
  }) => {
    await openModern(page, demo.origin);
    const mine = await runTool(page, 'long_job', { interval: '0.2' });
    await expect(rowOf(page, mine)).toContainText(/Processed \d+ items/);
    // Remembered by this browser; then a reload without the task in the address.
    await expect.poll(() => rememberedStatus(page, mine)).toBe('working');
    await page.goto(modernLink(demo.origin));
    await expect(appStatus(page)).toContainText('2026-07-28');
    const row = rowOf(page, mine);
    await expect(row).toBeVisible();
    // Still live after the reload: asked for again, subscribed again, and its progress moves on.
    const before = await row.textContent();
    await expect.poll(() => row.textContent()).not.toBe(before);
    await expect(await drawerRegion(page, 'Protocol log')).toContainText('subscriptions/listen');

    const theirs = await startElsewhere(demo.modernUrl, 'long_job', { interval: 0.2 });
    await page.getByRole('textbox', { name: 'Task ID' }).fill(theirs);
    await page.getByRole('button', { name: 'Watch task' }).click();
    await expect(rowOf(page, theirs)).toContainText(/Processed \d+ items/);
    await expect(page.getByRole('region', { name: 'Task details' })).toContainText(theirs);
  });
});
