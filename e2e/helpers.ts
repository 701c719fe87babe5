import { expect, type Locator, type Page } from '@playwright/test';

/** The deep link that opens the dashboard connected to the e2e demo server. */
export function deepLink(origin: string, extra: Record<string, string> = {}): string {
  return linkTo(`${origin}/mcp`, 'streamable-http', extra);
}

/** The deep link to any MCP endpoint. */
export function linkTo(server: string, transport: string, extra: Record<string, string> = {}): string {
  return `/?${new URLSearchParams({ server, transport, ...extra }).toString()}`;
}

/**
 * The dashboard's own Connection status. On a link, the boot shell painted before the app's script runs has one too
 * (the early script's session): a test that then uses the keyboard waits for this one, or its keys reach a page with
 * no app to take them yet.
 */
export function appStatus(page: Page): Locator {
  return page.locator('.app:not(.boot-shell)').getByRole('status', { name: 'Connection status' });
}

export async function openConnected(page: Page, origin: string): Promise<void> {
  await page.goto(deepLink(origin));
  await expect(appStatus(page)).toContainText('Connected');
}

/** The Run tool region, its panel opened first if it is closed (starting a task closes it). */
export async function openRunTool(page: Page): Promise<Locator> {
  const run = page.getByRole('region', { name: 'Run tool' });
  await expect(async () => {
    if (!(await run.isVisible())) await page.getByRole('button', { name: 'Run a tool…' }).click({ timeout: 1000 });
    await expect(run).toBeVisible({ timeout: 1000 });
  }).toPass();
  return run;
}

/** The drawer's tabs, each showing the region of the same name. */
type DrawerTab = 'Protocol log' | 'Server behaviour' | 'Server info' | 'Local process';

/** A region of the bottom drawer (Protocol log, Server behaviour…), its tab opened first. */
export async function drawerRegion(page: Page, name: DrawerTab): Promise<Locator> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('region', { name, exact: true });
}

/** Picks a tool, fills its fields by label, runs it as a task and returns the new task's id. */
export async function runTool(page: Page, tool: string, fields: Record<string, string>): Promise<string> {
  const run = await openRunTool(page);
  await run.getByRole('combobox', { name: 'Tool' }).selectOption(tool);
  for (const [label, value] of Object.entries(fields)) {
    await run.getByLabel(label, { exact: false }).first().fill(value);
  }
  const tasks = page.getByRole('table', { name: 'Tasks' });
  const drawn = () => tasks.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id')));
  const before = new Set(await drawn());
  await run.getByRole('button', { name: 'Run as task' }).click();
  // A row not drawn before: the new task is the newest, so it is drawn at the top. Not a count: the table draws only
  // the rows in view, so on a server with many tasks the count stays the same when one is added.
  let id: string | null | undefined;
  await expect.poll(async () => (id = (await drawn()).find((x) => x && !before.has(x)))).toBeTruthy();
  if (!id) throw new Error('No new task row appeared');
  // Starting a task selects it once the server's reply is in, and that closes the panel: wait for it, or the next
  // runTool may find the panel still open and have it close under its typing.
  await expect(tasks.locator(`tr[data-task-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  return id;
}

/**
 * Selects a task by clicking its row, again if the click selected another task. Rows are drawn by position, so when
 * a task arrives at the top of the list (another test's, on the shared server) between finding the row and the
 * click, every row moves down one and the click lands on the task that was above.
 */
export async function selectTask(page: Page, taskId: string): Promise<void> {
  const row = page.getByRole('table', { name: 'Tasks' }).locator(`tr[data-task-id="${taskId}"]`);
  await expect(async () => {
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** Fills the connection form's credentials: the bearer token, and each custom header in a row of its own. */
export async function fillCredentials(page: Page, token: string, headers: Record<string, string> = {}): Promise<void> {
  await page.getByRole('textbox', { name: 'Bearer token' }).fill(token);
  const entries = Object.entries(headers);
  if (entries.length === 0) return;
  await page.getByText('Headers', { exact: true }).click();
  for (const [i, [name, value]] of entries.entries()) {
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByRole('textbox', { name: `Header ${i + 1} name` }).fill(name);
    await page.getByRole('textbox', { name: `Header ${i + 1} value` }).fill(value);
  }
}

/** The status this browser's task registry holds for a task (read straight from IndexedDB), or null. */
export function rememberedStatus(page: Page, taskId: string): Promise<string | null> {
  return page.evaluate(
    (id) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('taskdeck-registry');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tasks')) {
            db.close();
            resolve(null);
            return;
          }
          const all = db.transaction('tasks').objectStore('tasks').getAll();
          all.onsuccess = () => {
            const record = (all.result as Array<{ taskId: string; task: { status: string } }>).find((r) => r.taskId === id);
            db.close();
            resolve(record ? record.task.status : null);
          };
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
    taskId,
  );
}

/**
 * Waits until the Result region shows `text`: auto-fetch may have fetched the selected task's result already;
 * otherwise Fetch result is pressed (never waiting on a click that auto-fetch may have disabled meanwhile).
 */
export async function resultShows(page: Page, text: string): Promise<void> {
  const result = page.getByRole('region', { name: 'Result' });
  const fetchButton = page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' });
  await expect(async () => {
    if (!(await result.getByText(text).first().isVisible())) await fetchButton.click({ timeout: 1000 });
    await expect(result).toContainText(text, { timeout: 1000 });
  }).toPass();
}

/** Answers the demo server's `ask` question in the Input required region: a weekly digest, as PDF, 3 copies. */
export async function answerReportQuestion(page: Page): Promise<void> {
  const input = page.getByRole('region', { name: 'Input required' });
  await expect(input).toContainText('How should the report be delivered?');
  await input.getByLabel('Report name').fill('Weekly digest');
  await input.getByLabel('Format').selectOption({ label: 'PDF document' });
  await input.getByLabel('Copies').fill('3');
  // A multi-select (SEP-1330): checkboxes in a group, Email already ticked by its default.
  const deliverTo = input.getByRole('group', { name: 'Deliver to' });
  await expect(deliverTo.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await deliverTo.getByRole('checkbox', { name: 'Slack' }).check();
  await input.getByRole('button', { name: 'Submit' }).click();
}

/** Every record of every IndexedDB database of the page's origin, as JSON text (to check what this browser keeps). */
export async function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name).filter((n): n is string => typeof n === 'string');
    const texts: string[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName).objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(new Error(String(request.error)));
        });
        texts.push(JSON.stringify(all));
      }
      db.close();
    }
    return texts.join('\n');
  });
}

/** Holds back the page's requests for matching scripts until the returned function is called; then lets them through. */
export async function holdScripts(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
