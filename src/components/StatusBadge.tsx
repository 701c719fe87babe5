import { STATUS_LABELS, type DisplayStatus } from '../tasks/status';
import './status-badge.css';

/** One glyph per status, so a status never relies on colour alone. */
export const STATUS_ICONS: Record<DisplayStatus, string> = {
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
    <span className="status-badge" data-status={status}>
      <span className="status-icon" aria-hidden="true">
        {STATUS_ICONS[status]}
      </span>
      <span className="status-text">{STATUS_LABELS[status]}</span>
    </span>
  );
}
