/**
 * Results kept in IndexedDB, keyed by server and taskId, so a result outlives a reload, a server restart and the
 * task's TTL. Plain IndexedDB (no library). Every failure is reported to the caller, never swallowed.
 */
import type { ResultSummary } from './result';
import type { Task } from './task';
import { messageOf } from '../lib/errors';
import { stdioName } from '../mcp/stdio-form';
import { registryKey } from './task-registry';

export interface KeptResult {
  serverUrl: string;
  taskId: string;
  /** The task as it was when the result was fetched. */
  task: Task;
  toolName?: string;
  /**
   * The result; or, for a large one, its JSON and `summary` instead. The JSON is stored as a Blob (`textBlob`): the
   * browser writes and reads a Blob's bytes off the main thread, and reading the list of kept results does not copy
   * them. Records kept before that have `text`, a string.
   */
  raw?: unknown;
  text?: string;
  textBlob?: Blob;
  summary?: ResultSummary;
  fetchedAt: number;
  size: number;
}

const DB_NAME = 'taskdeck';
const STORE = 'results';
/** Per kept result, its size and when it was last kept or read: small records the quota is worked out from. */
const USAGE = 'usage';
const VERSION = 2;

/** Kept results take at most this much (their JSON size): past it, the ones used longest ago are deleted. */
const KEPT_QUOTA_BYTES = 500 * 1024 * 1024;
/** A different limit for this browser, in MB (localStorage; for a small disk, or a test). */
const QUOTA_SETTING = 'taskdeck.keptQuotaMb';

export function keptQuota(): number {
  try {
    const mb = Number(globalThis.localStorage?.getItem(QUOTA_SETTING) ?? '');
    return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : KEPT_QUOTA_BYTES;
  } catch {
    return KEPT_QUOTA_BYTES;
  }
}

export interface KeptUsage {
  serverUrl: string;
  taskId: string;
  size: number;
  usedAt: number;
}

export interface KeptKey {
  serverUrl: string;
  taskId: string;
}

/** Stored keys of typed stdio commands, and the command line each stands for while this page runs. */
const storedFor = new Map<string, string>();

/**
 * The server as results are stored under it: its URL; for a stdio command typed into the form (whose arguments may
 * hold a secret), the registry's fingerprinted key instead of the line.
 */
function storedServer(serverUrl: string): string {
  if (!serverUrl.startsWith('stdio:') || stdioName(serverUrl) !== undefined) return serverUrl;
  const key = registryKey(serverUrl);
  storedFor.set(key, serverUrl);
  return key;
}

const pageServer = <K extends KeptKey>(key: K): K => {
  const shown = storedFor.get(key.serverUrl);
  return shown === undefined ? key : { ...key, serverUrl: shown };
};

/**
 * Which kept results to delete so the rest fit the quota: the ones used longest ago first, never a protected one.
 * Pure.
 */
export function chooseEvictions(usage: readonly KeptUsage[], quota: number, isProtected: (key: KeptKey) => boolean): KeptKey[] {
  let total = usage.reduce((sum, u) => sum + u.size, 0);
  if (total <= quota) return [];
  const out: KeptKey[] = [];
  for (const u of [...usage].sort((a, b) => a.usedAt - b.usedAt)) {
    if (total <= quota) break;
    if (isProtected(u)) continue;
    out.push({ serverUrl: u.serverUrl, taskId: u.taskId });
    total -= u.size;
  }
  return out;
}

class ResultStoreError extends Error {
  constructor(
    message: string,
    readonly quota: boolean,
  ) {
    super(message);
    this.name = 'ResultStoreError';
  }
}

function wrap(error: unknown, action: string): ResultStoreError {
  const name = error instanceof DOMException ? error.name : '';
  const quota = name === 'QuotaExceededError';
  const detail = messageOf(error);
  return new ResultStoreError(
    quota ? `The browser's storage is full: could not ${action}. Delete kept results to make room.` : `Could not ${action}: ${detail}`,
    quota,
  );
}

