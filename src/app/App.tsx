import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useStore } from 'zustand';
import { useConnectionStore, useServersStore } from '../features/connection';
import { serversStore, slotForServer, type ServerSlot } from '../mcp/servers-store';
import { serverIdentity } from '../mcp/errors';
import type { McpSession } from '../mcp/session';
import { ConnectionForm, ConnectionStatus, ProcessLog, ServerInfo } from '../features/connection';
import { LazyInputRequestPanel as InputRequestPanel } from '../features/input-request';
import { LazyToaster as Toaster, useToastStore, type ToastActions } from '../features/notifications';
import { LazyShortcutsDialog as ShortcutsDialog } from '../features/shortcuts';
import { DisplaySettings } from '../features/preferences';
import { ServerSwitcher } from '../features/servers';
import { SessionFileActions, sessionViewStore } from '../features/session-file';
import { TaskTable } from '../features/task-list';
import { ResultPanel, TaskDetails } from '../features/task-details';
import { useWarmMarkdown } from '../features/result-viewer';
import { useDisplayPrefs } from '../components/display-prefs';
import { filterStore } from '../tasks/filter-store';
import { selectionStore } from '../tasks/selection-store';
import { startActivityWatch } from './activity';
import { useKeyboardShortcuts } from './keyboard';
import { useLinkedTask } from './linked-task';
import { startRegistrySync } from './registry-sync';
import { usePushSync, useSessionSync } from './task-sync';
import { useSelectedStatus } from './use-selected-status';
import { Drawer } from './Drawer';
import { layoutStore, PANE_LIMITS } from './layout-store';
import { RunToolOpener, RunToolSheet } from './RunToolSheet';
import { useShellFirst } from './shell-first';
import { Splitter } from '../components/Splitter';
import { lazyNamed } from '../components/lazy-named';

/** Loaded after the first paint: the drawer starts folded, and a session file is opened on request. */
const ProtocolLogPanel = lazyNamed(() => import('../features/protocol-log'), 'ProtocolLogPanel');
const ServerBehaviourPanel = lazyNamed(() => import('../features/server-behaviour'), 'ServerBehaviourPanel');
const SessionFileView = lazyNamed(() => import('./SessionFileView'), 'SessionFileView');

/** Polling, input streams and reconnect re-reads for one connection, whether or not it is on screen. */
function SessionSync({ slot }: { slot: ServerSlot }) {
  const session = useStore(slot.store, (s) => s.session);
  useSessionSync(session);
  return null;
}

/**
 * The Input required region, told the selected task's status. Read here rather than in App: a change of that status
 * (input_required, then working again, then completed) draws this region again, not the whole page.
 */
function SelectedInputRequests({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const selectedStatus = useSelectedStatus(serverUrl, session);
  return (
    <Suspense fallback={null}>
      <InputRequestPanel serverUrl={serverUrl} selectedStatus={selectedStatus} />
    </Suspense>
  );
}

function focusSoon(id: string) {
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()));
}

const toastActions: ToastActions = {
  openResult: (serverUrl, taskId) => {
    const slot = slotForServer(serverUrl);
    if (slot) serversStore.getState().serverSwitched(slot.id);
    selectionStore.getState().taskSelected(taskId, { reveal: true });
    focusSoon('result-region');
  },
  showStatus: (serverUrl, status) => {
    const slot = slotForServer(serverUrl);
    if (slot) serversStore.getState().serverSwitched(slot.id);
    filterStore.getState().statusFiltered(status);
  },
};

