import { Region } from '../../components/Region';
import { dialectOf, EMPTY_BEHAVIOUR, type Dialect } from '../../tasks/behaviour';
import { useBehaviourStore } from '../../tasks/behaviour-store';

const DIALECTS: Record<Dialect, string> = {
  spec: 'MCP 2025-11-25 (spec dialect)',
  seed: 'seed dialect (notifications/tasks/updated, non-blocking tasks/result)',
  mixed: 'a mix of both dialects',
  unknown: 'not known yet (no task traffic seen)',
};

function counts(record: Record<string, number | undefined>): string {
  const parts = Object.entries(record)
    .filter(([, n]) => n)
    .map(([k, n]) => `${k} ×${n}`);
  return parts.length ? parts.join(', ') : 'none seen';
}

/** What the connected server was seen to do, and the protocol violations it committed. */
export function ServerBehaviourPanel({ serverUrl }: { serverUrl: string }) {
  const state = useBehaviourStore((s) => s.byServer[serverUrl]) ?? EMPTY_BEHAVIOUR;
  const early = state.earlyResult;
  return (
    <Region title="Server behaviour" className="server-behaviour">
      <dl className="facts">
        <dt>Dialect</dt>
        <dd>{DIALECTS[dialectOf(state)]}</dd>
        <dt>Status pushes</dt>
        <dd className="mono">{counts(state.pushMethods)}</dd>
        <dt>tasks/result early</dt>
        <dd>
          {early?.outcome === 'blocked'
            ? 'blocked until terminal (spec)'
            : early?.outcome === 'refused'
              ? `refused before terminal: ${early.message ?? '-32602'} (seed)`
              : 'not tried yet'}
        </dd>
        <dt>Result envelope</dt>
        <dd className="mono">{counts(state.resultEnvelopes)}</dd>
        <dt>Error codes</dt>
        <dd className="mono">{counts(state.errorCodes)}</dd>
      </dl>
      <h3>Warnings{state.warnings.length ? ` (${state.warnings.length})` : ''}</h3>
      {state.warnings.length === 0 ? (
        <p className="muted">No protocol violations seen.</p>
      ) : (
        <ul className="warnings" aria-label="Protocol warnings">
          {state.warnings.map((w) => (
            <li key={`${w.kind}:${w.taskId ?? ''}`} className="warning-item">
              <span className="warning-kind">{w.kind}</span> {w.detail}
              {w.taskId ? <span className="mono muted"> {w.taskId}</span> : null}
              {w.count > 1 ? <span className="muted"> ×{w.count}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Region>
  );
}
