import { activeConnection, activeSlot, onActiveConnectionChange, serversStore, storedConnectedSlots } from '../mcp/servers-store';
import { serverIdentity, withoutUserinfo } from '../mcp/errors';
import { isTransportChoice, type TransportChoice } from '../mcp/session';
import { stdioName } from '../mcp/stdio-form';
import { filterStore, type SortKey } from '../tasks/filter-store';
import { FILTER_STATUSES } from '../tasks/filtering';
import { selectionStore } from '../tasks/selection-store';
import type { DisplayStatus } from '../tasks/status';
import { viewStore, type TaskView } from '../tasks/view-store';

export interface DeepLink {
  server?: string;
  transport: TransportChoice;
  task?: string;
  /** Task list filters. */
  status?: DisplayStatus;
  q?: string;
  sort?: SortKey;
  /** The task list's view; only `timeline` is written (the table is the default). */
  view?: TaskView;
}

export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const transport = params.get('transport');
  const link: DeepLink = { transport: isTransportChoice(transport) ? transport : 'auto' };
  const server = params.get('server');
  // A link names a stdio server only by a name configured on the npm start side, never by a command line.
  if (server && (link.transport === 'stdio' ? stdioName(server) !== undefined : !server.startsWith('stdio:')))
    link.server = withoutUserinfo(server);
  const task = params.get('task');
  if (task) link.task = task;
  const status = params.get('status');
  if (FILTER_STATUSES.includes(status as DisplayStatus)) link.status = status as DisplayStatus;
  const q = params.get('q');
  if (q) link.q = q;
  if (params.get('sort') === 'updated') link.sort = 'updated';
  if (params.get('view') === 'timeline') link.view = 'timeline';
  return link;
}

export function writeDeepLink(search: string, link: DeepLink): string {
  const params = new URLSearchParams(search);
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : params.delete(key));
  // A typed stdio command line is not written: a link may only name a configured stdio server.
  const server = link.server?.startsWith('stdio:') && stdioName(link.server) === undefined ? undefined : link.server;
  set('server', server && withoutUserinfo(server));
  set('transport', server ? link.transport : undefined);
  set('task', link.task);
  set('status', link.status);
  set('q', link.q);
  set('sort', link.sort === 'updated' ? 'updated' : undefined);
  set('view', link.view === 'timeline' ? 'timeline' : undefined);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The deep link's task, until a session of its server has looked it up (linked-task.ts). */
let linkedTask: { server?: string; taskId: string } | undefined;

/**
 * The deep-linked task, once, for the first session of the linked server (of any server when the link names none);
 * undefined for any other server or once taken.
 */
export function takeLinkedTask(serverUrl: string): string | undefined {
  if (!linkedTask) return undefined;
  if (linkedTask.server !== undefined && serverIdentity(linkedTask.server) !== serverIdentity(serverUrl)) return undefined;
  const { taskId } = linkedTask;
  linkedTask = undefined;
  return taskId;
}

function slotById(id: number) {
  const slot = serversStore.getState().slots.find((s) => s.id === id);
  if (!slot) throw new Error(`Server slot ${id} is missing right after it was added.`);
  return slot;
}

/**
 * Applies the deep link once at start-up (connecting when it names a server) and from then on keeps the
 * address bar in step with the connected server and the selected task. Never writes a credential.
 */
export function startUrlSync(): () => void {
  const link = readDeepLink(window.location.search);
  if (link.task) {
    selectionStore.getState().taskSelected(link.task);
    linkedTask = { taskId: link.task, ...(link.server !== undefined && { server: link.server }) };
  }
  const filters = filterStore.getState();
  if (link.status) filters.statusFiltered(link.status);
  if (link.q) filters.queryEdited(link.q);
  if (link.sort) filters.sortChosen(link.sort);
  if (link.view) viewStore.getState().viewLinked(link.view);
  // Connections open before a reload come back; the deep link's server is shown (added when it is new).
  const reopen = new Set(storedConnectedSlots());
  const linked = link.server;
  if (linked) {
    const same = serversStore.getState().slots.find((slot) => serverIdentity(slot.store.getState().serverUrl) === serverIdentity(linked));
    const active = activeSlot();
    const reuse = same ?? (!active.store.getState().serverUrl.trim() || !reopen.has(active) ? active : undefined);
    // Read the store again after adding: a snapshot taken before the add does not hold the new slot.
    const slot = reuse ?? slotById(serversStore.getState().serverAdded());
    serversStore.getState().serverSwitched(slot.id);
    // Credentials entered for another origin are dropped here: a link never sends them anywhere new.
    const wasOpen = reopen.has(slot);
    slot.store.getState().serverLinked(linked, link.transport);
    // A link through the local bridge waits for Connect (unless this tab had it open before a reload): followed on
    // load, any page could make the npm start server send requests to an address of its choosing.
    if (link.transport !== 'bridge' || wasOpen) reopen.add(slot);
  }
  for (const slot of reopen) void slot.store.getState().connectRequested();

  // Each server keeps its own selected task.
  const selections = new Map<number, string | undefined>();
  let shownSlot = serversStore.getState().activeId;
  const offServers = serversStore.subscribe((state) => {
    if (state.activeId === shownSlot) return;
    selections.set(shownSlot, selectionStore.getState().selectedTaskId);
    shownSlot = state.activeId;
    const restored = selections.get(shownSlot);
    if (restored) selectionStore.getState().taskSelected(restored);
    else selectionStore.getState().selectionCleared();
  });

  const sync = () => {
    const { serverUrl, transport, status } = activeConnection();
    const active = status !== 'Disconnected' ? serverUrl : undefined;
    const task = selectionStore.getState().selectedTaskId;
    const { status: filter, query, sort } = filterStore.getState();
    const search = writeDeepLink(window.location.search, {
      server: active,
      transport,
      task,
      ...(filter !== 'all' && { status: filter }),
      ...(query && { q: query }),
      sort,
      view: viewStore.getState().view,
    });
    if (search !== window.location.search) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    }
  };
  const offConnection = onActiveConnectionChange(sync);
  const offSelection = selectionStore.subscribe(sync);
  const offFilters = filterStore.subscribe(sync);
  const offView = viewStore.subscribe(sync);
  return () => {
    offServers();
    offConnection();
    offSelection();
    offFilters();
    offView();
  };
}