export function App() {
  const queryClient = useQueryClient();
  const slots = useServersStore((s) => s.slots);
  const session = useConnectionStore((s) => s.session);
  const formUrl = useConnectionStore((s) => s.serverUrl);
  // The cache identity: the connected server, or the one in the form (so its cached tasks stay on screen).
  const serverUrl = session?.serverUrl ?? serverIdentity(formUrl);
  usePushSync();
  useLinkedTask(session);
  useWarmMarkdown(session !== undefined);
  useEffect(() => startRegistrySync(queryClient), [queryClient]);
  const [helpOpen, setHelpOpen] = useState(false);
  const viewingFile = useStore(sessionViewStore, (s) => s.opened !== undefined);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useKeyboardShortcuts(openHelp);
  useEffect(
    () =>
      startActivityWatch(queryClient, (ended) => {
        if (useDisplayPrefs.getState().toasts) useToastStore.getState().tasksEnded(ended);
      }),
    [queryClient],
  );
  const sizes = useStore(layoutStore, (s) => s.sizes);
  const drawerOpen = useStore(layoutStore, (s) => s.drawerOpen);
  const processShown = useConnectionStore((s) => s.transport === 'stdio' && s.processEvents.length > 0);
  const workbenchShown = useShellFirst();
  const shellSizes = {
    '--list-size': `${sizes.list}%`,
    '--details-size': `${sizes.details}%`,
    '--drawer-size': drawerOpen ? `${sizes.drawer}vh` : '0px',
  } as CSSProperties;
  return (
    <div className="app" style={shellSizes}>
      {slots.map((slot) => (
        <SessionSync key={slot.id} slot={slot} />
      ))}
      <div className="appbar">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ▦
          </span>
          <h1>Taskdeck</h1>
        </div>
        <ServerSwitcher />
        <SessionFileActions serverUrl={serverUrl} />
        <DisplaySettings onShowShortcuts={openHelp} />
      </div>
      <header className="topbar">
        <ConnectionForm />
      </header>
      <div className="statusbar">
        {/* First, at the left: the connection form's pop-overs open at the right, over this bar. */}
        {viewingFile ? null : <RunToolOpener />}
        <ConnectionStatus />
      </div>
      {!workbenchShown ? (
        <p className="boot-note">Starting the dashboard…</p>
      ) : viewingFile ? (
        <Suspense fallback={<p className="muted">Opening the session file…</p>}>
          <SessionFileView />
        </Suspense>
      ) : (
        <>
          <main className="workbench" id="workbench">
            <RunToolSheet session={session} />
            <div className="pane pane-list">
              <TaskTable serverUrl={serverUrl} session={session} />
            </div>
            <Splitter
              label="Resize the task list"
              orientation="vertical"
              value={sizes.list}
              min={PANE_LIMITS.list.min}
              max={PANE_LIMITS.list.max}
              frame={() => document.getElementById('workbench')}
              onChange={(v) => layoutStore.getState().paneResized('list', v)}
              className="list-splitter"
            />
            <div className="pane pane-task" id="task-panes">
              <div className="pane-details">
                <TaskDetails serverUrl={serverUrl} session={session} />
                <SelectedInputRequests serverUrl={serverUrl} session={session} />
              </div>
              <Splitter
                label="Resize Task details"
                orientation="horizontal"
                value={sizes.details}
                min={PANE_LIMITS.details.min}
                max={PANE_LIMITS.details.max}
                frame={() => document.getElementById('task-panes')}
                onChange={(v) => layoutStore.getState().paneResized('details', v)}
                className="details-splitter"
              />
              <div className="pane-result">
                <ResultPanel serverUrl={serverUrl} session={session} />
              </div>
            </div>
          </main>
          <Drawer
            panels={{
              'Protocol log': (
                <Suspense fallback={null}>
                  <ProtocolLogPanel />
                </Suspense>
              ),
              'Server behaviour': (
                <Suspense fallback={null}>
                  <ServerBehaviourPanel serverUrl={serverUrl} />
                </Suspense>
              ),
              'Server info': session ? (
                <ServerInfo />
              ) : (
                <p className="empty drawer-empty">Connect to a server to see what it said about itself.</p>
              ),
              ...(processShown && { 'Local process': <ProcessLog /> }),
            }}
          />
        </>
      )}
      <Suspense fallback={null}>
        <Toaster actions={toastActions} />
        {helpOpen ? <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} /> : null}
      </Suspense>
    </div>
  );
}
