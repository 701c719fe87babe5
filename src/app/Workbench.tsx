import { Suspense } from 'react';
import { useStore } from 'zustand';
import type { McpSession } from '../mcp/session';
import { ProcessLog, ServerInfo, useConnectionStore } from '../features/connection';
import { LazyInputRequestPanel as InputRequestPanel } from '../features/input-request';
import { TaskTable } from '../features/task-list';
import { ResultPanel, TaskDetails } from '../features/task-details';
import { Splitter } from '../components/Splitter';
import { lazyNamed } from '../components/lazy-named';
import { useSelectedStatus } from './use-selected-status';
import { Drawer } from './Drawer';
import { layoutStore, PANE_LIMITS, type Pane } from './layout-store';
import { RunToolSheet } from './RunToolSheet';

/** Loaded after the first paint: the drawer starts folded. */
const ProtocolLogPanel = lazyNamed(() => import('../features/protocol-log'), 'ProtocolLogPanel');
const ServerBehaviourPanel = lazyNamed(() => import('../features/server-behaviour'), 'ServerBehaviourPanel');

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

/** The splitter between `pane` and the next one: its limits, and the size it sets, are the layout store's. */
function PaneSplitter({
  pane,
  label,
  orientation,
  frameId,
  value,
}: {
  pane: Pane;
  label: string;
  orientation: 'vertical' | 'horizontal';
  frameId: string;
  value: number;
}) {
  return (
    <Splitter
      label={label}
      orientation={orientation}
      value={value}
      min={PANE_LIMITS[pane].min}
      max={PANE_LIMITS[pane].max}
      frame={() => document.getElementById(frameId)}
      onChange={(v) => layoutStore.getState().paneResized(pane, v)}
      className={`${pane}-splitter`}
    />
  );
}

/** The task list, the selected task's details, input requests and result, and the drawer below them. */
export function Workbench({ serverUrl, session }: { serverUrl: string; session: McpSession | null }) {
  const sizes = useStore(layoutStore, (s) => s.sizes);
  const processShown = useConnectionStore((s) => s.transport === 'stdio' && s.processEvents.length > 0);
  return (
    <>
      <main className="workbench" id="workbench">
        <RunToolSheet session={session} />
        <div className="pane pane-list">
          <TaskTable serverUrl={serverUrl} session={session} />
        </div>
        <PaneSplitter pane="list" label="Resize the task list" orientation="vertical" frameId="workbench" value={sizes.list} />
        <div className="pane pane-task" id="task-panes">
          <div className="pane-details">
            <TaskDetails serverUrl={serverUrl} session={session} />
            <SelectedInputRequests serverUrl={serverUrl} session={session} />
          </div>
          <PaneSplitter pane="details" label="Resize Task details" orientation="horizontal" frameId="task-panes" value={sizes.details} />
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
  );
}
