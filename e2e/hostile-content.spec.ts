import { expect, test, type Page } from './fixtures';
import { appStatus, linkTo, runTool } from './helpers';

const rowOf = (page: Page, taskId: string) => page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);

test.describe('hostile content from a server', () => {
  test.beforeEach(async ({ page, misbehaving }) => {
    await page.goto(linkTo(misbehaving.url, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');
  });

  test('markdown that is slow to parse, too deep, or tracks the reader: parsed off the page, shown plain when it cannot render, remote images never loaded', async ({
    page,
  }) => {
    // (How long the page is held meanwhile is a figure of `npm run bench`: hostile server text.)
    const imageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('tracker.invalid')) imageRequests.push(request.url());
    });
    const taskId = await runTool(page, 'hostile_markdown', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('After the hostile blocks.');
    // Too deep to draw: said so, and the text is there plain.
    await expect(result.getByRole('note').filter({ hasText: 'nests deeper than' })).toBeVisible();
    // The tracking image is a link to open, not an image the page loads.
    const link = result.getByRole('link', { name: /open from tracker\.invalid/ });
    await expect(link).toBeVisible();
    await expect(result.locator('img[src*="tracker.invalid"]')).toHaveCount(0);
    // The slow one ends either rendered or shown plain after its time limit, never with the page frozen meanwhile.
    const slow = result.locator('.block-resource').nth(0);
    await expect(slow.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    // The long valid document is drawn whole, a slice at a time.
    const long = result.locator('.block-resource').nth(3);
    await expect(long.getByRole('link', { name: 'the log' })).toHaveCount(120);
    await expect(long.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(imageRequests).toEqual([]);
  });

  test('an outputSchema pattern that backtracks for ever: validation is stopped and said so, the page goes on', async ({ page }) => {
    const taskId = await runTool(page, 'catastrophic_pattern', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result).toContainText('a word');
    await expect(result.getByRole('note').filter({ hasText: 'checking against the tool’s outputSchema was stopped' })).toBeVisible({
      timeout: 30_000,
    });
    // The page still answers: another task runs and is listed.
    const next = await runTool(page, 'partly_invalid_blocks', {});
    await expect(rowOf(page, next)).toHaveAttribute('data-status', 'completed');
  });

  test('a result with some invalid content blocks: the valid ones render, each invalid one raw in its place with its error', async ({
    page,
  }) => {
    const taskId = await runTool(page, 'partly_invalid_blocks', {});
    await expect(rowOf(page, taskId)).toHaveAttribute('data-status', 'completed');
    const blocks = page.getByRole('region', { name: 'Result' }).locator('ol.content-blocks > li');
    await expect(blocks).toHaveCount(5);
    await expect(blocks.nth(0)).toContainText('first valid block');
    await expect(blocks.nth(1)).toContainText('does not validate');
    await expect(blocks.nth(2)).toContainText('unknown content block type "hologram"');
    await expect(blocks.nth(3)).toContainText('does not validate');
    await expect(blocks.nth(4)).toContainText('last valid block');
  });
});
