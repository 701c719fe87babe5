// @vitest-environment jsdom
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpSession } from '../../mcp/session';
import { mcpKeys } from '../../tasks/keys';
import { selectionStore } from '../../tasks/selection-store';
import type { TaskEntry } from '../../tasks/task-cache';
import { WatchTaskForm } from './WatchTaskForm';

afterEach(cleanup);

const url = 'http://127.0.0.1:1/mcp';
const known = {
  taskId: 'other-client',
  status: 'working',
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ttl: null,
};

/** A session whose server knows one task. */
function session(): McpSession {
  const request = (req: { params: { taskId: string } }) =>
    req.params.taskId === known.taskId ? Promise.resolve(known) : Promise.reject(new McpError(-32602, 'Task not found'));
  return { client: { request }, capabilities: { tasks: {} }, generation: 1, serverUrl: url } as unknown as McpSession;
}

function renderForm(s: McpSession | null) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <WatchTaskForm serverUrl={url} session={s} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('Watch task', () => {
  it('an unknown id says so; a known one is listed and selected', async () => {
    const queryClient = renderForm(session());
    const box = screen.getByRole('textbox', { name: 'Task ID' });
    const button = screen.getByRole('button', { name: 'Watch task' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(box, { target: { value: 'nope' } });
    fireEvent.click(button);
    const alert = await screen.findByText(/Could not watch task/);
    expect(alert.textContent).toMatch(/knows no task with ID nope.*Task not found/);

    fireEvent.change(box, { target: { value: known.taskId } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(url))?.map((e) => e.task.taskId)).toEqual([known.taskId]),
    );
    expect(selectionStore.getState().selectedTaskId).toBe(known.taskId);
    expect(screen.queryByText(/Could not watch task/)).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
    // This test's browser has no IndexedDB: remembering it fails, and the page says so instead of staying quiet.
    expect((await screen.findByText(/may not be listed after a reload/)).textContent).toContain('no IndexedDB');
  });

  it('is disabled without a session that has tasks', () => {
    renderForm(null);
    fireEvent.change(screen.getByRole('textbox', { name: 'Task ID' }), { target: { value: 'x' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Watch task' }).disabled).toBe(true);
  });
});
