/**
 * The task registry's storage: plain IndexedDB, a database of its own (the kept results' database is versioned on
 * its own schedule). One object store keyed by server and taskId, indexed by server. Every failure is reported to
 * the caller with a sentence that says what could not be done.
 */
import { messageOf } from '../lib/errors';
import type { RegistryBackend, RegistryKey, RememberedTask } from './task-registry';

const DB_NAME = 'taskdeck-registry';
const STORE = 'tasks';
const VERSION = 1;

function wrap(error: unknown, action: string): Error {
  const quota = error instanceof DOMException && error.name === 'QuotaExceededError';
  return new Error(
    quota
      ? `The browser's storage is full: could not ${action}. Forget tasks or delete kept results to make room.`
      : `Could not ${action}: ${messageOf(error)}`,
  );
}

export function indexedDbRegistry(): RegistryBackend {
  let opening: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (typeof indexedDB === 'undefined')
      return Promise.reject(new Error('This browser has no IndexedDB: watched tasks are not remembered across reloads.'));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(STORE)) {
          db.createObjectStore(STORE, { keyPath: ['serverKey', 'taskId'] }).createIndex('byServer', 'serverKey');
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = undefined;
        reject(wrap(request.error, 'open the task registry'));
      };
      request.onblocked = () => {
        opening = undefined;
        reject(new Error('Could not open the task registry: another tab holds an older version of it open.'));
      };
    });
    return opening;
  };

  const run = <T>(mode: IDBTransactionMode, action: string, work: (store: IDBObjectStore) => IDBRequest<T> | undefined) =>
    open().then(
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
          try {
            const request = work(tx.objectStore(STORE));
            if (request) request.onsuccess = () => (value = request.result);
          } catch (error) {
            // A record the browser cannot store (DataCloneError): nothing of this write is kept.
            tx.abort();
            reject(wrap(error, action));
            return;
          }
          tx.oncomplete = () => resolve(value);
          tx.onerror = () => reject(wrap(tx.error, action));
          tx.onabort = () => reject(wrap(tx.error, action));
        }),
    );

  return {
    load: async (serverKey) =>
      (await run<RememberedTask[]>(
        'readonly',
        'read the remembered tasks',
        (store) => store.index('byServer').getAll(serverKey) as IDBRequest<RememberedTask[]>,
      )) ?? [],
    write: async (puts: readonly RememberedTask[], deletes: readonly RegistryKey[]) => {
      await run('readwrite', 'remember the tasks', (store) => {
        for (const k of deletes) store.delete([k.serverKey, k.taskId]);
        for (const record of puts) store.put(record);
        return undefined;
      });
    },
  };
}
