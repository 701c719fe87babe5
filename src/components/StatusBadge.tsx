import { STATUS_LABELS, type DisplayStatus } from '../tasks/status';

const ICONS: Record<DisplayStatus, string> = {
  working: '◐',
  input_required: '?',
  completed: '✓',
  failed: '✕',
  cancelled: '⊘',
  expired: '⌛',
};

/** A status as text, icon and colour together: never colour alone. */
export function StatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <span className={`status-badge status-${status}`}>
      <span className="status-icon" aria-hidden="true">
        {ICONS[status]}
      </span>
      <span className="status-text">{STATUS_LABELS[status]}</span>
    </span>
  );
}
