import { expect, test, type Page } from '@playwright/test';
import { drawerRegion, openConnected, runTool } from './helpers';

/** Records CSP violations and dialogs from the first script on. */
async function watch(page: Page): Promise<{ dialogs: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { dialogs };
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

test.describe('security', () => {
  test('the app runs under its CSP (no eval, no inline script) with no violation in normal use', async ({ page, baseURL }) => {
    await watch(page);
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    // Images come from the app and from the result itself (data:, blob:), never from a host the server names.
    expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
    await openConnected(page, baseURL!);
    await runTool(page, 'mixed_content', { seconds: '0' });
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('heading', { name: 'Weekly build report' })).toBeVisible();
    await runTool(page, 'structured_report', {});
    await expect(result).toContainText('Valid against');
    await result.getByRole('button', { name: 'Raw' }).click();
    await expect(result.locator('.raw-json')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('hostile payloads in every content type execute nothing and navigate nowhere', async ({ page, baseURL }) => {
    const { dialogs } = await watch(page);
    await openConnected(page, baseURL!);
    const before = page.url();
    const taskId = await runTool(page, 'hostile_content', {});
    const row = page.locator(`tr[data-task-id="${taskId}"]`);
    await expect(row).toHaveAttribute('data-status', 'completed');
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('heading', { name: 'Hostile markdown' })).toBeVisible();
    await expect(result).toContainText('<script>window.__xss = "script"</script>');
    // Every rendering: the markdown views, the JSON trees opened, the Raw tab.
    for (let depth = 0; depth < 4; depth++) {
      await result
        .locator('details:not([open]) > summary')
        .evaluateAll((summaries) => summaries.forEach((s) => (s as HTMLElement).click()));
    }
    await result.getByRole('button', { name: 'Raw' }).click();
    await expect(result.locator('.raw-json')).toContainText('__xss');
    await result.getByRole('button', { name: 'Viewer' }).click();
    await (await drawerRegion(page, 'Protocol log')).locator('.log-line').last().click();
    // The status message is hostile too, and shows as text.
    await expect(row).toContainText('<script>');
    // An injected image's onerror would run once its load has failed: every image in the result has finished first.
    await expect
      .poll(() => result.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const after = new URL(page.url());
    expect(`${after.origin}${after.pathname}`).toBe(`${new URL(before).origin}/`);
    expect(after.searchParams.get('task')).toBe(taskId);
    expect(await result.locator('script, iframe, embed, a[href^="javascript:"], a[href^="data:"]').count()).toBe(0);
    const scriptViolations = (await violations(page)).filter((v) => v.startsWith('script-src'));
    expect(scriptViolations).toEqual([]);
  });
});
