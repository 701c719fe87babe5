// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeConnection } from '../mcp/servers-store';
import { ProtocolLogPanel } from '../features/protocol-log';
import { ServerBehaviourPanel } from '../features/server-behaviour';
import { reportObservation } from '../tasks/behaviour-store';
import { Drawer } from './Drawer';
import { layoutStore } from './layout-store';

const SERVER = 'http://127.0.0.1:1/mcp';

beforeEach(() => {
  vi.useFakeTimers();
  layoutStore.setState({ drawerOpen: false, drawerTab: 'Protocol log' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The drawer with both panels, each under a Profiler counting its commits. */
function renderDrawer() {
  const commits = { log: 0, behaviour: 0 };
  render(
    <Drawer
      panels={{
        'Protocol log': (
          <Profiler id="log" onRender={() => commits.log++}>
            <ProtocolLogPanel />
          </Profiler>
        ),
        'Server behaviour': (
          <Profiler id="behaviour" onRender={() => commits.behaviour++}>
            <ServerBehaviourPanel serverUrl={SERVER} />
          </Profiler>
        ),
      }}
    />,
  );
  return commits;
}

/** What a storm does between two looks: messages logged and pushes counted, and time for every throttle to run. */
function storm(messages: number) {
  const log = activeConnection().log;
  act(() => {
    for (let i = 0; i < messages; i++) {
      log.record('in', { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId: `t${i}` } });
      reportObservation(SERVER, { type: 'push', method: 'notifications/tasks/status', count: 1 });
    }
    vi.advanceTimersByTime(1000);
  });
}

describe('the drawer’s panels under a storm', () => {
  it('are not drawn again while the drawer is folded, and show what is current once opened', () => {
    const commits = renderDrawer();
    const log = activeConnection().log;
    const before = { ...commits };
    storm(50);
    // Folded: neither panel followed the 50 messages (each was re-rendered on every change before).
    expect(commits).toEqual(before);

    act(() => layoutStore.getState().drawerToggled(true));
    const region = screen.getByRole('region', { name: 'Protocol log' });
    expect(region.textContent).toContain(`${log.getSnapshot().entries.length} messages kept`);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(50);

    // Shown: it follows the log again.
    const shownCommits = commits.log;
    storm(5);
    expect(commits.log).toBeGreaterThan(shownCommits);
    expect(region.textContent).toContain(`${log.getSnapshot().entries.length} messages kept`);
    // The other tab is hidden behind this one: it still does not follow its store.
    expect(commits.behaviour).toBe(before.behaviour);

    act(() => layoutStore.getState().drawerTabChosen('Server behaviour'));
    const pushes = screen.getByRole('region', { name: 'Server behaviour' });
    expect(pushes.textContent).toContain('notifications/tasks/status ×55');
    const logCommits = commits.log;
    storm(3);
    expect(pushes.textContent).toContain('notifications/tasks/status ×58');
    expect(commits.log).toBe(logCommits);
  });
});
