import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import {
  answerReportQuestion,
  appStatus,
  drawerRegion,
  fillCredentials,
  indexedDbText,
  linkTo,
  openRunTool,
  resultShows,
  runTool,
} from './helpers';

/** The stdio process's output, in the drawer's Local process tab (opened first). */
const processLog = async (page: Page) => (await drawerRegion(page, 'Local process')).getByRole('log', { name: 'Process output' });
const rowOf = (page: Page, taskId: string) => page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);

/**
 * What the page keeps where a secret must never be: the address, localStorage and the protocol log (and, with
 * `session`, this tab's sessionStorage, where a bearer token may stay but the bridge's token and env values may not).
 */
async function keptText(page: Page, session = true): Promise<string> {
  const storage = await page.evaluate(
    (withSession) => JSON.stringify({ ...localStorage }) + (withSession ? JSON.stringify({ ...sessionStorage }) : ''),
    session,
  );
  const log = await (await drawerRegion(page, 'Protocol log')).innerText();
  return [page.url(), storage, log].join('\n');
}

test.describe('the local bridge', () => {
  test('the demo server over stdio by its configured name: a task asks, is answered live, completes; a killed process is shown and restarted; Disconnect stops it', async ({
    page,
  }) => {
    await page.goto(linkTo('stdio:demo', 'stdio'));
    await expect(appStatus(page)).toContainText('Connected');
    await expect(appStatus(page)).toContainText('stdio');
    await expect(await processLog(page)).toContainText('started:');
    // The process's stderr, as it wrote it.
    await expect(await processLog(page)).toContainText('Taskdeck demo server on stdio');
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
    await answerReportQuestion(page);
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await resultShows(page, 'Weekly digest');
    const token = await page.evaluate(async () => ((await (await fetch('/bridge/token')).json()) as { token: string }).token);
    expect(token.length).toBeGreaterThan(30);
    expect(await keptText(page)).not.toContain(token);
    // The process dies: the page says how, starts it again and reconnects.
    const pid = Number(/\(pid (\d+)\)/.exec(await (await processLog(page)).innerText())?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    await expect(await processLog(page)).toContainText('exited: stopped by SIGKILL');
    await expect((await processLog(page)).getByText(/^started:/)).toHaveCount(2);
    await expect(appStatus(page)).toContainText('Connected');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(await processLog(page)).toContainText('exited: stopped by SIGTERM');
    // The stdio fields and the process output meet WCAG 2.1 AA (serious and critical rules).
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('form[aria-label="Connection"]')
      .include('.process-panel')
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test('the seed dialect over stdio: its pushes and its refusal of an early tasks/result are seen as over HTTP', async ({ page }) => {
    await page.goto(linkTo('stdio:demo-seed', 'stdio'));
    await expect(appStatus(page)).toContainText('Connected');
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
    const behaviour = await drawerRegion(page, 'Server behaviour');
    await expect(behaviour).toContainText('notifications/tasks/updated');
    await expect(behaviour).toContainText('seed dialect');
    await expect(behaviour).toContainText('refused before terminal');
    await page.getByRole('region', { name: 'Input required' }).getByRole('button', { name: 'Decline' }).click();
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await resultShows(page, 'You declined to answer.');
  });

  test('the reference everything server, typed into the form with an environment variable: research asks for clarification, completes', async ({
    page,
  }) => {
    const secret = 'env-secret-5b1c0e';
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'stdio' });
    await page.getByRole('combobox', { name: 'Command' }).fill('node node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    // An argument that stands for a secret some servers take on their command line (it is ignored by this one).
    await page.getByRole('textbox', { name: 'Arguments' }).fill('stdio --label arg-secret-3f9a');
    await page.getByText('Environment variables', { exact: true }).click();
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByRole('textbox', { name: 'Variable 1 name' }).fill('TASKDECK_E2E_SECRET');
    await page.getByRole('textbox', { name: 'Variable 1 value' }).fill(secret);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(await drawerRegion(page, 'Server info')).toContainText('stdio (local bridge)');
    const run = await openRunTool(page);
    await run.getByRole('combobox', { name: 'Tool' }).selectOption('simulate-research-query');
    await run.getByLabel('topic').fill('python');
    await run.getByLabel('ambiguous').check();
    await run.getByRole('button', { name: 'Run as task' }).click();
    const row = page.getByRole('table', { name: 'Tasks' }).locator('tbody tr').first();
    await expect(row).toHaveAttribute('data-status', 'input_required');
    const input = page.getByRole('region', { name: 'Input required' });
    const clarification = input.getByLabel('Clarification');
    await clarification.selectOption((await clarification.locator('option').nth(0).getAttribute('value')) ?? '');
    await input.getByRole('button', { name: 'Submit' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed');
    await resultShows(page, 'python');
    // A typed command line is never put in the address bar, and the environment's values nowhere.
    expect(page.url()).not.toContain('server-everything');
    expect(await keptText(page)).not.toContain(secret);
    // The task and its result are kept in this browser, under a fingerprint of the command line, not the line.
    const taskId = (await row.getAttribute('data-task-id')) ?? '';
    await expect.poll(() => indexedDbText(page)).toContain(taskId);
    const stored = await indexedDbText(page);
    expect(stored).not.toContain('arg-secret-3f9a');
    expect(stored).not.toContain(secret);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(await processLog(page)).toContainText(/exited/);
  });

  test('a server that refuses this origin is reached through the local bridge, with its bearer token passed through', async ({
    page,
    startDemo,
  }) => {
    const demo = await startDemo({ allowOrigins: [], token: 'upstream-token-77' });
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await fillCredentials(page, 'upstream-token-77');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(appStatus(page)).toContainText('Error');
    // The CORS block is explained, and the bridge suggested.
    await expect(appStatus(page)).toContainText('Through local bridge');
    await page.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Through local bridge' });
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(await drawerRegion(page, 'Server info')).toContainText('through the local bridge');
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
    await answerReportQuestion(page);
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    expect(await keptText(page, false)).not.toContain('upstream-token-77');
  });

  test('after npm start restarts (a new bridge token), the page asks for the token again and reconnects through the bridge', async ({
    page,
    startDemo,
  }) => {
    const upstream = await startDemo({ allowOrigins: [] });
    const first = await startDemo({ app: 'dist', bridge: {}, allowOrigins: [] });
    const port = Number(new URL(first.origin).port);
    await page.goto(`${first.origin}${linkTo(upstream.mcpUrl, 'bridge')}`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await first.close();
    await expect(appStatus(page)).not.toContainText('Connected');
    // The same address again, with a new token: the page's token from the first start is refused once, then renewed.
    const second = await startDemo({ app: 'dist', bridge: {}, allowOrigins: [], port });
    try {
      await expect(appStatus(page)).toContainText('Connected');
      const taskId = await runTool(page, 'countdown', { seconds: '1', steps: '2' });
      await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    } finally {
      await second.close();
    }
  });

  test('a legacy SSE server without CORS for this page, through the local bridge', async ({ page, startDemo }) => {
    const demo = await startDemo({ allowOrigins: [], transports: ['sse'] });
    await page.goto(linkTo(demo.sseUrl, 'bridge'));
    // A bridge link is not followed on load: it waits for Connect.
    await expect(appStatus(page)).toContainText('Disconnected');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(await drawerRegion(page, 'Server info')).toContainText('legacy SSE through the local bridge');
    const taskId = await runTool(page, 'ask', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'input_required');
  });
  test('an MCP 2026-07-28 server without CORS for this page, through the local bridge: discovered, live, result inlined', async ({
    page,
    startDemo,
  }) => {
    const demo = await startDemo({ allowOrigins: [] });
    await page.goto(linkTo(demo.modernUrl, 'bridge'));
    // A bridge link is not followed on load: it waits for Connect.
    await expect(appStatus(page)).toContainText('Disconnected');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(appStatus(page)).toContainText('2026-07-28');
    await expect(await drawerRegion(page, 'Server info')).toContainText('through the local bridge');
    const taskId = await runTool(page, 'countdown', { seconds: '2', steps: '4' });
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await resultShows(page, 'Countdown finished: 4 steps');
  });
});
