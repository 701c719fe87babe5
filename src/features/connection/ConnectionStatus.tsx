import { SignIn } from './SignIn';
import { useConnectionStore } from './use-connection';

/** The contract's `role=status` element named "Connection status". */
export function ConnectionStatus() {
  const status = useConnectionStore((s) => s.status);
  const detail = useConnectionStore((s) => s.detail);
  const hint = useConnectionStore((s) => s.hint);
  const session = useConnectionStore((s) => s.session);
  return (
    <div className="connection-status-bar">
      <div role="status" aria-label="Connection status" className={`connection-status conn-${status.toLowerCase()}`}>
        <span className={`dot conn-${status.toLowerCase()}`} aria-hidden="true" />
        <strong>{status}</strong>
        {detail ? <span className="detail"> {detail}</span> : null}
        {hint ? <span className="hint"> {hint}</span> : null}
      </div>
      <SignIn />
      {session && !session.capabilities.tasks ? (
        <span className="warning-text">
          This server does not support tasks: it declared no tasks capability, so no tasks/* request is sent.
        </span>
      ) : null}
    </div>
  );
}
