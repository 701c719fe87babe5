import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { Region } from '../components/Region';
import { closeSessionView, sessionViewStore } from '../features/session-file';
import { ServerBehaviourPanel } from '../features/server-behaviour';
import { ResultPanel, TaskDetails } from '../features/task-details';
import { TaskTable } from '../features/task-list';

/** Log entries drawn from a file at most (the newest). */
const SHOWN_LOG = 500;

/**
 * An opened session file, read-only and offline: the same task list, details, result and behaviour views, reading the
 * file's data under its own cache identity with no session (so nothing is fetched, run or cancelled).
 */
export function SessionFileView() {
  const queryClient = useQueryClient();
  const opened = useStore(sessionViewStore, (s) => s.opened);
  if (!opened) return null;
  const { id, name, file } = opened;
  const entries = file.protocolLog.entries.slice(-SHOWN_LOG);
  return (
    <main className="workbench session-file-view" id="workbench">
      <div className="pane pane-list">
        <Region
          title="Session file"
          className="session-file-note"
          actions={
            <button type="button" className="button small" onClick={() => closeSessionView(queryClient)}>
              Close session file
            </button>
          }
        >
          <p className="warning-text">
            Read-only: session file <span className="mono">{name}</span>, exported {file.exportedAt || 'at an unknown time'} from{' '}
            <span className="mono">{file.serverUrl}</span>. Nothing here talks to a server.
          </p>
        </Region>
        <TaskTable serverUrl={id} session={null} />
      </div>
      <div className="pane pane-task">
        <div className="pane-details">
          <TaskDetails serverUrl={id} session={null} />
          <ServerBehaviourPanel serverUrl={id} />
          <Region title="Protocol log" className="protocol-log">
            <p className="muted small">
              {file.protocolLog.entries.length} messages in the file
              {file.protocolLog.entries.length > SHOWN_LOG ? `, the last ${SHOWN_LOG} shown` : ''}.
            </p>
            <ol className="session-log">
              {entries.map((e, i) => (
                <li key={i}>
                  <span className="mono">{e.direction === 'out' ? '→' : '←'}</span> <span className="mono">{e.method}</span>{' '}
                  <span className="muted small">{e.kind}</span>
                </li>
              ))}
            </ol>
          </Region>
        </div>
        <div aria-hidden="true" />
        <div className="pane-result">
          <ResultPanel serverUrl={id} session={null} />
        </div>
      </div>
    </main>
  );
}
