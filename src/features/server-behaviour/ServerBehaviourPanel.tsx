import { memo, useState } from 'react';
import { Region } from '../../components/Region';
import { useShownStore } from '../../components/panel-shown';
import { dialectOf, EMPTY_BEHAVIOUR, type Dialect, type Warning } from '../../tasks/behaviour';
import { behaviourStore } from '../../tasks/behaviour-store';

const DIALECTS: Record<Dialect, string> = {
  modern: 'MCP 2026-07-28 (tasks extension io.modelcontextprotocol/tasks)',
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

/** Warnings drawn until asked for all: a server pushing for thousands of unknown tasks makes hundreds of them. */
const SHOWN_WARNINGS = 20;

const WarningItem = memo(function WarningItem({ warning: w }: { warning: Warning }) {
  return (
    <li className="warning-item">
      <span className="warning-kind">{w.kind}</span> {w.detail}
      {w.taskId ? <span className="mono muted"> {w.taskId}</span> : null}
      {w.count > 1 ? <span className="muted"> ×{w.count}</span> : null}
    </li>
  );
});

/** The newest warnings first, a few of them unless asked for all, with how many of each kind. */
function WarningList({ warnings }: { warnings: readonly Warning[] }) {
  const [all, setAll] = useState(false);
  const byKind: Record<string, number> = {};
  for (const w of warnings) byKind[w.kind] = (byKind[w.kind] ?? 0) + 1;
  const shown = (all ? warnings : warnings.slice(-SHOWN_WARNINGS)).slice().reverse();
  return (
    <>
      {warnings.length > SHOWN_WARNINGS ? <p className="small mono">{counts(byKind)}</p> : null}
      <ul className="warnings" aria-label="Protocol warnings">
        {shown.map((w) => (
          <WarningItem key={`${w.kind}:${w.taskId ?? ''}`} warning={w} />
        ))}
      </ul>
      {warnings.length > SHOWN_WARNINGS ? (
        <button type="button" className="link-button" onClick={() => setAll((a) => !a)}>
          {all ? `Show the newest ${SHOWN_WARNINGS}` : `Show all ${warnings.length}`}
        </button>
      ) : null}
    </>
  );
}

/** What the connected server was seen to do, and the protocol violations it committed. */
export function ServerBehaviourPanel({ serverUrl }: { serverUrl: string }) {
  // Followed while its panel is shown: every frame of pushes counts them, and a folded drawer need not redraw that.
  const state = useShownStore(behaviourStore, (s) => s.byServer[serverUrl]) ?? EMPTY_BEHAVIOUR;
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
          {state.modern
            ? 'not part of 2026-07-28: the result comes inlined in the terminal tasks/get'
            : early?.outcome === 'blocked'
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
      {state.warnings.length === 0 ? <p className="muted">No protocol violations seen.</p> : <WarningList warnings={state.warnings} />}
    </Region>
  );
}
