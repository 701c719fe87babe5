import { createStore } from 'zustand/vanilla';
import type { QueryClient } from '@tanstack/react-query';
import { mcpKeys } from '../../tasks/keys';
import { loadSessionFileTasks } from '../../tasks/cache-writes';
import { parseTaskResult, summariseResult, TextBackedResult, type FetchedResult } from '../../tasks/result';
import { behaviourStore } from '../../tasks/behaviour-store';
import type { SessionFile } from './session-file';
import { SESSION_FILE_PREFIX } from '../../tasks/session-file-id';

interface OpenedSession {
  /** The pseudo server identity its tasks and results are cached under. */
  id: string;
  name: string;
  file: SessionFile;
}

interface SessionViewState {
  opened: OpenedSession | undefined;
}

export const sessionViewStore = createStore<SessionViewState>()(() => ({ opened: undefined }));

let opens = 0;

/** A held result made from a file's result text; one that is not valid JSON is shown as invalid, not thrown. */
function resultOf(taskId: string, json: string, fetchedAt: number): FetchedResult {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    const parsed = { kind: 'invalid', error: 'The result in the session file is not valid JSON.' } as const;
    return { taskId, raw: json, parsed, fetchedAt, size: json.length, fromStore: true };
  }
  return new TextBackedResult(taskId, json, summariseResult(parseTaskResult(raw)), fetchedAt, json.length, { fromStore: true });
}

/**
 * Shows a session file read-only: its tasks, results and behaviour go into the query cache under a pseudo server
 * identity of their own, which no connection ever serves, so the usual views read them and nothing is fetched.
 */
export function openSessionView(queryClient: QueryClient, name: string, file: SessionFile): void {
  closeSessionView(queryClient);
  opens += 1;
  const id = `${SESSION_FILE_PREFIX}${opens}:${name}`;
  loadSessionFileTasks(queryClient, id, file.tasks);
  for (const r of file.results) queryClient.setQueryData(mcpKeys.result(id, r.taskId), resultOf(r.taskId, r.json, r.fetchedAt));
  behaviourStore.setState((s) => ({ byServer: { ...s.byServer, [id]: file.behaviour } }));
  sessionViewStore.setState({ opened: { id, name, file } });
}

export function closeSessionView(queryClient: QueryClient): void {
  const opened = sessionViewStore.getState().opened;
  if (!opened) return;
  queryClient.removeQueries({ queryKey: mcpKeys.server(opened.id) });
  behaviourStore.setState((s) => {
    const byServer = { ...s.byServer };
    delete byServer[opened.id];
    return { byServer };
  });
  sessionViewStore.setState({ opened: undefined });
}
