// @vitest-environment jsdom
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpSession } from '../../mcp/session';
import { bulkSelection } from '../../tasks/bulk-selection';
import { mcpKeys } from '../../tasks/keys';
import type { TaskStatus } from '../../tasks/status';
import type { TaskEntry } from '../../tasks/task-cache';
import { BulkBar } from './BulkBar';

afterEach(() => {
  cleanup();
  bulkSelection.getState().checksCleared();
});

const url = 'http://127.0.0.1:1/mcp';

function task(taskId: string, status: TaskStatus) {
  return { taskId, status, createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:01Z', ttl: null };
}

function entry(taskId: string, status: TaskStatus): TaskEntry {
  return { task: task(taskId, status), origin: 'create', lastSource: 'create', receivedAt: 0, generation: 1, history: [] };
}

/** A server that cancels every task but `stuck`, which it says has ended already. */
function session(): McpSession {
  const request = (req: { method: string; params: { taskId: string } }) => {
    const { taskId } = req.params;
    if (req.method === 'tasks/get') return Promise.resolve(task(taskId, 'completed'));
    return taskId === 'stuck'
      ? Promise.reject(new McpError(-32602, 'Cannot cancel task in terminal status: completed'))
      : Promise.resolve(task(taskId, 'cancelled'));
  };
  return { client: { request }, capabilities: { tasks: { cancel: {} } }, generation: 1, serverUrl: url } as unknown as McpSession;
}

function renderBar(entries: TaskEntry[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(mcpKeys.tasks(url), entries);
  render(
    <QueryClientProvider client={queryClient}>
      <BulkBar serverUrl={url} session={session()} entries={entries} keptIds={new Set()} now={0} />
    </QueryClientProvider>,
  );
}

describe('the bulk bar', () => {
  it('is absent until a task is ticked, then counts them and reports a partial failure task by task', async () => {
    const entries = [entry('a', 'working'), entry('stuck', 'working'), entry('done', 'completed')];
    bulkSelection.getState().shownChecked('http://elsewhere/mcp', ['a'], true);
    renderBar(entries);
    // Ticks on another server do not count here.
    expect(screen.queryByRole('group', { name: 'Selected tasks' })).toBeNull();

    bulkSelection.getState().shownChecked(url, ['a', 'stuck', 'done'], true);
    const bar = await screen.findByRole('group', { name: 'Selected tasks' });
    expect(bar.textContent).toContain('3 selected');
    expect(bar.textContent).toContain('2 running · 1 ended');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel selected' }));
    const report = await screen.findByText(/Cancelled 1 of 2 tasks; 1 failed; 1 skipped \(already ended\)\./);
    expect(report.getAttribute('role')).toBe('status');
    expect(screen.getByRole('listitem').textContent).toMatch(/^stuck: .*Cannot cancel task in terminal status/);

    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('button', { name: 'Cancel selected' })).toBeNull();
    // The report stays until dismissed.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('group', { name: 'Selected tasks' })).toBeNull();
  });
});
