import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useStore } from 'zustand';
import { useConnectionStore, useServersStore } from '../features/connection';
import { serversStore, slotForServer, type ServerSlot } from '../mcp/servers-store';
import { serverIdentity } from '../mcp/errors';
import { ConnectionForm, ConnectionStatus } from '../features/connection';
import { LazyToaster as Toaster, useToastStore, type ToastActions } from '../features/notifications';
import { LazyShortcutsDialog as ShortcutsDialog } from '../features/shortcuts';
import { DisplaySettings } from '../features/preferences';
import { ServerSwitcher } from '../features/servers';
import { SessionFileActions, sessionViewStore } from '../features/session-file';
import { useWarmMarkdown } from '../features/result-viewer';
import { useDisplayPrefs } from '../components/display-prefs';
import { filterStore } from '../tasks/filter-store';
import { selectionStore } from '../tasks/selection-store';
import { startActivityWatch } from './activity';
import { useKeyboardShortcuts } from './keyboard';
import { useLinkedTask } from './linked-task';
import { startRegistrySync } from './registry-sync';
import { usePushSync, useSessionSync } from './task-sync';
import { layoutStore } from './layout-store';
import { RunToolOpener } from './RunToolSheet';
import { useShellFirst } from './shell-first';
import { Workbench } from './Workbench';
import { lazyNamed } from '../components/lazy-named';

const SessionFileView = lazyNamed(() => import('./SessionFileView'), 'SessionFileView');

/** Polling, input streams and reconnect re-reads for one connection, whether or not it is on screen. */
function SessionSync({ slot }: { slot: ServerSlot }) {
  const session = useStore(slot.store, (s) => s.session);
  useSessionSync(session);
  return null;
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
        <Workbench serverUrl={serverUrl} session={session} />
      )}
      <Suspense fallback={null}>
        <Toaster actions={toastActions} />
        {helpOpen ? <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} /> : null}
      </Suspense>
    </div>
  );
}
