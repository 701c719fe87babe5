import { expect, test, type Page } from './fixtures';
import { appStatus, linkTo, openRunTool } from './helpers';

const tasks = (page: Page) => page.getByRole('table', { name: 'Tasks' }).locator('tbody tr');

test.describe('answers checked against the schema before they are sent', () => {
  test('a wrong answer blocks the submit with its message beside the field; the fixed answer goes through', async ({
    page,
    demo: server,
  }) => {
    await page.goto(linkTo(server.mcpUrl, 'streamable-http'));
    await expect(appStatus(page)).toContainText('Connected');

    // The demo `ask` tool's question has maxLength 500 in its inputSchema.
    const run = await openRunTool(page);
    await run.getByRole('combobox', { name: 'Tool' }).selectOption('ask');
    const question = run.getByRole('textbox', { name: 'question' });
    await question.fill('?'.repeat(501));
    await run.getByRole('button', { name: 'Run as task' }).click();
    await expect(question).toHaveAttribute('aria-invalid', 'true');
    await expect(question).toHaveAccessibleDescription('At most 500 characters');
    await expect(run.getByText('At most 500 characters')).toBeVisible();
    await expect(question).toBeFocused();
    expect(server.state.methodsSeen).not.toContain('tools/call');

    await question.fill('Which name and how many copies?');
    await expect(question).not.toHaveAttribute('aria-invalid');
    await run.getByRole('button', { name: 'Run as task' }).click();
    const row = tasks(page).first();
    await expect(row).toHaveAttribute('data-status', 'input_required');

    // Its elicitation asks for a required name and 1–10 copies.
    const input = page.getByRole('region', { name: 'Input required' });
    await expect(input).toContainText('Which name and how many copies?');
    const name = input.getByRole('textbox', { name: 'Report name' });
    const copies = input.getByRole('spinbutton', { name: 'Copies' });
    await name.fill('');
    await copies.fill('11');
    await input.getByRole('button', { name: 'Submit' }).click();
    await expect(name).toHaveAccessibleDescription('Required');
    await expect(copies).toHaveAttribute('aria-invalid', 'true');
    await expect(copies).toHaveAccessibleDescription('At most 10');
    await expect(input.getByText('At most 10')).toBeVisible();
    await expect(name).toBeFocused();
    await expect(row).toHaveAttribute('data-status', 'input_required');

    await name.fill('Weekly digest');
    await copies.fill('2');
    await input.getByRole('button', { name: 'Submit' }).click();
    await expect(row).toHaveAttribute('data-status', 'completed');
    await expect(page.getByRole('region', { name: 'Input required' })).toHaveCount(0);
    await page.getByRole('region', { name: 'Task details' }).getByRole('button', { name: 'Fetch result' }).click();
    await expect(page.getByRole('region', { name: 'Result' })).toContainText('"copies":2');
  });
});
