// @vitest-environment jsdom
// First: React looks for the hook the counter stands in for when react-dom loads.
import { rendersOf, resetRenders } from '../lib/render-counter';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverIdentity } from '../mcp/errors';
import { activeConnection } from '../mcp/servers-store';
import { applyPushes } from '../tasks/cache-writes';
import { mcpKeys } from '../tasks/keys';
import { selectionStore } from '../tasks/selection-store';
import type { TaskStatus } from '../tasks/status';
import { App } from './App';
import { createQueryClient, Providers } from './providers';
import { giveBoxesASize } from '../lib/jsdom-boxes';

// The details' clock stands still: a tick (each second) draws them again, and one landing between the push and the
// count would be counted as the push's.
vi.mock('../components/use-now', () => {
  const now = Date.now();
  return { useNow: () => now };
});

// jsdom lays nothing out: the virtualized list needs a box to draw its rows in.
beforeAll(giveBoxesASize);
afterEach(cleanup);

function task(status: TaskStatus) {
  return { taskId: 'a', status, createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: new Date().toISOString(), ttl: null };
}

describe('the page when the selected task changes status', () => {
  it('draws again what shows that status, not the whole page', async () => {
    const serverUrl = serverIdentity(activeConnection().serverUrl);
    const queryClient = createQueryClient();
    queryClient.setQueryData(mcpKeys.tasks(serverUrl), [
      { task: task('working'), origin: 'push', lastSource: 'push', receivedAt: 0, generation: 1, history: [] },
    ]);
    selectionStore.getState().taskSelected('a');
    render(
      <Providers client={queryClient}>
        <App />
      </Providers>,
    );
    const details = await screen.findByRole('region', { name: 'Task details' });
    await within(details).findAllByText('working');

    resetRenders();
    act(() =>
      applyPushes(queryClient, [
        { serverUrl, generation: 1, method: 'notifications/tasks/status', params: task('input_required'), receivedAt: Date.now() },
      ]),
    );
    await within(details).findAllByText('input required');
    expect(rendersOf('App', 'SelectedInputRequests', 'TaskFacts')).toEqual({ App: 0, SelectedInputRequests: 1, TaskFacts: 1 });
  });
});
