import { expect, test, type Page } from './fixtures';
import { everythingPort } from '../playwright.config';
import {
  answerReportQuestion,
  appStatus,
  drawerRegion,
  linkTo,
  openConnected,
  openRunTool,
  resultShows,
  runTool,
  selectTask,
} from './helpers';

const rowOf = (page: Page, taskId: string) => page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);

test.describe('task lifecycle', () => {
  test('ask: input_required, answered in the Input required region, then completed with the answer', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
    // The form starts from the schema's defaults.
    await expect(page.getByRole('region', { name: 'Input required' }).getByLabel('Report name')).toHaveValue('Quarterly summary');
    await answerReportQuestion(page);
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await expect(page.getByRole('region', { name: 'Input required' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('"name":"Weekly digest"');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('"format":"pdf"');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('"deliverTo":["email","slack"]');
    await expect(await drawerRegion(page, 'Server behaviour')).toContainText('blocked until terminal');
  });

  test('long_job: Cancel task shows cancelled at once, and nothing later brings it back', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    const taskId = await runTool(page, 'long_job', { interval: '0.2' });
    const row = rowOf(page, taskId);
    await expect(row).toContainText(/Processed \d+ items/);
    await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Cancel task' }).click();
    await expect(row).toHaveAttribute('data-status', 'cancelled');
    const details = page.getByRole('region', { name: 'Task details' });
    await expect(details.getByRole('button', { name: 'Cancel task' })).toBeDisabled();
    // The server confirms; a poll two pollIntervals later still says cancelled.
    await expect(details).toContainText('Client cancelled task execution');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveAttribute('data-status', 'cancelled');
    await expect(await drawerRegion(page, 'Server behaviour')).toContainText('No protocol violations seen');
  });

  test('short_ttl: counts down, turns expired, and keeps the result fetched in time', async ({ page, baseURL }) => {
    // The page's clock is the test's: a TTL long enough for a busy machine to fetch in time, then time moved on
    // past it (the page's expiry is its own reading of createdAt + ttl; the server purges a minute later).
    await page.clock.install();
    await openConnected(page, baseURL!);
    const taskId = await runTool(page, 'short_ttl', { seconds: '0', ttl_seconds: '60' });
    const row = rowOf(page, taskId);
    await expect(row).toHaveAttribute('data-status', 'completed');
    const details = page.getByRole('region', { name: 'Task details' });
    await expect(details).toContainText(/expires in (\d+ s|1 min)/);
    await resultShows(page, 'This result expires soon.');
    await page.clock.fastForward('01:30');
    await expect(row).toHaveAttribute('data-status', 'expired');
    await expect(row).toContainText('expired');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('This result expires soon.');
    await expect(details.getByRole('button', { name: 'Fetch result' })).toBeDisabled();
  });

  test('several tasks at once, a timeline per task, and filters kept in the URL', async ({ page, demo }) => {
    // A server of this test's own: the counts below are of this test's tasks, not of every test's.
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const failed = await runTool(page, 'fail_after', { seconds: '0', reason: 'no quota' });
    const slow = await runTool(page, 'countdown', { seconds: '20', steps: '10' });
    const quick = await runTool(page, 'countdown', { seconds: '0.5', steps: '2' });
    await expect(rowOf(page, failed)).toHaveAttribute('data-status', 'failed');
    await expect(rowOf(page, quick)).toHaveAttribute('data-status', 'completed');
    await expect(rowOf(page, slow)).toHaveAttribute('data-status', 'working');

    await selectTask(page, quick);
    const timeline = page.getByRole('region', { name: 'Task details' }).getByRole('list', { name: 'Transitions' });
    // Every observed transition, in order: the steps, then the end.
    await expect(timeline).toContainText('Step 1 of 2');
    await expect(timeline).toContainText('Step 2 of 2');
    await expect(timeline.getByRole('listitem').last()).toContainText('completed');
    expect(await timeline.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);

    const list = page.getByRole('region', { name: 'Task list' });
    await list.getByLabel('Status').selectOption('failed');
    await expect(page.getByRole('table', { name: 'Tasks' }).locator('tbody tr')).toHaveCount(1);
    await expect(page).toHaveURL(/status=failed/);
    await list.getByLabel('Status').selectOption('all');
    await list.getByLabel('Search tasks').fill('quota');
    await expect(page.getByRole('table', { name: 'Tasks' }).locator('tbody tr')).toHaveCount(1);
    await expect(page).toHaveURL(/q=quota/);
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(page.getByRole('region', { name: 'Task list' }).getByLabel('Search tasks')).toHaveValue('quota');
  });

  test('the seed dialect: named in Server behaviour, tasks/result refused before terminal without a retry loop', async ({
    page,
    startDemo,
  }) => {
    const server = await startDemo({ features: { dialect: 'seed' } });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
    const behaviour = await drawerRegion(page, 'Server behaviour');
    await expect(behaviour).toContainText('notifications/tasks/updated');
    await expect(behaviour).toContainText('refused before terminal');
    await expect(behaviour).toContainText('seed dialect');
    // Polling went on for several pollIntervals meanwhile, yet tasks/result was tried once: no retry loop.
    await expect.poll(() => server.state.methodsSeen.filter((m) => m === 'tasks/get').length).toBeGreaterThan(2);
    expect(server.state.methodsSeen.filter((m) => m === 'tasks/result')).toHaveLength(1);
    // The elicitation still reaches the page (on the notification stream) and can be answered.
    const input = page.getByRole('region', { name: 'Input required' });
    await input.getByRole('button', { name: 'Decline' }).click();
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    // Once terminal, the one auto-fetch of the result.
    await expect.poll(() => server.state.methodsSeen.filter((m) => m === 'tasks/result').length).toBe(2);
    await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('You declined to answer.');
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('{taskId, status, result} envelope');
  });

  test('the reference everything server: simulate-research-query asks for clarification, completes, and its report is fetched', async ({
    page,
  }) => {
    const url = `http://127.0.0.1:${everythingPort}/mcp`;
    await page.goto(linkTo(url, 'auto'));
    await expect(appStatus(page)).toContainText('Connected');
    const run = await openRunTool(page);
    await run.getByRole('combobox', { name: 'Tool' }).selectOption('simulate-research-query');
    await run.getByLabel('topic').fill('python');
    await run.getByLabel('ambiguous').check();
    await run.getByRole('button', { name: 'Run as task' }).click();
    const row = page.getByRole('table', { name: 'Tasks' }).locator('tbody tr').first();
    await expect(row).toHaveAttribute('data-status', 'input_required', { timeout: 20_000 });
    const input = page.getByRole('region', { name: 'Input required' });
    await expect(input).toContainText('could have multiple interpretations');
    const clarification = input.getByLabel('Clarification');
    const firstOption = await clarification.locator('option').nth(0).getAttribute('value');
    await clarification.selectOption(firstOption);
    await input.getByRole('button', { name: 'Submit' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('python');
  });
});
