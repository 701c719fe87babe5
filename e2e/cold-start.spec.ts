import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { drawerRegion, holdScripts, linkTo, runTool } from './helpers';

test.describe('cold start', () => {
  test('the page is painted before its script runs: a static shell, replaced by the app', async ({ page, baseURL }) => {
    // The app's script held back: what index.html paints on its own is all there is.
    const release = await holdScripts(page, /\/assets\/index-[^/]*\.js$/);
    // (Not 'domcontentloaded': that waits for the module script, which is held.)
    await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Taskdeck' })).toBeVisible();
    await expect(page.getByText('Starting the dashboard…')).toBeVisible();
    // The note for an early script that never ran is in the page, and kept hidden by the early script, which ran.
    const stuck = page.locator('.boot-stuck');
    await expect(stuck).toHaveCount(1);
    await expect(stuck).toHaveCSS('display', 'none');
    release();
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
    await expect(page.getByText('Starting the dashboard…')).toHaveCount(0);
  });

  test('an early script that has not run is said in the page after 6 s, with no script needed to say it; once it runs, the note goes', async ({
    page,
    baseURL,
  }) => {
    const release = await holdScripts(page, /\/assets\/early-connect-[^/]*\.js$/);
    await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Taskdeck' })).toBeVisible();
    // At first only "Starting the dashboard…": the note is there, hidden, and revealed by an animation 6 s in.
    const note = page.getByText('The dashboard has not started: its first script has not loaded.');
    await expect(note).toHaveCSS('visibility', 'hidden');
    await expect(page.getByText('Starting the dashboard…')).toBeVisible();
    const delays = await page.evaluate(() =>
      document.getAnimations().map((animation) => [(animation as CSSAnimation).animationName, animation.effect?.getTiming().delay]),
    );
    expect(delays).toContainEqual(['boot-stuck-reveal', 6000]);
    // Those 6 s, twenty times faster (the DevTools protocol's animation playback rate).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 20 });
    await expect(page.getByRole('alert')).toContainText('Reload the page to try again');
    await expect(note).toBeVisible();
    // Not beside a "Starting the dashboard…" that says the opposite.
    await expect(page.getByText('Starting the dashboard…')).toBeHidden();
    // The script arrives late after all (a slow network): the note goes, and the dashboard starts.
    release();
    await expect(note).toBeHidden();
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  });

  test('the app’s script failing to load is said in the page, not left as “Starting the dashboard…”, and the early session is ended', async ({
    page,
    demo,
  }) => {
    const deleted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url() === demo.mcpUrl) deleted.push(request.url());
    });
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(page.getByRole('alert')).toContainText('The dashboard’s script could not be loaded');
    await expect(page.getByRole('alert')).toContainText('Reload the page to try again.');
    await expect(page.getByRole('heading', { name: 'Taskdeck' })).toBeVisible();
    // No Connected beside it: the early session is of no use without the app, and is ended.
    await expect(page.getByRole('status', { name: 'Connection status' })).toHaveCount(0);
    await expect.poll(() => deleted.length).toBe(1);
  });

  test('the SDK and zod come in a script of their own, imported before the app’s: evaluated while the app’s script downloads', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get(`${baseURL}/`)).text();
    // The app's scripts are named for the early script, which imports them in this order after the first frame.
    const scripts = (/<meta name="taskdeck-app" content="([^"]+)">/.exec(html)?.[1] ?? '').split(' ');
    const bodies = await Promise.all(scripts.map(async (src) => (await request.get(`${baseURL}${src}`)).text()));
    // zod's schema classes are named in its code ("$ZodObject"): building the SDK's schemas is most of start-up's work.
    const withZod = scripts.filter((_, i) => bodies[i]?.includes('$ZodObject'));
    expect(withZod).toHaveLength(1);
    const app = scripts.findIndex((src) => /\/assets\/index-[^/]*\.js$/.test(src));
    expect(app).toBeGreaterThan(0);
    expect(scripts.indexOf(withZod[0] ?? '')).toBeLessThan(app);
  });

  test('Connected does not wait for the notification stream; Server info says when the stream is confirmed', async ({ page, demo }) => {
    // A proxy that holds the GET stream back: its answer is let through only when the test says so.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/mcp',
      async (route: Route) => {
        if (route.request().method() !== 'GET') return route.continue();
        await held;
        return route.continue();
      },
    );
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    const status = page.getByRole('status', { name: 'Connection status' });
    await expect(status).toContainText('Connected');
    const info = await drawerRegion(page, 'Server info');
    await expect(info).toContainText('notification stream requested');
    // Usable meanwhile: a task runs and completes (its status then comes by polling).
    const taskId = await runTool(page, 'countdown', { seconds: '1', steps: '1' });
    await expect(page.locator(`tr[data-task-id="${taskId}"]`)).toHaveAttribute('data-status', 'completed');
    release();
    await expect(info).toContainText('notification stream open');
    await expect(status).not.toContainText('no notification stream');
  });

  test('a linked server is asked to initialize while the app’s script loads, once: the app takes that answer and the initialized notification', async ({
    page,
    demo,
  }) => {
    const release = await holdScripts(page, /\/assets\/index-[^/]*\.js$/);
    const initializes: string[] = [];
    const notified: string[] = [];
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url() === demo.mcpUrl) streams.push(request.url());
      if (request.method() !== 'POST') return;
      if (request.postData()?.includes('"method":"initialize"')) initializes.push(request.url());
      if (request.postData()?.includes('"method":"notifications/initialized"')) notified.push(request.url());
    });
    const early = page.waitForRequest(
      (request) => request.method() === 'POST' && request.postData()?.includes('"method":"initialize"') === true,
    );
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'), { waitUntil: 'commit' });
    // Sent with the app's script still held back; and the boot shell says how far it got: initialized, and the
    // notification stream requested, is Connected.
    expect((await early).url()).toBe(demo.mcpUrl);
    const shell = page.locator('.boot-shell');
    await expect(shell.getByRole('status', { name: 'Connection status' })).toHaveText('Connected');
    await expect(shell).toContainText(`Connected to ${demo.mcpUrl}. Starting the dashboard…`);
    // Its GET is told to the test once the browser's interception has reported it, which may be after Connected.
    await expect.poll(() => streams).toEqual([demo.mcpUrl]);
    release();
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
    await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as Window & { taskdeckEarlyInitialize?: { taken: boolean } }).taskdeckEarlyInitialize?.taken),
    ).toBe(true);
    expect(initializes).toEqual([demo.mcpUrl]);
    expect(notified).toEqual([demo.mcpUrl]);
    // The app took the stream the early script opened (the server allows one per session), and pushes come on it.
    await expect(await drawerRegion(page, 'Server info')).toContainText('notification stream open');
    expect(streams).toEqual([demo.mcpUrl]);
    await expect(await drawerRegion(page, 'Server info')).toContainText('Taskdeck demo server 0.1.0');
  });

  test('the connection status is drawn before the task list, in a first, smaller commit', async ({ page, demo }) => {
    // Notes, at the first change to the page that brings the connection status, whether the task list came with it.
    // (The app's own status: the boot shell has one too, on a link, before the app's script runs.)
    await page.addInitScript(`new MutationObserver((_, observer) => {
      const status = document.querySelector('[role="status"][aria-label="Connection status"]');
      if (!status || status.closest('.boot-shell')) return;
      window.__tableWithStatus = document.querySelector('table[aria-label="Tasks"]') !== null;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true })`);
    await page.goto(linkTo(demo.mcpUrl, 'streamable-http'));
    await expect(page.getByRole('status', { name: 'Connection status' })).toContainText('Connected');
    await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { __tableWithStatus?: boolean }).__tableWithStatus)).toBe(false);
  });
});
