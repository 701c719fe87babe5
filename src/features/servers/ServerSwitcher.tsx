import { useId } from 'react';
import { clip } from '../../lib/clip';
import { useStore } from 'zustand';
import { activityStore } from '../../tasks/activity';
import { useServersStore } from '../connection';
import { serversStore, type ServerSlot } from '../../mcp/servers-store';
import { serverIdentity } from '../../mcp/errors';

/** "127.0.0.1:3210/mcp": enough of a URL to tell servers apart. */
function shortServerName(url: string): string {
  if (!url.trim()) return 'New server';
  try {
    const u = new URL(url.trim());
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url.trim();
  }
}

function ServerButton({ slot, active, onlyOne }: { slot: ServerSlot; active: boolean; onlyOne: boolean }) {
  const status = useStore(slot.store, (s) => s.status);
  const url = useStore(slot.store, (s) => s.session?.serverUrl ?? s.serverUrl);
  const name = useStore(slot.store, (s) => clip(s.session?.serverInfo?.name ?? '', 200));
  const running = useStore(activityStore, (s) => s.running[serverIdentity(url)] ?? 0);
  const needsInput = useStore(activityStore, (s) => s.needsInput[serverIdentity(url)] ?? 0);
  const { serverSwitched, serverClosed } = serversStore.getState();
  const label = shortServerName(url);
  // The status is the tab's description, not its name: "Connected" in a name would collide with the Connect button.
  const statusId = useId();
  return (
    <li className={`server-tab${active ? ' active' : ''}`}>
      <span id={statusId} className="visually-hidden">
        {status}
      </span>
      <button
        type="button"
        className="server-switch"
        aria-current={active ? 'true' : undefined}
        aria-describedby={statusId}
        title={`${url || 'No URL yet'}${name ? ` — ${name}` : ''}: ${status}`}
        onClick={() => serverSwitched(slot.id)}
      >
        <span className={`dot conn-${status.toLowerCase()}`} aria-hidden="true" />
        <span className="server-name">{label}</span>
        {running > 0 ? (
          <span
            className="count-badge"
            data-status="working"
            title={`${running} running${needsInput ? `, ${needsInput} waiting for input` : ''}`}
          >
            {running}
            <span className="visually-hidden"> running</span>
          </span>
        ) : null}
        {needsInput > 0 ? (
          <span className="count-badge" data-status="input_required" aria-label={`${needsInput} need input`}>
            ?
          </span>
        ) : null}
      </button>
      {onlyOne ? null : (
        <button
          type="button"
          className="server-close"
          aria-label={`Close ${label}`}
          title="Disconnect and close"
          onClick={() => serverClosed(slot.id)}
        >
          ×
        </button>
      )}
    </li>
  );
}

/** The servers this page works with: one tab each, with its status and how many of its tasks still run. */
export function ServerSwitcher() {
  const slots = useServersStore((s) => s.slots);
  const activeId = useServersStore((s) => s.activeId);
  const serverAdded = useServersStore((s) => s.serverAdded);
  return (
    <nav aria-label="Servers" className="server-switcher">
      <ul>
        {slots.map((slot) => (
          <ServerButton key={slot.id} slot={slot} active={slot.id === activeId} onlyOne={slots.length === 1} />
        ))}
      </ul>
      <button
        type="button"
        className="button small ghost add-server"
        onClick={() => serverAdded()}
        title="Connect to another server as well"
      >
        + Add server
      </button>
    </nav>
  );
}
