import type { QueryClient } from '@tanstack/react-query';
import { taskRegistry } from '../tasks/registry-store';
import { findTask, type TaskEntry } from '../tasks/task-cache';

/** The task list is read for remembered tasks' states at most this often. */
const SCAN_MS = 250;

/**
 * Keeps the registry's last known states in step with the task lists in the query cache, whoever wrote them (pushes,
 * polls, tasks/list, a cancel; any protocol generation). A write to a list only marks its server; at most four times
 * a second each marked server's remembered tasks are looked up by id (not the whole list walked) and the changed ones
 * handed to the registry, which writes them behind. When the page is hidden or unloads, everything goes at once.
 */
export function startRegistrySync(queryClient: QueryClient): () => void {
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scan = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    for (const serverUrl of dirty) {
      const entries = queryClient.getQueryData<TaskEntry[]>(['mcp', serverUrl, 'tasks']);
      if (!entries) continue;
      for (const taskId of taskRegistry.rememberedIds(serverUrl)) {
        const entry = findTask(entries, taskId);
        if (!entry) continue;
        const details = {
          ...(entry.toolName !== undefined && { toolName: entry.toolName }),
          ...(entry.expired !== undefined && { expired: entry.expired }),
        };
        // The list has applied the protocol's rules already: its state is the one to remember.
        taskRegistry.updateTask(serverUrl, entry.task, details, true);
      }
    }
    dirty.clear();
  };
  const off = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (event.type !== 'updated' || key.length !== 3 || key[0] !== 'mcp' || key[2] !== 'tasks' || typeof key[1] !== 'string') return;
    dirty.add(key[1]);
    timer ??= setTimeout(scan, SCAN_MS);
  });
  const flushNow = () => {
    scan();
    void taskRegistry.flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flushNow();
  };
  window.addEventListener('pagehide', flushNow);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    off();
    if (timer) clearTimeout(timer);
    window.removeEventListener('pagehide', flushNow);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
