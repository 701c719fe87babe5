import { create } from 'zustand';
import type { TaskEnded } from '../../tasks/activity';
import type { DisplayStatus } from '../../tasks/status';

export type Toast =
  | { id: number; kind: 'ended'; task: TaskEnded }
  | { id: number; kind: 'summary'; count: number; byStatus: Partial<Record<DisplayStatus, number>>; serverUrl: string };

/** More endings than this in one moment become one summary toast: a storm must not bury the screen. */
const MAX_SINGLE = 3;
const MAX_SHOWN = 3;

interface ToastState {
  toasts: Toast[];
  tasksEnded: (ended: readonly TaskEnded[]) => void;
  toastDismissed: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  tasksEnded: (ended) => {
    const first = ended[0];
    if (!first) return;
    const added: Toast[] =
      ended.length <= MAX_SINGLE
        ? ended.map((task) => ({ id: nextId++, kind: 'ended', task }))
        : [
            {
              id: nextId++,
              kind: 'summary',
              count: ended.length,
              serverUrl: first.serverUrl,
              byStatus: ended.reduce<Partial<Record<DisplayStatus, number>>>(
                (acc, t) => ({ ...acc, [t.status]: (acc[t.status] ?? 0) + 1 }),
                {},
              ),
            },
          ];
    set({ toasts: [...get().toasts, ...added].slice(-MAX_SHOWN) });
  },
  toastDismissed: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));
