import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { appStatus, drawerRegion, linkTo, openRunTool, runTool } from './helpers';

/**
 * Serious and critical WCAG 2.1 A/AA violations on the page as it is now, described for the failure message. `rules`:
 * only those (the dark theme changes colours, not structure, so its run checks the colour rules alone).
 */
async function violations(page: Page, rules?: string[], within?: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (rules) builder = builder.withRules(rules);
  for (const selector of within ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

/** What the dark theme can break that the light one does not: colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Every rule in the light theme; then, on the screens with the most colours, the colour rules in the dark theme (its
 * structure is the same). One test, so the screens are set up once.
 */
async function bothThemes(page: Page, screen: string, dark: boolean, within?: string[]): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await violations(page, undefined, within), `${screen} (light)`).toEqual([]);
  if (!dark) return;
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background, { message: 'the dark theme applies' }).not.toBe(light);
  expect(await violations(page, COLOUR_RULES, within), `${screen} (dark)`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('axe: no serious or critical violation on the main screens, light and dark', async ({ page, demo }) => {
  // axe walks the whole DOM several times: CPU-bound, no race, but slow on two busy cores (over 180 s with a CPU
  // hog beside the suite).
  test.setTimeout(400_000);
  // Disconnected, first visit.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await bothThemes(page, 'start page', false);

  // Connected: tasks in every state, an input request, a result in the viewer, the protocol log.
  await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
  const failed = await runTool(page, 'fail_after', { seconds: '1' });
  await runTool(page, 'long_job', {});
  await page.getByRole('button', { name: 'Cancel task' }).click();
  await runTool(page, 'countdown', { seconds: '60', steps: '2' });
  const mixed = await runTool(page, 'mixed_content', {});
  const table = page.getByRole('table', { name: 'Tasks' });
  await expect(table.locator(`tr[data-task-id="${failed}"]`)).toHaveAttribute('data-status', 'failed');
  await expect(table.locator(`tr[data-task-id="${mixed}"]`)).toHaveAttribute('data-status', 'completed');
  await table.locator(`tr[data-task-id="${mixed}"]`).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('img').first()).toBeVisible();
  await runTool(page, 'ask', {});
  await expect(page.getByRole('region', { name: 'Input required' }).getByRole('button', { name: 'Submit' })).toBeVisible();
  // The Run tool panel open over the task's panes, and the drawer open on the protocol log.
  await openRunTool(page);
  await drawerRegion(page, 'Protocol log');
  await bothThemes(page, 'dashboard', true);
  // The drawer's other tabs, each on its own.
  for (const tab of ['Server behaviour', 'Server info'] as const) {
    await drawerRegion(page, tab);
    await bothThemes(page, tab, true, ['#drawer']);
  }
  await page.keyboard.press('Escape');

  // The Raw view, a toast, the shortcuts dialog.
  await table.locator(`tr[data-task-id="${mixed}"]`).click();
  await page.getByRole('region', { name: 'Result' }).getByRole('button', { name: 'Raw' }).click();
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('button', { name: 'Copy JSON' })).toBeVisible();
  await runTool(page, 'fail_after', { seconds: '1' });
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();
  await expect(toast).toBeVisible();
  // Faded in whole: axe weighs a colour's contrast by the element's opacity.
  await expect(toast).toHaveCSS('opacity', '1');
  // Only what changed since the dashboard was checked whole: the result region and the toast.
  await bothThemes(page, 'raw view and toast', true, ['section.result-panel', '.toast-viewport']);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await bothThemes(page, 'shortcuts dialog', false, ['dialog[open]']);
});

test('every control is reachable with Tab and shows a visible focus ring', async ({ page, demo }) => {
  await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
  await expect(appStatus(page)).toContainText('Connected');
  const taskId = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
  // Ended before the walk, so Fetch result is enabled (a disabled button is not a Tab stop).
  await expect(page.locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute('data-status', 'completed');
  // The Run tool panel open, so its fields are in the walk.
  await openRunTool(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const seen = new Set<string>();
  const missingRing: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate<{ key: string; ring: boolean } | null>(`(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30) || el.getAttribute('name') || '';
      return { key: el.tagName + ':' + name + ':' + (el.getAttribute('type') || ''), ring };
    })()`);
    if (!info) continue;
    seen.add(info.key);
    if (!info.ring) missingRing.push(info.key);
  }
  expect(missingRing).toEqual([]);
  // The walk reached the main controls: connection, run tool, the list, a pane's splitter, the task's actions, the drawer.
  const all = [...seen].join('\n');
  for (const expected of ['Disconnect', 'Run as task', 'Refresh', 'Resize the task list', 'Fetch result', 'Protocol log']) {
    expect(all).toContain(expected);
  }
});
