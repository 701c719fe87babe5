import { useConnectionStore } from '../mcp/connection-store';
import type { TransportChoice } from '../mcp/session';
import { useSelectionStore } from '../tasks/selection-store';

const TRANSPORTS: readonly TransportChoice[] = ['auto', 'streamable-http', 'sse'];

export interface DeepLink {
  server?: string;
  transport: TransportChoice;
  task?: string;
}

export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const transport = params.get('transport');
  const link: DeepLink = { transport: TRANSPORTS.includes(transport as TransportChoice) ? (transport as TransportChoice) : 'auto' };
  const server = params.get('server');
  if (server) link.server = server;
  const task = params.get('task');
  if (task) link.task = task;
  return link;
}

export function writeDeepLink(search: string, link: DeepLink): string {
  const params = new URLSearchParams(search);
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : params.delete(key));
  set('server', link.server);
  set('transport', link.server ? link.transport : undefined);
  set('task', link.task);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Applies the deep link once at start-up (connecting when it names a server) and from then on keeps the
 * address bar in step with the connected server and the selected task. Never writes a credential.
 */
export function startUrlSync(): () => void {
  const link = readDeepLink(window.location.search);
  const connection = useConnectionStore.getState();
  if (link.task) useSelectionStore.getState().taskSelected(link.task);
  if (link.server) {
    connection.serverUrlEdited(link.server);
    connection.transportChosen(link.transport);
    void connection.connectRequested();
  }

  const sync = () => {
    const { serverUrl, transport, status } = useConnectionStore.getState();
    const active = status !== 'Disconnected' ? serverUrl : undefined;
    const task = useSelectionStore.getState().selectedTaskId;
    const search = writeDeepLink(window.location.search, { server: active, transport, task });
    if (search !== window.location.search) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    }
  };
  const offConnection = useConnectionStore.subscribe(sync);
  const offSelection = useSelectionStore.subscribe(sync);
  return () => {
    offConnection();
    offSelection();
  };
}
