import { useStore } from 'zustand';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { McpSession } from '../mcp/session';
import { tasksQueryOptions } from '../tasks/queries';
import { selectionStore } from '../tasks/selection-store';
import { findTask } from '../tasks/task-cache';

/** The server status of the selected task, if it is known. */
export function useSelectedStatus(serverUrl: string, session: McpSession | null): string | undefined {
  const queryClient = useQueryClient();
  const selected = useStore(selectionStore, (s) => s.selectedTaskId);
  const { data } = useQuery({
    ...tasksQueryOptions(queryClient, serverUrl, session),
    select: (entries) => findTask(entries, selected)?.task.status,
  });
  return data;
}