let opening: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined')
    return Promise.reject(new ResultStoreError('This browser has no IndexedDB: results are kept in memory only.', false));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      const tx = request.transaction;
      if (!db.objectStoreNames.contains(STORE)) {
        const store = db.createObjectStore(STORE, { keyPath: ['serverUrl', 'taskId'] });
        store.createIndex('byServer', 'serverUrl');
      }
      if (!db.objectStoreNames.contains(USAGE) && tx) {
        const usage = db.createObjectStore(USAGE, { keyPath: ['serverUrl', 'taskId'] });
        // Results kept before the quota existed are counted too.
        const cursor = tx.objectStore(STORE).openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return;
          const r = at.value as KeptResult;
          usage.put({ serverUrl: r.serverUrl, taskId: r.taskId, size: r.size, usedAt: r.fetchedAt } satisfies KeptUsage);
          at.continue();
        };
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(wrap(request.error, 'open the result store'));
    };
  });
  return opening;
}

function run<T>(
  mode: IDBTransactionMode,
  action: string,
  work: (store: IDBObjectStore, usage: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  return openDb().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        let tx: IDBTransaction;
        try {
          tx = db.transaction([STORE, USAGE], mode);
        } catch (error) {
          reject(wrap(error, action));
          return;
        }
        let value: T | undefined;
        const request = work(tx.objectStore(STORE), tx.objectStore(USAGE));
        if (request) request.onsuccess = () => (value = request.result);
        tx.oncomplete = () => resolve(value);
        tx.onerror = () => reject(wrap(tx.error, action));
        tx.onabort = () => reject(wrap(tx.error, action));
      }),
  );
}

/**
 * Keeps a result, then deletes the kept results used longest ago while all of them take more than the quota (never
 * this one, nor a protected one). Resolves to the ones it deleted.
 */
export async function keepResult(
  record: KeptResult,
  isProtected: (key: KeptKey) => boolean = () => false,
  quota = keptQuota(),
): Promise<KeptKey[]> {
  let evicted: KeptKey[] = [];
  const serverUrl = storedServer(record.serverUrl);
  await run('readwrite', 'keep the result', (store, usage) => {
    store.put({ ...record, serverUrl });
    usage.put({ serverUrl, taskId: record.taskId, size: record.size, usedAt: Date.now() } satisfies KeptUsage);
    const all = usage.getAll() as IDBRequest<KeptUsage[]>;
    all.onsuccess = () => {
      const self = (k: KeptKey) => k.serverUrl === serverUrl && k.taskId === record.taskId;
      evicted = chooseEvictions(all.result, quota, (k) => self(k) || isProtected(pageServer(k)));
      for (const k of evicted) {
        store.delete([k.serverUrl, k.taskId]);
        usage.delete([k.serverUrl, k.taskId]);
      }
    };
    return undefined;
  });
  return evicted.map(pageServer);
}

export async function keptResults(serverUrl: string): Promise<KeptResult[]> {
  return (
    (await run<KeptResult[]>(
      'readonly',
      'read kept results',
      (store) => store.index('byServer').getAll(storedServer(serverUrl)) as IDBRequest<KeptResult[]>,
    )) ?? []
  ).map((record) => ({ ...record, serverUrl }));
}

/** One kept result, or undefined when this browser keeps none for that task. */
export async function keptResultOf(serverUrl: string, taskId: string): Promise<KeptResult | undefined> {
  const record = await run<KeptResult | undefined>(
    'readonly',
    'read the kept result',
    (store) => store.get([storedServer(serverUrl), taskId]) as IDBRequest<KeptResult | undefined>,
  );
  return record && { ...record, serverUrl };
}

/** How many results this browser keeps, and how much they take. */
export async function keptUsage(): Promise<{ count: number; bytes: number }> {
  const all = (await run<KeptUsage[]>('readonly', 'read what is kept', (_store, usage) => usage.getAll() as IDBRequest<KeptUsage[]>)) ?? [];
  return { count: all.length, bytes: all.reduce((sum, u) => sum + u.size, 0) };
}

export function forgetResult(serverUrl: string, taskId: string): Promise<void> {
  const stored = storedServer(serverUrl);
  return run('readwrite', 'delete the kept result', (store, usage) => {
    usage.delete([stored, taskId]);
    return store.delete([stored, taskId]);
  }).then(() => undefined);
}

export function forgetAllResults(): Promise<void> {
  return run('readwrite', 'delete kept results', (store, usage) => {
    usage.clear();
    return store.clear();
  }).then(() => undefined);
}
