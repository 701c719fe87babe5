import { withoutUserinfo } from './errors';
import type { TransportChoice } from './session';

/** The last servers connected to, offered again in the form. URL and transport only: never a credential. */
export interface RecentServer {
  url: string;
  transport: TransportChoice;
  lastUsed: number;
}

const KEY = 'taskdeck.recentServers';
const MAX = 8;

export function readRecentServers(storage: Storage | undefined = globalThis.localStorage): RecentServer[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (r): r is RecentServer => typeof r === 'object' && r !== null && typeof (r as RecentServer).url === 'string' && typeof (r as RecentServer).lastUsed === 'number',
    );
  } catch {
    return [];
  }
}

export function rememberServer(entry: Omit<RecentServer, 'lastUsed'>, now = Date.now(), storage: Storage | undefined = globalThis.localStorage): RecentServer[] {
  const url = withoutUserinfo(entry.url);
  const next = [{ url, transport: entry.transport, lastUsed: now }, ...readRecentServers(storage).filter((r) => r.url !== url)].slice(0, MAX);
  try {
    storage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: recents are a convenience.
  }
  return next;
}
