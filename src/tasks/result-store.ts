/**
 * Results kept in IndexedDB, keyed by server and taskId, so a result outlives a reload, a server restart and the
 * task's TTL. Plain IndexedDB (no library). Every failure is reported to the caller, never swallowed.
 */
import type { ResultSummary } from './result';
import type { Task } from './task';

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
const VERSION = 1;

export class ResultStoreError extends Error {
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
  const detail = error instanceof Error ? error.message : String(error);
  return new ResultStoreError(quota ? `The browser's storage is full: could not ${action}. Delete kept results to make room.` : `Could not ${action}: ${detail}`, quota);
}

let opening: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new ResultStoreError('This browser has no IndexedDB: results are kept in memory only.', false));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        const store = db.createObjectStore(STORE, { keyPath: ['serverUrl', 'taskId'] });
        store.createIndex('byServer', 'serverUrl');
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

function run<T>(mode: IDBTransactionMode, action: string, work: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  return openDb().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        let tx: IDBTransaction;
        try {
          tx = db.transaction(STORE, mode);
        } catch (error) {
          reject(wrap(error, action));
          return;
        }
        let value: T | undefined;
        const request = work(tx.objectStore(STORE));
        if (request) request.onsuccess = () => (value = request.result);
        tx.oncomplete = () => resolve(value);
        tx.onerror = () => reject(wrap(tx.error, action));
        tx.onabort = () => reject(wrap(tx.error, action));
      }),
  );
}

export function keepResult(record: KeptResult): Promise<void> {
  return run('readwrite', 'keep the result', (store) => store.put(record)).then(() => undefined);
}

export async function keptResults(serverUrl: string): Promise<KeptResult[]> {
  return (await run<KeptResult[]>('readonly', 'read kept results', (store) => store.index('byServer').getAll(serverUrl) as IDBRequest<KeptResult[]>)) ?? [];
}

export function forgetResult(serverUrl: string, taskId: string): Promise<void> {
  return run('readwrite', 'delete the kept result', (store) => store.delete([serverUrl, taskId])).then(() => undefined);
}

export function forgetAllResults(): Promise<void> {
  return run('readwrite', 'delete kept results', (store) => store.clear()).then(() => undefined);
}
