/**
 * The session file: one JSON document with a server's tasks (and their timelines), the results this page holds for
 * them, what Server behaviour saw, and the protocol log, every credential redacted (lib/redact.ts, the code that
 * keeps them out of the log). `parseSessionFile` reads one back, checking every part: a file is untrusted input.
 */
import { redactSecrets, textMayHoldSecret } from '../../lib/redact';
import type { LogEntry } from '../../mcp/protocol-log';
import type { BehaviourState } from '../../tasks/behaviour';
import { EMPTY_BEHAVIOUR } from '../../tasks/behaviour';
import type { FetchedResult } from '../../tasks/result';
import type { TaskEntry } from '../../tasks/task-cache';

const SESSION_FORMAT = 'taskdeck-session';
const SESSION_VERSION = 1;
/** A session file larger than this is not opened. */
export const MAX_SESSION_FILE_BYTES = 200 * 1024 * 1024;
/** At most this many tasks are read from a file. */
const MAX_SESSION_TASKS = 50_000;

interface SessionResult {
  taskId: string;
  fetchedAt: number;
  /** The result as JSON text, redacted. */
  json: string;
}

export interface SessionFile {
  format: typeof SESSION_FORMAT;
  version: typeof SESSION_VERSION;
  exportedAt: string;
  serverUrl: string;
  tasks: TaskEntry[];
  results: SessionResult[];
  behaviour: BehaviourState;
  protocolLog: { entries: LogEntry[]; dropped: number; truncated: number };
}

export interface SessionSources {
  serverUrl: string;
  tasks: readonly TaskEntry[];
  results: readonly FetchedResult[];
  behaviour: BehaviourState | undefined;
  log: { entries: readonly LogEntry[]; dropped: number; truncated: number };
  /** Every credential of the connection (bearer token, header values, environment values, OAuth tokens). */
  secrets: readonly string[];
  now?: number;
}

function resultJson(result: FetchedResult, secrets: readonly string[]): string {
  // A large result is held as its JSON text: parsed only when it may hold a secret.
  if (typeof result.text === 'string') {
    if (secrets.length === 0 || !textMayHoldSecret(result.text, secrets)) return result.text;
    return JSON.stringify(redactSecrets(JSON.parse(result.text) as unknown, secrets));
  }
  return JSON.stringify(redactSecrets(result.raw, secrets)) ?? 'null';
}

/** The session file's text, every secret redacted. */
export function buildSessionFile(sources: SessionSources): string {
  const secrets = sources.secrets.filter((s) => s !== '');
  const file: SessionFile = {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    exportedAt: new Date(sources.now ?? Date.now()).toISOString(),
    serverUrl: sources.serverUrl,
    tasks: [...sources.tasks],
    results: sources.results.map((r) => ({ taskId: r.taskId, fetchedAt: r.fetchedAt, json: resultJson(r, secrets) })),
    behaviour: sources.behaviour ?? EMPTY_BEHAVIOUR,
    protocolLog: { entries: [...sources.log.entries], dropped: sources.log.dropped, truncated: sources.log.truncated },
  };
  // Everything but the result texts goes through the redaction once more (a task's message could quote a token).
  const redacted = redactSecrets({ ...file, results: [] }, secrets);
  const results = file.results;
  return JSON.stringify({ ...redacted, results }, null, 1);
}

export class SessionFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionFileError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const SOURCES = new Set(['create', 'watch', 'push', 'poll', 'list', 'cancel', 'expiry', 'kept', 'registry']);

function readTask(value: unknown, at: number): TaskEntry {
  const where = `task ${at + 1}`;
  if (!isRecord(value) || !isRecord(value.task)) throw new SessionFileError(`The file's ${where} is not a task.`);
  const t = value.task;
  if (typeof t.taskId !== 'string' || t.taskId === '' || t.taskId.length > 1000)
    throw new SessionFileError(`The file's ${where} has no valid taskId.`);
  if (typeof t.status !== 'string' || !STATUSES.has(t.status)) throw new SessionFileError(`The file's ${where} has an unknown status.`);
  if (typeof t.createdAt !== 'string' || typeof t.lastUpdatedAt !== 'string')
    throw new SessionFileError(`The file's ${where} has no times.`);
  if (t.statusMessage !== undefined && typeof t.statusMessage !== 'string')
    throw new SessionFileError(`The file's ${where} has a statusMessage that is not text.`);
  const history = Array.isArray(value.history) ? value.history.filter(isRecord) : [];
  const source = typeof value.lastSource === 'string' && SOURCES.has(value.lastSource) ? value.lastSource : 'list';
  const entry: TaskEntry = {
    task: {
      taskId: t.taskId,
      status: t.status as TaskEntry['task']['status'],
      createdAt: t.createdAt,
      lastUpdatedAt: t.lastUpdatedAt,
      ttl: typeof t.ttl === 'number' ? t.ttl : null,
      ...(typeof t.pollInterval === 'number' && { pollInterval: t.pollInterval }),
      ...(typeof t.statusMessage === 'string' && { statusMessage: t.statusMessage }),
    },
    origin: source as TaskEntry['origin'],
    lastSource: source as TaskEntry['lastSource'],
    receivedAt: typeof value.receivedAt === 'number' ? value.receivedAt : 0,
    generation: 0,
    history: history.filter((h) => typeof h.status === 'string' && typeof h.at === 'number') as unknown as TaskEntry['history'],
    ...(typeof value.toolName === 'string' && { toolName: value.toolName }),
    ...(isRecord(value.expired) &&
      typeof value.expired.at === 'number' &&
      typeof value.expired.reason === 'string' && { expired: { at: value.expired.at, reason: value.expired.reason } }),
  };
  return entry;
}

