import type { RunningServer } from '../server/app';
import { expect, test, type Page } from './fixtures';
import { appStatus, drawerRegion, linkTo, resultShows, runTool } from './helpers';

/** The workbench checked by element geometry (boxes), never by pixels. */

const LONG_MESSAGE = `Step 3 of 9: ${'reconciling the ledger against the upstream export, '.repeat(4)}done`;

/** Fills a demo server of the test's own with `count` ended tasks, straight into its store; returns the newest's id. */
async function fill(server: RunningServer, count: number): Promise<string> {
  let newest = '';
  for (let i = 0; i < count; i++) {
    const task = await server.state.taskStore.createTask({ ttl: null }, `layout-${i}`, {
      method: 'tools/call',
      params: { name: 'countdown' },
    });
    await server.state.taskStore.updateTaskStatus(task.taskId, 'working', LONG_MESSAGE);
    await server.state.taskStore.storeTaskResult(task.taskId, i % 4 === 0 ? 'failed' : 'completed', {
      content: [{ type: 'text', text: `First line of result ${i}\nsecond line\nthird line` }],
    });
    newest = task.taskId;
  }
  return newest;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(page: Page, selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} has no box`);
  return b;
}

const inside = (inner: Box, outer: Box, slack = 0.5) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The rows wholly in view: inside the window and inside the table's scroller. */
async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.querySelector('.table-scroll')?.getBoundingClientRect();
    if (!scroller) return 0;
    const rows = [...document.querySelectorAll('table[aria-label="Tasks"] tbody tr[data-task-id]')];
    return rows.filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= Math.max(0, scroller.top) - 0.5 && r.bottom <= Math.min(innerHeight, scroller.bottom) + 0.5;
    }).length;
  });
}

async function open(page: Page, server: RunningServer) {
  await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
}

for (const [width, height] of [
  [1440, 900],
  [1280, 800],
] as const) {
  test(`at ${width}×${height}: 12 rows, Task details and the result's first line at once, no page scroll, no column cut off`, async ({
    page,
    demo,
  }) => {
    await page.setViewportSize({ width, height });
    const newest = await fill(demo, 14);
    await open(page, demo);
    const table = page.getByRole('table', { name: 'Tasks' });
    await expect(table).toHaveAttribute('aria-rowcount', '14');
    await table.locator(`tr[data-task-id="${newest}"]`).click();
    await resultShows(page, 'First line of result 13');

    expect(await rowsInView(page)).toBeGreaterThanOrEqual(12);
    const viewport = { x: 0, y: 0, width, height };
    // The details (its first facts and its actions) and the result's first line, all in the window together.
    const details = page.getByRole('region', { name: 'Task details' });
    for (const part of [details.getByText('Task ID', { exact: true }), details.getByRole('button', { name: 'Fetch result' })]) {
      const b = await part.boundingBox();
      expect(b && inside(b, viewport), 'Task details in view').toBe(true);
    }
    const firstLine = await page.getByRole('region', { name: 'Result' }).getByText('First line of result 13').first().boundingBox();
    const resultBody = await box(page, '#result-region .region-body');
    expect(firstLine && inside(firstLine, viewport) && firstLine.y + firstLine.height <= resultBody.y + resultBody.height + 0.5).toBe(true);
    // The page itself never scrolls: its panes do.
    expect(await page.evaluate(() => (document.scrollingElement?.scrollHeight ?? Infinity) <= innerHeight)).toBe(true);
    // Every column whole: the Updated cells end inside the table's visible box, and the table does not scroll sideways.
    const scroller = await box(page, '.table-scroll');
    const updated = await table
      .locator('tbody tr[data-task-id] td:last-child')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right));
    expect(updated.length).toBeGreaterThanOrEqual(12);
    for (const right of updated) expect(right).toBeLessThanOrEqual(scroller.x + scroller.width + 0.5);
    const header = await table.getByRole('columnheader', { name: 'Updated' }).boundingBox();
    expect(header && inside(header, scroller)).toBe(true);
    expect(await page.locator('.table-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // A long message is cut to fit, with the whole of it on hover.
    const message = table.locator(`tr[data-task-id="${newest}"] td.message`);
    await expect(message).toHaveAttribute('title', LONG_MESSAGE);
    expect(await message.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
}

test('Run tool opens over the task panes with r and closes with Esc; drawer tabs switch; a resized pane is remembered; toasts stay off the details', async ({
  page,
  demo,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await fill(demo, 3);
  await open(page, demo);
  const table = page.getByRole('table', { name: 'Tasks' });
  await expect(table.locator('tbody tr[data-task-id]')).toHaveCount(3);
  const listBefore = await table.boundingBox();

  // r: the panel opens on the Tool field, beside the list, which does not move.
  const run = page.getByRole('region', { name: 'Run tool' });
  await expect(run).toBeHidden();
  await page.keyboard.press('r');
  await expect(run.getByRole('combobox', { name: 'Tool' })).toBeFocused();
  expect(await table.boundingBox()).toEqual(listBefore);
  const runBox = await run.boundingBox();
  const listPane = await box(page, '.pane-list');
  expect(runBox && !overlaps(runBox, listPane)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(run).toBeHidden();
  await expect(page.getByRole('button', { name: 'Run a tool…' })).toHaveAttribute('aria-expanded', 'false');

  // The drawer: one tab's region at a time, arrows move between tabs, the page still does not scroll.
  const behaviour = await drawerRegion(page, 'Server behaviour');
  await expect(behaviour).toBeVisible();
  await expect(page.getByRole('region', { name: 'Protocol log' })).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Server info' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Server info' })).toContainText('Taskdeck demo server');
  await expect(behaviour).toBeHidden();
  expect(await page.evaluate(() => (document.scrollingElement?.scrollHeight ?? Infinity) <= innerHeight)).toBe(true);
  await page.getByRole('button', { name: 'Hide drawer' }).click();
  await expect(page.getByRole('region', { name: 'Server info' })).toBeHidden();

  // Resized by keyboard (the list) and by pointer (Task details over the result), then reloaded.
  const listSplitter = page.getByRole('separator', { name: 'Resize the task list' });
  const before = Number(await listSplitter.getAttribute('aria-valuenow'));
  await listSplitter.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(listSplitter).toHaveAttribute('aria-valuenow', String(before - 8));
  const narrower = await box(page, '.pane-list');
  expect(narrower.width).toBeLessThan(listPane.width - 40);
  const detailsSplitter = page.getByRole('separator', { name: 'Resize Task details' });
  const handle = await detailsSplitter.boundingBox();
  if (!handle) throw new Error('the details splitter has no box');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y - 120, { steps: 4 });
  await page.mouse.up();
  // The last move is drawn in a later task than the input: read once two frames apart give the same value.
  const valueNow = () => detailsSplitter.getAttribute('aria-valuenow');
  const twoFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect
    .poll(async () => {
      const first = await valueNow();
      await twoFrames();
      return first === (await valueNow());
    })
    .toBe(true);
  const dragged = Number(await valueNow());
  const detailsHeight = (await box(page, '.pane-details')).height;
  expect(detailsHeight).toBeLessThan(handle.y - (await box(page, '.pane-task')).y - 100);

  await page.reload();
  await expect(appStatus(page)).toContainText('Connected');
  await expect(listSplitter).toHaveAttribute('aria-valuenow', String(before - 8));
  await expect(detailsSplitter).toHaveAttribute('aria-valuenow', String(dragged));
  expect(Math.abs((await box(page, '.pane-list')).width - narrower.width)).toBeLessThanOrEqual(1);
  expect(Math.abs((await box(page, '.pane-details')).height - detailsHeight)).toBeLessThanOrEqual(1);

  // A task that ends raises a toast: not over the selected task's details or result.
  const taskId = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
  await expect(table.locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute('data-status', 'completed');
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  expect(toastBox && !overlaps(toastBox, await box(page, '.pane-task'))).toBe(true);
});

test('under 700 px the panes stack in one column and the page scrolls instead', async ({ page, demo }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await fill(demo, 2);
  await open(page, demo);
  await expect(page.getByRole('table', { name: 'Tasks' }).locator('tbody tr[data-task-id]')).toHaveCount(2);
  const list = await box(page, 'section.task-list');
  const details = await box(page, '#task-details');
  const result = await box(page, '#result-region');
  expect(details.y).toBeGreaterThanOrEqual(list.y + list.height);
  expect(result.y).toBeGreaterThanOrEqual(details.y + details.height);
  for (const b of [list, details, result]) expect(b.width).toBeGreaterThan(560);
  await expect(page.getByRole('separator')).toHaveCount(0);
  const drawer = await box(page, '#drawer');
  expect(drawer.y).toBeGreaterThanOrEqual(result.y + result.height);
});

test('r before the Run tool form has loaded: the panel holds focus, and the Tool select takes it once it is there', async ({
  page,
  demo,
}) => {
  // The form's code is held back until the panel has opened without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/RunToolPanel-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, demo);
  await page.keyboard.press('r');
  // The panel (its form not there yet) holds focus meanwhile.
  await expect(page.locator('#run-tool-sheet')).toBeFocused();
  release();
  await expect(page.getByRole('region', { name: 'Run tool' }).getByRole('combobox', { name: 'Tool' })).toBeFocused();
});
