/**
 * What a server was seen to do, learned from the traffic: its dialect, and the protocol violations it commits.
 * A pure reducer: observations in, a new state out. Warnings never throw and never block the UI.
 */
import type { Rejection } from './task-cache';

type WarningKind =
  | 'terminal-changed'
  | 'status-backwards'
  | 'result-before-terminal'
  | 'unknown-task-push'
  | 'missing-related-task-meta'
  | 'invalid-push'
  | 'invalid-result'
  | 'too-many-tasks'
  | 'rule-2026';

export interface Warning {
  kind: WarningKind;
  taskId?: string;
  detail: string;
  firstAt: number;
  count: number;
}

export type Observation =
  /** `count`: this many pushes of the method at once (a frame's worth), when none is about an unknown task. */
  | { type: 'push'; method: string; taskId?: string; unknownTask?: boolean; count?: number }
  | { type: 'invalid-push'; method: string }
  | { type: 'too-many-tasks'; limit: number; ignored: number }
  | { type: 'rejected-update'; reason: Rejection; taskId: string; held: string; offered: string; source: string }
  | { type: 'result-early'; outcome: 'blocked' | 'refused'; taskId: string; message?: string }
  | { type: 'result'; envelope: 'spec' | 'seed' | 'invalid'; taskId: string; relatedTaskMeta: boolean; detail?: string }
  | { type: 'result-before-terminal'; taskId: string; status: string }
  | { type: 'error'; method: string; code: number }
  | { type: 'elicitation'; relatedTaskId?: string }
  /** The session negotiated MCP 2026-07-28 (tasks as the io.modelcontextprotocol/tasks extension). */
  | { type: 'modern' }
  /** A rule of 2026-07-28 the server broke. */
  | { type: 'violation'; detail: string; taskId?: string };

export interface BehaviourState {
  pushMethods: Record<string, number>;
  /** What tasks/result did for a task that was not terminal yet. */
  earlyResult?: { outcome: 'blocked' | 'refused'; message?: string };
  resultEnvelopes: Partial<Record<'spec' | 'seed' | 'invalid', number>>;
  /** `method code` → count. */
  errorCodes: Record<string, number>;
  elicitations: number;
  /** Set once a session spoke MCP 2026-07-28 with this server. */
  modern?: boolean;
  warnings: Warning[];
}

export const EMPTY_BEHAVIOUR: BehaviourState = { pushMethods: {}, resultEnvelopes: {}, errorCodes: {}, elicitations: 0, warnings: [] };

const MAX_WARNINGS = 200;

function warn(state: BehaviourState, kind: WarningKind, detail: string, now: number, taskId?: string): BehaviourState {
  const index = state.warnings.findIndex((w) => w.kind === kind && w.taskId === taskId);
  const found = state.warnings[index];
  if (found) {
    const warnings = state.warnings.slice();
    warnings[index] = { ...found, count: found.count + 1, detail };
    return { ...state, warnings };
  }
  const warning: Warning = { kind, detail, firstAt: now, count: 1, ...(taskId !== undefined && { taskId }) };
  return { ...state, warnings: [...state.warnings, warning].slice(-MAX_WARNINGS) };
}

export function observe(state: BehaviourState, o: Observation, now = Date.now()): BehaviourState {
  switch (o.type) {
    case 'push': {
      const next = { ...state, pushMethods: { ...state.pushMethods, [o.method]: (state.pushMethods[o.method] ?? 0) + (o.count ?? 1) } };
      return o.unknownTask ? warn(next, 'unknown-task-push', `${o.method} for a task the server did not list`, now, o.taskId) : next;
    }
    case 'too-many-tasks':
      return warn(
        state,
        'too-many-tasks',
        `Pushes about ${o.ignored} new task(s) ignored: the page lists at most ${o.limit.toLocaleString()} tasks per server`,
        now,
      );
    case 'invalid-push':
      return warn(state, 'invalid-push', `${o.method} without a valid task (taskId and a known status are required)`, now);
    case 'rejected-update':
      if (o.reason === 'terminal-changed') {
        return warn(
          state,
          'terminal-changed',
          `A terminal status changed: ${o.held} → ${o.offered} (${o.source}); kept ${o.held}`,
          now,
          o.taskId,
        );
      }
      if (o.reason === 'stale') {
        return warn(
          state,
          'status-backwards',
          `An older state arrived after a newer one (${o.source}): ${o.offered} is older than ${o.held}; ignored`,
          now,
          o.taskId,
        );
      }
      return state;
    case 'result-early':
      return { ...state, earlyResult: { outcome: o.outcome, ...(o.message !== undefined && { message: o.message }) } };
    case 'result': {
      const next = { ...state, resultEnvelopes: { ...state.resultEnvelopes, [o.envelope]: (state.resultEnvelopes[o.envelope] ?? 0) + 1 } };
      if (o.envelope === 'invalid') return warn(next, 'invalid-result', o.detail ?? 'tasks/result did not validate', now, o.taskId);
      if (o.envelope === 'spec' && !o.relatedTaskMeta) {
        return warn(
          next,
          'missing-related-task-meta',
          'tasks/result did not carry _meta["io.modelcontextprotocol/related-task"]',
          now,
          o.taskId,
        );
      }
      return next;
    }
    case 'result-before-terminal':
      return warn(state, 'result-before-terminal', `tasks/result returned a result while the task was still ${o.status}`, now, o.taskId);
    case 'error': {
      const key = `${o.method} ${o.code}`;
      return { ...state, errorCodes: { ...state.errorCodes, [key]: (state.errorCodes[key] ?? 0) + 1 } };
    }
    case 'elicitation': {
      const next = { ...state, elicitations: state.elicitations + 1 };
      return o.relatedTaskId === undefined
        ? warn(next, 'missing-related-task-meta', 'elicitation/create without related-task _meta: it cannot be tied to a task', now)
        : next;
    }
    case 'modern':
      return state.modern ? state : { ...state, modern: true };
    case 'violation':
      return warn(state, 'rule-2026', o.detail, now, o.taskId);
    default: {
      const unknown: never = o;
      return unknown;
    }
  }
}

export type Dialect = 'modern' | 'spec' | 'seed' | 'mixed' | 'unknown';

/** Which dialect the server speaks, as far as the traffic shows; 2026-07-28 is known from the session itself. */
export function dialectOf(state: BehaviourState): Dialect {
  if (state.modern) return 'modern';
  const seed =
    Boolean(state.pushMethods['notifications/tasks/updated']) ||
    state.earlyResult?.outcome === 'refused' ||
    Boolean(state.resultEnvelopes.seed);
  const spec =
    Boolean(state.pushMethods['notifications/tasks/status']) ||
    state.earlyResult?.outcome === 'blocked' ||
    Boolean(state.resultEnvelopes.spec);
  return seed && spec ? 'mixed' : seed ? 'seed' : spec ? 'spec' : 'unknown';
}
