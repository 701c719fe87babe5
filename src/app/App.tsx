import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useConnectionStore, useServersStore } from '../features/connection';
import { serversStore, slotForServer, type ServerSlot } from '../mcp/servers-store';
import { serverIdentity } from '../mcp/errors';
import { ConnectionForm, ConnectionStatus, ProcessLog, ServerInfo } from '../features/connection';
import { InputRequestPanel } from '../features/input-request';
import { LazyToaster as Toaster, useToastStore, type ToastActions } from '../features/notifications';
import { LazyShortcutsDialog as ShortcutsDialog } from '../features/shortcuts';
import { DisplaySettings } from '../features/preferences';
import { ProtocolLogPanel } from '../features/protocol-log';
import { ServerBehaviourPanel } from '../features/server-behaviour';
import { ServerSwitcher } from '../features/servers';
import { SessionFileActions, sessionViewStore } from '../features/session-file';
import { SessionFileView } from './SessionFileView';
import { RunToolPanel } from '../features/run-tool';
import { TaskTable } from '../features/task-list';
import { ResultPanel, TaskDetails } from '../features/task-details';
import { useDisplayPrefs } from '../components/display-prefs';
import { filterStore } from '../tasks/filter-store';
import { selectionStore } from '../tasks/selection-store';
import { startActivityWatch } from './activity';
import { useKeyboardShortcuts } from './keyboard';
import { useLinkedTask } from './linked-task';
import { startRegistrySync } from './registry-sync';
import { usePushSync, useSessionSync } from './task-sync';
import { useSelectedStatus } from './use-selected-status';

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
  useEffect(() => startRegistrySync(queryClient), [queryClient]);
  const selectedStatus = useSelectedStatus(serverUrl, session);
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
  return (
    <div className="app">
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
      <ConnectionStatus />
      {viewingFile ? (
        <SessionFileView />
      ) : (
        <main className="layout">
          <div className="column left">
            <RunToolPanel session={session} />
            <TaskTable serverUrl={serverUrl} session={session} />
            <ServerInfo />
            <ProcessLog />
            <ServerBehaviourPanel serverUrl={serverUrl} />
          </div>
          <div className="column right">
            <TaskDetails serverUrl={serverUrl} session={session} />
            <InputRequestPanel serverUrl={serverUrl} selectedStatus={selectedStatus} />
            <ResultPanel serverUrl={serverUrl} session={session} />
            <ProtocolLogPanel />
          </div>
        </main>
      )}
      <Suspense fallback={null}>
        <Toaster actions={toastActions} />
        {helpOpen ? <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} /> : null}
      </Suspense>
    </div>
  );
}
