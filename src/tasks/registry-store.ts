import { createStore } from 'zustand/vanilla';
import { indexedDbRegistry } from './registry-idb';
import { TaskRegistry } from './task-registry';

interface RegistryStatus {
  /** Why the registry could not read or write storage, until it can again. */
  error: string | undefined;
}

export const registryStatus = createStore<RegistryStatus>()(() => ({ error: undefined }));

/** The page's task registry (see task-registry.ts), stored in IndexedDB. */
export const taskRegistry = new TaskRegistry(indexedDbRegistry(), {
  onError: (error) => registryStatus.setState({ error }),
});
