import type { QueryClient } from '@tanstack/react-query';
import { activityStore, countLive, EndWatcher, titleFor, totalRunning, type TaskEnded } from '../tasks/activity';
import type { TaskEntry } from '../tasks/task-cache';

/**
 * Watches every server's task list in the query cache, at most four times a second: keeps the running counts
 * (server switcher, tab title) and reports tasks that ended (toasts).
 */
export function startActivityWatch(queryClient: QueryClient, onEnded: (ended: TaskEnded[]) => void): () => void {
  const watcher = new EndWatcher();
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scan = () => {
    timer = undefined;
    const now = Date.now();
    const running = { ...activityStore.getState().running };
    const needsInput = { ...activityStore.getState().needsInput };
    const ended: TaskEnded[] = [];
    for (const serverUrl of dirty) {
      const entries = queryClient.getQueryData<TaskEntry[]>(['mcp', serverUrl, 'tasks']) ?? [];
      ended.push(...watcher.scan(serverUrl, entries, now));
      const counts = countLive(entries, now);
      running[serverUrl] = counts.running;
      needsInput[serverUrl] = counts.needsInput;
    }
    dirty.clear();
    activityStore.setState({ running, needsInput });
    document.title = titleFor(
      totalRunning({ running, needsInput }),
      Object.values(needsInput).reduce((a, b) => a + b, 0),
    );
    if (ended.length) onEnded(ended);
  };
  const markAll = () => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['mcp'] })) {
      const key = query.queryKey;
      if (key.length === 3 && key[2] === 'tasks' && typeof key[1] === 'string') dirty.add(key[1]);
    }
  };
  const off = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey as readonly unknown[];
    if (key.length !== 3 || key[0] !== 'mcp' || key[2] !== 'tasks' || typeof key[1] !== 'string') return;
    dirty.add(key[1]);
    timer ??= setTimeout(scan, 250);
  });
  // Time alone moves tasks on (a TTL passes): recount now and then.
  const tick = setInterval(() => {
    markAll();
    timer ??= setTimeout(scan, 0);
  }, 5000);
  return () => {
    off();
    clearInterval(tick);
    if (timer) clearTimeout(timer);
  };
}
