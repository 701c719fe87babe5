import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { appStatus, drawerRegion, linkTo, openConnected, openRunTool, runTool, selectTask } from './helpers';

const rowOf = (page: Page, taskId: string) => page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);
const resultRegion = (page: Page) => page.getByRole('region', { name: 'Result' });

test.describe('results', () => {
  test('mixed_content: every content type through its own view, unsafe links inert', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    const taskId = await runTool(page, 'mixed_content', { seconds: '0' });
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    const result = resultRegion(page);
    // Auto-fetch on terminal: the result arrives without a click.
    await expect(result).toContainText('Plain text, with a line break');
    await expect(result.getByRole('heading', { name: 'Weekly build report' })).toBeVisible();
    await expect(result.getByRole('img', { name: /Image content \(image\/png\)/ })).toBeVisible();
    await expect(result.locator('audio')).toHaveCount(1);
    await expect(result.getByRole('link', { name: 'https://modelcontextprotocol.io/specification' })).toBeVisible();
    await expect(result.getByText('file:///etc/hosts')).toBeVisible();
    await expect(result.locator('object[type="application/pdf"]')).toHaveCount(1);
    await expect(result.getByText('audience: user')).toBeVisible();
    await expect(result.locator('.json-tree').first()).toContainText('json-in-text');
    expect(await result.locator('a[href^="javascript:"], script, iframe').count()).toBe(0);
    await expect(result.getByText('a script link')).toBeVisible();
    await result.getByRole('button', { name: 'Raw' }).click();
    await expect(result.locator('.raw-json')).toContainText('"type": "resource_link"');
  });

  test('structured_report: validated against the tool outputSchema, both ways', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    await runTool(page, 'structured_report', {});
    await expect(resultRegion(page)).toContainText('Valid against the tool’s outputSchema');
    const run = await openRunTool(page);
    await run.getByLabel('valid').uncheck();
    await runTool(page, 'structured_report', {});
    await expect(resultRegion(page)).toContainText('Does not match the tool’s outputSchema');
    await expect(resultRegion(page)).toContainText('/score');
  });

  test('a kept result survives a reload and a server restart that forgot the task', async ({ page, startDemo }) => {
    let server = await startDemo();
    const port = Number(new URL(server.mcpUrl).port);
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
    const taskId = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    await expect(resultRegion(page)).toContainText('Countdown finished: 1 steps');
    await expect(rowOf(page, taskId)).toContainText('kept');
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(resultRegion(page)).toContainText('Countdown finished: 1 steps');

    await server.close();
    server = await startDemo({ port });
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await expect(rowOf(page, taskId)).toContainText('kept');
    await selectTask(page, taskId);
    await expect(resultRegion(page)).toContainText('Countdown finished: 1 steps');
    await expect(resultRegion(page)).toContainText('kept locally');
    // The new server process never heard of it.
    expect(await server.state.taskStore.getTask(taskId)).toBeNull();

    await resultRegion(page).getByRole('button', { name: 'Delete kept copy' }).click();
    await expect(resultRegion(page)).not.toContainText('Countdown finished');
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    // Its result is gone; the task itself, started here, is still remembered (Forget task takes it out).
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    await expect(rowOf(page, taskId)).not.toContainText('kept');
    await expect(resultRegion(page)).not.toContainText('Countdown finished');
  });

  test('a 10 MB result: size first, nothing rendered until asked, and the page keeps responding', async ({ page, baseURL }) => {
    await openConnected(page, baseURL!);
    const small = await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    const big = await runTool(page, 'big_payload', { size_mb: '10' });
    await expect(rowOf(page, big)).toHaveAttribute('data-status', 'completed');
    const result = resultRegion(page);
    await expect(result).toContainText(/\d+\.\d MB/, { timeout: 30_000 });
    await expect(result).toContainText('not rendered until you ask');
    // What it holds is told before it is parsed here: the start of its text, the shape of structuredContent.
    const outline = result.getByLabel('What this result holds');
    await expect(outline).toContainText('A JSON payload of');
    await expect(outline).toContainText(/rows\s*array of \d{3},\d{3}/);
    await result.getByRole('button', { name: 'Show content' }).click();
    await expect(result.locator('.structured .json-tree')).toContainText('structuredContent');
    await expect(result.locator('.structured .json-tree')).toContainText('Show 100 more');
    // The page still answers: filter the list, switch tasks, open the raw view (formatted in a worker).
    await page.getByRole('region', { name: 'Task list' }).getByLabel('Search tasks').fill(small.slice(0, 8));
    await expect(page.getByRole('table', { name: 'Tasks' }).locator('tbody tr')).toHaveCount(1);
    await page.getByRole('region', { name: 'Task list' }).getByLabel('Search tasks').fill('');
    await selectTask(page, big);
    await result.getByRole('button', { name: 'Raw' }).click();
    await expect(result).toContainText('Showing the first', { timeout: 30_000 });
    await expect(result.getByRole('button', { name: 'Download JSON' })).toBeEnabled();
    // The raw text is the whole result: download it and compare with what the server holds.
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download JSON' }).click()]);
    const downloaded = JSON.parse(await readFile(await download.path(), 'utf8')) as { structuredContent?: { rows?: unknown[] } };
    expect(downloaded.structuredContent?.rows?.length).toBeGreaterThan(100_000);
    // It was parsed off the main thread: the protocol log holds a note with its size, not the payload.
    const log = await drawerRegion(page, 'Protocol log');
    await expect(log).toContainText('tasks/result');
    await expect(log).toContainText(/\d+\.\d MB/);
    // The kept copy is the whole result too: after a reload it is shown from IndexedDB, and renders when asked.
    // (A large result is shown first and kept meanwhile: the row says when the copy is written.)
    await expect(rowOf(page, big)).toContainText('kept');
    await expect(result).not.toContainText('keeping a local copy');
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    await selectTask(page, big);
    await expect(result).toContainText('kept locally', { timeout: 30_000 });
    await expect(result).toContainText('CallToolResult');
    await result.getByRole('button', { name: 'Show content' }).click();
    await expect(result.locator('.structured .json-tree')).toContainText('Show 100 more');
  });

  test('over legacy SSE, a large result comes on the event stream and is parsed off the main thread too', async ({ page, baseURL }) => {
    await page.goto(linkTo(`${baseURL}/sse`, 'sse'));
    await expect(appStatus(page)).toContainText('Connected');
    // Large enough for the size notice (1 MB) and for the worker (256 KB), small enough (under 2 MB) that the
    // protocol log shows its entry's message: the worker's note instead of the payload.
    const big = await runTool(page, 'big_payload', { size_mb: '1.5' });
    await expect(rowOf(page, big)).toHaveAttribute('data-status', 'completed');
    const result = resultRegion(page);
    await expect(result).toContainText('not rendered until you ask');
    await expect(result).toContainText(/1\.\d MB/);
    const log = await drawerRegion(page, 'Protocol log');
    const answer = log.locator('li.log-in', { hasText: 'tasks/result' }).filter({ hasText: /1\.\d MB/ });
    await answer.getByRole('button').click();
    await expect(answer).toContainText('a large result, parsed off the main thread');
    await result.getByRole('button', { name: 'Show content' }).click();
    await expect(result.locator('.structured .json-tree')).toContainText('structuredContent');
    await expect(result.locator('.structured .json-tree')).toContainText('Show 100 more');
    // The stream still carries every other answer as it comes: a small result shows at once.
    await runTool(page, 'countdown', { seconds: '0', steps: '1' });
    await expect(result).toContainText('Countdown finished: 1 steps');
  });
});
