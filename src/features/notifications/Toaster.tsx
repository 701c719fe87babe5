import * as ToastUi from '@radix-ui/react-toast';
import { StatusBadge } from '../task-status';
import { STATUS_LABELS, type DisplayStatus } from '../../tasks/status';
import { shortId } from '../../tasks/task';
import { useToastStore, type Toast } from './toast-store';
import './notifications.css';

export interface ToastActions {
  /** Shows the task (switching server if needed) and moves focus to its result. */
  openResult: (serverUrl: string, taskId: string) => void;
  /** Filters the list to one status. */
  showStatus: (serverUrl: string, status: DisplayStatus) => void;
}

function ToastBody({ toast, actions }: { toast: Toast; actions: ToastActions }) {
  if (toast.kind === 'ended') {
    const { task } = toast;
    const what = task.toolName ?? 'Task';
    return (
      <>
        <ToastUi.Title className="toast-title">
          <StatusBadge status={task.status} /> <span className="mono">{what}</span>
        </ToastUi.Title>
        <ToastUi.Description className="toast-description">
          <span className="mono">{shortId(task.taskId)}</span>
          {task.message ? ` · ${task.message.length > 120 ? `${task.message.slice(0, 120)}…` : task.message}` : ''}
        </ToastUi.Description>
        <ToastUi.Action altText={`Open the result of task ${task.taskId}`} asChild>
          <button type="button" className="button small primary" onClick={() => actions.openResult(task.serverUrl, task.taskId)}>
            Open result
          </button>
        </ToastUi.Action>
      </>
    );
  }
  const parts = (Object.entries(toast.byStatus) as [DisplayStatus, number][]).map(([status, n]) => `${n} ${STATUS_LABELS[status]}`);
  const failed = toast.byStatus.failed ?? 0;
  return (
    <>
      <ToastUi.Title className="toast-title">{toast.count} tasks ended</ToastUi.Title>
      <ToastUi.Description className="toast-description">{parts.join(' · ')}</ToastUi.Description>
      {failed > 0 ? (
        <ToastUi.Action altText="Show the failed tasks" asChild>
          <button type="button" className="button small" onClick={() => actions.showStatus(toast.serverUrl, 'failed')}>
            Show failed
          </button>
        </ToastUi.Action>
      ) : null}
    </>
  );
}

/** Toasts for tasks that ended, from an accessible primitive (announced politely, F8 to reach them). */
export function Toaster({ actions }: { actions: ToastActions }) {
  const toasts = useToastStore((s) => s.toasts);
  const toastDismissed = useToastStore((s) => s.toastDismissed);
  return (
    <ToastUi.Provider duration={6000} label="Notification">
      {toasts.map((toast) => (
        <ToastUi.Root
          key={toast.id}
          className="toast"
          data-status={toast.kind === 'ended' ? toast.task.status : undefined}
          onOpenChange={(open) => {
            if (!open) toastDismissed(toast.id);
          }}
        >
          <ToastBody toast={toast} actions={actions} />
          <ToastUi.Close className="toast-close" aria-label="Dismiss notification">
            ×
          </ToastUi.Close>
        </ToastUi.Root>
      ))}
      <ToastUi.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
    </ToastUi.Provider>
  );
}
