import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { linkTo } from './helpers';
import { startDemo } from './servers';

const status = (page: Page) => page.getByRole('status', { name: 'Connection status' });

/** A loopback server on its own origin that lets any page call it and records the headers of every request. */
async function startRecorder(): Promise<{ url: string; seen: IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end();
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not an MCP server');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TOKEN = 'tok-for-server-a-7f3e91';
const HEADER_VALUE = 'key-for-server-a-55d0';

/** Connects to a bearer-protected server A with a token and a custom header, then disconnects. */
async function connectToA(page: Page, url: string) {
  await page.goto(linkTo(url, 'streamable-http'));
  await expect(status(page)).toContainText('Error');
  await page.getByRole('textbox', { name: 'Bearer token' }).fill(TOKEN);
  await page.getByText('Headers', { exact: true }).click();
  await page.getByRole('button', { name: 'Add header' }).click();
  await page.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Api-Key');
  await page.getByRole('textbox', { name: 'Header 1 value' }).fill(HEADER_VALUE);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(status(page)).toContainText('Connected');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(status(page)).toContainText('Disconnected');
}

function leaked(seen: readonly IncomingHttpHeaders[]): string[] {
  return seen.flatMap((h) => [h.authorization, h['x-api-key']].filter((v): v is string => typeof v === 'string'));
}

test.describe('credentials belong to their origin', () => {
  test('a deep link to another server in the same tab sends it none of the first server’s credentials', async ({ page }) => {
    const a = await startDemo({ token: TOKEN });
    const b = await startRecorder();
    try {
      await connectToA(page, a.mcpUrl);
      await page.goto(linkTo(b.url, 'streamable-http'));
      await expect(status(page)).toContainText('Error');
      expect(b.seen.length).toBeGreaterThan(0);
      expect(leaked(b.seen)).toEqual([]);
      await expect(page.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('');
      await expect(page.getByRole('note')).toContainText('never sent to another server');
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(TOKEN);
    } finally {
      await b.close();
      await a.close();
    }
  });

  test('picking a recent server sends it none of the first server’s credentials, even after Connect', async ({ page }) => {
    const a = await startDemo({ token: TOKEN });
    const b = await startRecorder();
    try {
      await page.addInitScript((url) => {
        localStorage.setItem('taskdeck.recentServers', JSON.stringify([{ url, transport: 'streamable-http', lastUsed: 1 }]));
      }, b.url);
      await connectToA(page, a.mcpUrl);
      await page.getByRole('combobox', { name: 'Recent servers' }).selectOption(b.url);
      await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(b.url);
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(status(page)).toContainText('Error');
      expect(b.seen.length).toBeGreaterThan(0);
      expect(leaked(b.seen)).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  test('typing another server’s URL drops the credentials; a token typed for it is sent to it', async ({ page }) => {
    const a = await startDemo({ token: TOKEN });
    const b = await startRecorder();
    try {
      await connectToA(page, a.mcpUrl);
      await page.getByRole('textbox', { name: 'Server URL' }).fill(b.url);
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(status(page)).toContainText('Error');
      expect(leaked(b.seen)).toEqual([]);
      // The user's say-so: a token entered while the form names B goes to B.
      await page.getByRole('textbox', { name: 'Bearer token' }).fill('tok-for-b');
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => leaked(b.seen)).toContain('Bearer tok-for-b');
      expect(leaked(b.seen).join(' ')).not.toContain(TOKEN);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

test.describe('start-up', () => {
  test('a deep link to a second server in a tab already connected opens it beside the first, not a blank page', async ({ page, baseURL }) => {
    const second = await startDemo();
    try {
      await page.goto(linkTo(`${baseURL}/mcp`, 'streamable-http'));
      await expect(status(page)).toContainText('Connected');
      await page.goto(linkTo(second.mcpUrl, 'streamable-http'));
      await expect(status(page)).toContainText('Connected');
      await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(second.mcpUrl);
      await expect(page.getByRole('navigation', { name: 'Servers' }).getByRole('listitem')).toHaveCount(2);
    } finally {
      await second.close();
    }
  });

  test('a tab whose stored servers are damaged still starts and follows the deep link', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(status(page)).toContainText('Disconnected');
    // Slots the page cannot use as they are (hand-edited, or an earlier version's).
    await page.evaluate(() =>
      sessionStorage.setItem('taskdeck.servers', JSON.stringify({ slots: [null, 7, { serverUrl: 42, transport: 'x', headers: 'x', credentialOrigin: 1 }], active: 9 })),
    );
    await page.goto(linkTo(`${baseURL}/mcp`, 'streamable-http'));
    await expect(status(page)).toContainText('Connected');
  });

  test('user:password@ in a server URL never reaches the address bar or this tab’s storage', async ({ page }) => {
    const b = await startRecorder();
    try {
      const withUserinfo = b.url.replace('http://', 'http://someone:hunter2secret@');
      await page.goto(linkTo(withUserinfo, 'streamable-http'));
      await expect(status(page)).toContainText('Error');
      expect(page.url()).not.toContain('hunter2secret');
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain('hunter2secret');
      await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(b.url);
      // Typed into the form, it is removed at Connect.
      await page.getByRole('textbox', { name: 'Server URL' }).fill(withUserinfo);
      await page.getByRole('button', { name: 'Connect' }).click();
      await expect(status(page)).toContainText('Error');
      expect(page.url()).not.toContain('hunter2secret');
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain('hunter2secret');
      expect(leaked(b.seen)).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
