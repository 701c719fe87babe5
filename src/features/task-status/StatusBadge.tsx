import { STATUS_ICONS, STATUS_LABELS, type DisplayStatus } from '../../tasks/status';
import './status-badge.css';

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
