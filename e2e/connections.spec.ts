import { expect, test } from './fixtures';
import { appStatus, deepLink, drawerRegion, linkTo, openRunTool, runTool } from './helpers';

test.describe('connections', () => {
  test('legacy SSE: connects, runs a task and sees it complete live', async ({ page, baseURL }) => {
    await page.goto(linkTo(`${baseURL}/sse`, 'sse'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(appStatus(page)).toContainText('via SSE');
    const taskId = await runTool(page, 'countdown', { seconds: '1', steps: '2' });
    await expect(page.locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute('data-status', 'completed');
  });

  test('Auto falls back to SSE against an SSE-only server and says so', async ({ page, startDemo }) => {
    const server = await startDemo({ transports: ['sse'] });
    await page.goto(linkTo(server.sseUrl, 'auto'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(appStatus(page)).toContainText('via SSE');
    await expect(appStatus(page)).toContainText('Auto: Streamable HTTP was refused');
    await expect(await drawerRegion(page, 'Server info')).toContainText('legacy SSE');
  });

  test('a server without tasks: said on screen, and no tasks/* request ever reaches it', async ({ page, startDemo }) => {
    const server = await startDemo({ features: { tasks: false } });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(page.getByText('does not support tasks')).toBeVisible();
    const run = await openRunTool(page);
    await expect(run.getByRole('button', { name: 'Run as task' })).toBeDisabled();
    await expect(run).toContainText('cannot run tools as tasks');
    await expect(page.getByRole('region', { name: 'Task list' })).toContainText('No tasks yet');
    // The page has done its start-up work (tools listed); a reload does it all again.
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await expect((await openRunTool(page)).getByRole('combobox', { name: 'Tool' })).toContainText('Countdown');
    expect(server.state.methodsSeen).toContain('tools/list');
    expect(server.state.methodsSeen.filter((m) => m.startsWith('tasks/'))).toEqual([]);
  });

  test('a bearer-protected server: a missing or wrong token is named, the right one connects, and it leaks nowhere', async ({
    page,
    startDemo,
  }) => {
    const token = 'tok-right-4c1b9e';
    const server = await startDemo({ token });
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Error');
    await expect(appStatus(page)).toContainText('HTTP 401');
    await page.getByRole('textbox', { name: 'Bearer token' }).fill('tok-wrong-000000');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(appStatus(page)).toContainText('Error');
    await expect(appStatus(page)).toContainText('bearer token');
    await page.getByRole('textbox', { name: 'Bearer token' }).fill(token);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    expect(page.url()).not.toContain(token);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);
    const log = await drawerRegion(page, 'Protocol log');
    await expect(log).toContainText('tools/call');
    expect(await log.textContent()).not.toContain(token);
  });

  test('a server that sends no CORS headers gets an explanation of CORS, not "unreachable"', async ({ page, serverWithoutCors }) => {
    await page.goto(linkTo(serverWithoutCors.url, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Error');
    await expect(appStatus(page)).toContainText('CORS');
    await expect(appStatus(page)).toContainText('Access-Control-Allow-Origin');
  });

  test('the server stops and comes back: Reconnecting, then Connected, with earlier tasks and results kept', async ({
    page,
    startDemo,
  }) => {
    const server = await startDemo();
    const port = Number(new URL(server.mcpUrl).port);
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const done = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    const doneRow = page.locator(`tr[data-task-id="${done}"]`);
    await expect(doneRow).toHaveAttribute('data-status', 'completed');
    await page.getByRole('button', { name: 'Fetch result' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('Countdown finished: 1 steps');
    const running = await runTool(page, 'countdown', { seconds: '60', steps: '60' });
    await expect(page.locator(`tr[data-task-id="${running}"]`)).toHaveAttribute('data-status', 'working');

    await server.close();
    await expect(appStatus(page)).toContainText('Reconnecting');
    await startDemo({ port });
    await expect(appStatus(page)).toContainText('Connected', { timeout: 30_000 });

    // The new server process never heard of these tasks: they stay listed, marked, with the result kept.
    await expect(doneRow).toContainText('earlier session');
    await doneRow.click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('Countdown finished: 1 steps');
    // And the new session works.
    const fresh = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    await expect(page.locator(`tr[data-task-id="${fresh}"]`)).toHaveAttribute('data-status', 'completed');
  });

  test('the notification stream dropping alone is resumed with Last-Event-ID, and pushes keep coming', async ({ page, demo }) => {
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    // A step every 200 ms keeps every update arriving by push (the poller waits 1 s of silence).
    const taskId = await runTool(page, 'countdown', { seconds: '8', steps: '40' });
    const row = page.locator(`tr[data-task-id="${taskId}"]`);
    const stepNow = async () => Number(/Step (\d+) of 40/.exec((await row.textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(stepNow).toBeGreaterThan(1);
    const before = await stepNow();
    demo.dropNotificationStreams();
    await expect.poll(() => demo.state.resumedStreams).toBeGreaterThan(0);
    // Pushes keep coming on the resumed stream (or the row is already done).
    await expect.poll(async () => (await row.getAttribute('data-status')) === 'completed' || (await stepNow()) > before + 2).toBe(true);
    await expect(appStatus(page)).toContainText('Connected');
    await expect(row).toHaveAttribute('data-status', 'completed');
  });

  test('recent servers are offered again, without secrets', async ({ page, baseURL }) => {
    await page.goto(deepLink(baseURL!));
    await expect(appStatus(page)).toContainText('Connected');
    const recent = await page.evaluate(() => localStorage.getItem('taskdeck.recentServers'));
    expect(recent).toContain(`${baseURL}/mcp`);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('textbox', { name: 'Server URL' }).fill('');
    await page.getByRole('combobox', { name: 'Recent servers' }).selectOption(`${baseURL}/mcp`);
    await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`${baseURL}/mcp`);
  });
});
