import { useConnectionStore } from '../mcp/connection-store';
import { serverIdentity } from '../mcp/errors';
import { ConnectionForm, ConnectionStatus, ServerInfo } from '../features/connection';
import { InputRequestPanel } from '../features/input-request';
import { ProtocolLogPanel } from '../features/protocol-log';
import { ServerBehaviourPanel } from '../features/server-behaviour';
import { RunToolPanel } from '../features/run-tool';
import { TaskTable } from '../features/task-list';
import { ResultPanel, TaskDetails } from '../features/task-details';
import { useTaskSync } from './task-sync';
import { useSelectedStatus } from './use-selected-status';

export function App() {
  const session = useConnectionStore((s) => s.session);
  const formUrl = useConnectionStore((s) => s.serverUrl);
  // The cache identity: the connected server, or the one in the form (so its cached tasks stay on screen).
  const serverUrl = session?.serverUrl ?? serverIdentity(formUrl);
  useTaskSync(session);
  const selectedStatus = useSelectedStatus(serverUrl, session);
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ▦
          </span>
          <h1>Taskdeck</h1>
        </div>
        <ConnectionForm />
      </header>
      <ConnectionStatus />
      <main className="layout">
        <div className="column left">
          <RunToolPanel session={session} />
          <TaskTable serverUrl={serverUrl} session={session} />
          <ServerInfo />
          <ServerBehaviourPanel serverUrl={serverUrl} />
        </div>
        <div className="column right">
          <TaskDetails serverUrl={serverUrl} session={session} />
          <InputRequestPanel serverUrl={serverUrl} selectedStatus={selectedStatus} />
          <ResultPanel serverUrl={serverUrl} session={session} />
          <ProtocolLogPanel />
        </div>
      </main>
    </div>
  );
}
