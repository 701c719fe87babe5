import { e2eOrigin } from '../playwright.config';
import { expect, test, type Page } from './fixtures';
import { appStatus, drawerRegion, linkTo, runTool } from './helpers';

const tabStorage = (page: Page) =>
  page.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));

test.describe('OAuth sign-in', () => {
  test('signs in, watches a task while its token expires and is refreshed, shows the OAuth facts, and signs out', async ({
    page,
    startDemo,
  }) => {
    const demo = await startDemo({ oauth: { tokenTtlSeconds: 2 } });
    const counters = () => demo.oauth?.counters ?? { registrations: 0, codeExchanges: 0, refreshes: 0 };
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Sign-in needed');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(appStatus(page)).toContainText('Connected');
    // The code and state are gone from the address bar; the tokens are in this tab's sessionStorage only.
    expect(page.url()).not.toMatch(/code=|state=|oauth\/callback/);
    expect(page.url()).toContain(encodeURIComponent(demo.mcpUrl));
    expect(counters()).toMatchObject({ registrations: 1, codeExchanges: 1 });
    // Read until a token is there: with a 2 s lifetime, a busy machine may catch the page between refreshes.
    let token = '';
    await expect
      .poll(async () => {
        token = /"access_token\\":\\"([^\\]+)\\"/.exec((await tabStorage(page)).session)?.[1] ?? '';
        return token.length;
      })
      .toBeGreaterThan(10);
    const stored = await tabStorage(page);
    expect(stored.local).not.toContain(token);

    // A reload keeps the sign-in (this tab's sessionStorage): it reconnects without asking again.
    await page.reload();
    await expect(appStatus(page)).toContainText('Connected');
    expect(counters().codeExchanges).toBe(1);

    // A task that outlives two token lifetimes completes: the token was refreshed on the way.
    const taskId = await runTool(page, 'countdown', { seconds: '5', steps: '5' });
    await expect(page.locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute('data-status', 'completed');
    expect(counters().refreshes).toBeGreaterThanOrEqual(1);
    await expect(await drawerRegion(page, 'Protocol log')).not.toContainText(token);

    const info = await drawerRegion(page, 'Server info');
    const oauth = info.getByRole('group', { name: 'OAuth' });
    await expect(oauth).toContainText('mcp:tasks');
    await expect(oauth).toContainText('dynamic registration');
    await expect(oauth).toContainText(`${demo.origin}/.well-known/oauth-protected-resource`);
    await expect(info).not.toContainText(token);

    // A redirect URI the client did not register is refused by the authorization server.
    const clientId = /"client_id\\":\\"([^\\]+)\\"/.exec(stored.session)?.[1] ?? '';
    const wrong = await page.request.get(
      `${demo.origin}/authorize?${new URLSearchParams({ client_id: clientId, response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', redirect_uri: 'http://127.0.0.1:9/steal' }).toString()}`,
      { maxRedirects: 0 },
    );
    expect(wrong.status()).toBe(400);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(appStatus(page)).toContainText('Disconnected');
    expect((await tabStorage(page)).session).not.toContain(token);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(appStatus(page)).toContainText('Sign-in needed');
  });

  test('a callback whose state this tab did not send is refused, and its code is never exchanged', async ({ page, startDemo }) => {
    const demo = await startDemo({ oauth: { tokenTtlSeconds: 60 } });
    // A forged answer in place of the authorization server's: same shape, another state.
    await page.route(`${demo.origin}/authorize?**`, (route) =>
      route.fulfill({ status: 302, headers: { location: `${e2eOrigin}/oauth/callback?code=forged-code&state=not-the-one-sent` } }),
    );
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(appStatus(page)).toContainText('state in the callback does not match');
    expect(page.url()).not.toContain('forged-code');
    expect(demo.oauth?.counters.codeExchanges).toBe(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