function readResult(value: unknown, at: number): SessionResult {
  if (!isRecord(value) || typeof value.taskId !== 'string' || typeof value.json !== 'string')
    throw new SessionFileError(`The file's result ${at + 1} is not a result.`);
  return { taskId: value.taskId, fetchedAt: typeof value.fetchedAt === 'number' ? value.fetchedAt : 0, json: value.json };
}

function readLogEntry(value: unknown): LogEntry | undefined {
  if (!isRecord(value) || typeof value.method !== 'string' || (value.direction !== 'in' && value.direction !== 'out')) return undefined;
  return {
    seq: typeof value.seq === 'number' ? value.seq : 0,
    time: typeof value.time === 'number' ? value.time : 0,
    direction: value.direction,
    kind: typeof value.kind === 'string' ? (value.kind as LogEntry['kind']) : 'invalid',
    method: value.method,
    size: typeof value.size === 'number' ? value.size : 0,
    message: value.message,
  };
}

function counts(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (typeof v === 'number') out[k] = v;
  return out;
}

function readBehaviour(value: unknown): BehaviourState {
  if (!isRecord(value)) return EMPTY_BEHAVIOUR;
  const warnings = Array.isArray(value.warnings)
    ? value.warnings.filter(
        (w): w is BehaviourState['warnings'][number] =>
          isRecord(w) &&
          typeof w.kind === 'string' &&
          typeof w.detail === 'string' &&
          typeof w.count === 'number' &&
          typeof w.firstAt === 'number',
      )
    : [];
  return {
    pushMethods: counts(value.pushMethods),
    resultEnvelopes: counts(value.resultEnvelopes),
    errorCodes: counts(value.errorCodes),
    elicitations: typeof value.elicitations === 'number' ? value.elicitations : 0,
    ...(value.modern === true && { modern: true }),
    warnings,
  };
}

/** Reads a session file's text, checking its shape; throws a SessionFileError saying what is wrong. */
export function parseSessionFile(text: string): SessionFile {
  if (text.length > MAX_SESSION_FILE_BYTES)
    throw new SessionFileError(`The file is larger than ${MAX_SESSION_FILE_BYTES / 1024 / 1024} MB.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SessionFileError('The file is not JSON: it is not a Taskdeck session file.');
  }
  if (!isRecord(value) || value.format !== SESSION_FORMAT) throw new SessionFileError('The file is not a Taskdeck session file.');
  if (value.version !== SESSION_VERSION)
    throw new SessionFileError(`The file's version (${String(value.version).slice(0, 20)}) is not one this page reads.`);
  if (typeof value.serverUrl !== 'string') throw new SessionFileError('The file does not say which server it came from.');
  if (!Array.isArray(value.tasks)) throw new SessionFileError('The file has no task list.');
  if (value.tasks.length > MAX_SESSION_TASKS) throw new SessionFileError(`The file lists more than ${MAX_SESSION_TASKS} tasks.`);
  const tasks = value.tasks.map(readTask);
  const results = Array.isArray(value.results) ? value.results.map(readResult) : [];
  const log = isRecord(value.protocolLog) ? value.protocolLog : {};
  const entries = Array.isArray(log.entries) ? log.entries.map(readLogEntry).filter((e): e is LogEntry => e !== undefined) : [];
  const behaviour = readBehaviour(value.behaviour);
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    exportedAt: typeof value.exportedAt === 'string' ? value.exportedAt : '',
    serverUrl: value.serverUrl,
    tasks,
    results,
    behaviour,
    protocolLog: {
      entries,
      dropped: typeof log.dropped === 'number' ? log.dropped : 0,
      truncated: typeof log.truncated === 'number' ? log.truncated : 0,
    },
  };
}
