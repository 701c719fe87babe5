/**
 * The tasks this browser remembers per server: every task started or watched from the page, with its last known
 * state, so it is listed again after a reload whether or not the server can list its tasks (the 2026-07-28 tasks
 * extension has no tasks/list: a client keeps its own list of task ids). Generation-agnostic: it stores our Task
 * shape, whichever protocol generation produced it.
 *
 * Writes are behind: changes collect in memory and go to storage in one transaction per flush (a new task or a
 * new status soon, other changes at most once a second), so a server pushing thousands of statuses costs one small write a second,
 * not one per push. Every storage failure is reported (onError), never swallowed.
 */
import { serverIdentity, withoutUserinfo } from '../mcp/errors';
import { stdioName } from '../mcp/stdio-form';
import { messageOf } from '../lib/errors';
import { isTerminal } from './status';
import { timeOf, type Task } from './task';

export interface RememberedTask {
  /** The server's identity (registryKey): its URL, normalised, without user:password@. */
  serverKey: string;
  taskId: string;
  /** The last known state. */
  task: Task;
  toolName?: string;
  /**
   * The arguments the page started it with (tools/call), for Re-run; absent for a task started elsewhere. They may
   * hold secrets: kept here (IndexedDB) and nowhere else.
   */
  arguments?: Record<string, unknown>;
  /** Set instead of `arguments` when they were too large to keep. */
  argumentsTooLarge?: true;
  /** Set once the server said it no longer knows the task. */
  expired?: { at: number; reason: string };
  /** When this browser started remembering it (local clock, ms). */
  rememberedAt: number;
  /** When its remembered state last changed (local clock, ms): the eviction order. */
  changedAt: number;
}

export interface RegistryKey {
  serverKey: string;
  taskId: string;
}

/** Where remembered tasks are stored (IndexedDB in the browser: registry-idb.ts; a Map in tests). */
export interface RegistryBackend {
  load(serverKey: string): Promise<RememberedTask[]>;
  /** One write, all or nothing: these records put, these keys deleted. */
  write(puts: readonly RememberedTask[], deletes: readonly RegistryKey[]): Promise<void>;
}

/** What else is known about a task besides its state. */
export interface TaskDetails {
  toolName?: string;
  /** The arguments it was started with (only when the page started it). */
  arguments?: Record<string, unknown>;
  expired?: { at: number; reason: string };
}

/** What the registry knows of the arguments a task was started with. */
export type StartArguments =
  { kind: 'known'; toolName: string; arguments: Record<string, unknown> } | { kind: 'too-large'; toolName: string } | { kind: 'unknown' };

/** Tasks remembered per server at most; past it the oldest ended ones go first, then the oldest of the rest. */
const MAX_REMEMBERED_PER_SERVER = 5_000;
/** A statusMessage is remembered up to this many characters (a server may send megabytes of it). */
const MAX_MESSAGE_CHARS = 4_000;
/** A task's arguments are remembered up to this size as JSON (a tool may take a document as an argument). */
const MAX_ARGUMENTS_CHARS = 256_000;
/**
 * A newly remembered (or forgotten) task, and a change of status (a few per task), are written this soon: a reload
 * right after loses nothing.
 */
const SOON_MS = 0;
/** Other changes (statusMessage, times: what a busy server pushes all the time) are written at most this often. */
const STATE_DELAY_MS = 1_000;

/** FNV-1a, 64 bits, as 16 hex digits: a stable name for a text that is not to be stored as it is. */
function fingerprint(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = BigInt.asUintN(64, (hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

/**
 * The server identity tasks are remembered under: the URL normalised, without credentials. A stdio command typed
 * into the form may carry a secret in its arguments (`--api-key …`): it is remembered under its program's name and a
 * fingerprint of the whole line, never the line itself; a server configured with npm start by its name.
 */
export function registryKey(serverUrl: string): string {
  if (serverUrl.startsWith('stdio:') && stdioName(serverUrl) === undefined) {
    const line = serverUrl.slice('stdio:'.length).trim();
    const program = (line.split(/\s/, 1)[0] ?? '').split(/[\\/]/).pop() ?? '';
    return `stdio-command:${program.slice(0, 64)}#${fingerprint(line)}`;
  }
  return serverIdentity(withoutUserinfo(serverUrl));
}

/**
 * Which remembered tasks to drop so at most `cap` remain: ended ones (terminal or expired) first, each group oldest
 * change first. Pure; sorts only when over the cap.
 */
export function chooseRegistryEvictions(records: Iterable<RememberedTask>, cap: number): RememberedTask[] {
  const all = [...records];
  const excess = all.length - cap;
  if (excess <= 0) return [];
  const ended = (r: RememberedTask) => (r.expired !== undefined || isTerminal(r.task.status) ? 0 : 1);
  all.sort((a, b) => ended(a) - ended(b) || a.changedAt - b.changedAt);
  return all.slice(0, excess);
}

/** The arguments as remembered: themselves, or a mark that they were too large (or could not be measured). */
function argumentsRecord(args: Record<string, unknown> | undefined): Pick<RememberedTask, 'arguments' | 'argumentsTooLarge'> {
  if (args === undefined) return {};
  let size: number;
  try {
    size = JSON.stringify(args).length;
  } catch {
    size = Infinity;
  }
  return size <= MAX_ARGUMENTS_CHARS ? { arguments: args } : { argumentsTooLarge: true };
}

function bounded(task: Task): Task {
  const message = task.statusMessage;
  if (message === undefined || message.length <= MAX_MESSAGE_CHARS) return task;
  return { ...task, statusMessage: `${message.slice(0, MAX_MESSAGE_CHARS)}…` };
}

function sameState(a: RememberedTask, task: Task, details: TaskDetails): boolean {
  const t = a.task;
  return (
    t.status === task.status &&
    t.statusMessage === task.statusMessage &&
    t.lastUpdatedAt === task.lastUpdatedAt &&
    t.createdAt === task.createdAt &&
    t.ttl === task.ttl &&
    t.pollInterval === task.pollInterval &&
    (details.toolName === undefined || details.toolName === a.toolName) &&
    details.arguments === undefined &&
    (details.expired === undefined) === (a.expired === undefined)
  );
}

/** Whether an incoming state is older than the one remembered (the task-cache rules, in short). */
function isOlder(held: Task, incoming: Task): boolean {
  if (isTerminal(held.status) && incoming.status !== held.status) return true;
  const h = timeOf(held.lastUpdatedAt);
  const i = timeOf(incoming.lastUpdatedAt);
  return !Number.isNaN(h) && !Number.isNaN(i) && i < h;
}

interface ServerRecords {
  records: Map<string, RememberedTask>;
  /** Changed since the last write. */
  dirty: Set<string>;
  /** Forgotten in this page: a load that lands later does not bring them back. */
  forgotten: Set<string>;
  /** Forgotten and not yet deleted from storage. */
  deletes: Set<string>;
  loading: Promise<void> | undefined;
  loaded: boolean;
}

export interface RegistryOptions {
  cap?: number;
  now?: () => number;
  /** Runs `fn` after `ms` (setTimeout by default); returns a cancel. */
  schedule?: (fn: () => void, ms: number) => () => void;
  /** A storage failure (a sentence for the user), or undefined once storage works again. */
  onError?: (message: string | undefined) => void;
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

export class TaskRegistry {
  private readonly servers = new Map<string, ServerRecords>();
  private readonly cap: number;
  private readonly now: () => number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  private readonly onError: (message: string | undefined) => void;
  private timer: { cancel: () => void; dueAt: number } | undefined;
  private writing: Promise<void> | undefined;
  private again = false;
  private lastError: string | undefined;

  constructor(
    private readonly backend: RegistryBackend,
    options: RegistryOptions = {},
  ) {
    this.cap = options.cap ?? MAX_REMEMBERED_PER_SERVER;
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? defaultSchedule;
    this.onError = options.onError ?? (() => {});
  }

  /** Remembers a task (started or watched here) with its state; a task already remembered is updated. */
  rememberTask(serverUrl: string, task: Task, details: TaskDetails = {}): void {
    const key = registryKey(serverUrl);
    const server = this.serverOf(key);
    server.forgotten.delete(task.taskId);
    server.deletes.delete(task.taskId);
    const held = server.records.get(task.taskId);
    if (held) {
      this.apply(server, held, task, details, false);
    } else {
      const now = this.now();
      server.records.set(task.taskId, {
        serverKey: key,
        taskId: task.taskId,
        task: bounded(task),
        ...(details.toolName !== undefined && { toolName: details.toolName }),
        ...argumentsRecord(details.arguments),
        ...(details.expired !== undefined && { expired: details.expired }),
        rememberedAt: now,
        changedAt: now,
      });
      server.dirty.add(task.taskId);
    }
    this.requestFlush(SOON_MS);
  }

  /**
   * A newer state of a task, if it is remembered (anything else is ignored: cheap to call for every update). An
   * older state than the one remembered is ignored too, unless `authoritative` (the caller already applied the
   * rules, as the task list in the cache has).
   */
  updateTask(serverUrl: string, task: Task, details: TaskDetails = {}, authoritative = false): void {
    const server = this.servers.get(registryKey(serverUrl));
    const held = server?.records.get(task.taskId);
    if (!server || !held) return;
    const change = this.apply(server, held, task, details, authoritative);
    if (change) this.requestFlush(change === 'status' ? SOON_MS : STATE_DELAY_MS);
  }

  /** Stops remembering a task; resolves once storage has it deleted, rejects (and reports) when it could not. */
  async forgetTask(serverUrl: string, taskId: string): Promise<void> {
    const server = this.serverOf(registryKey(serverUrl));
    server.records.delete(taskId);
    server.dirty.delete(taskId);
    server.forgotten.add(taskId);
    server.deletes.add(taskId);
    await this.flush();
    if (server.deletes.has(taskId)) throw new Error(this.lastError ?? 'Could not forget the task.');
  }

  /** The arguments the task was started with, once the server's remembered tasks are loaded. */
  async startArguments(serverUrl: string, taskId: string): Promise<StartArguments> {
    const key = registryKey(serverUrl);
    const server = this.serverOf(key);
    // Storage that cannot be read (reported already) still leaves what this page remembered.
    await this.ensureLoaded(key, server).catch(() => {});
    const record = server.records.get(taskId);
    if (!record?.toolName) return { kind: 'unknown' };
    if (record.arguments) return { kind: 'known', toolName: record.toolName, arguments: record.arguments };
    return record.argumentsTooLarge ? { kind: 'too-large', toolName: record.toolName } : { kind: 'unknown' };
  }

  isRemembered(serverUrl: string, taskId: string): boolean {
    return this.servers.get(registryKey(serverUrl))?.records.has(taskId) ?? false;
  }

  /** The ids remembered for a server in this page (what has been loaded or remembered so far). */
  rememberedIds(serverUrl: string): IterableIterator<string> {
    return (this.servers.get(registryKey(serverUrl))?.records ?? new Map<string, RememberedTask>()).keys();
  }

  /** Every task remembered for a server (stored ones merged with this page's newer changes). */
  async loadTasks(serverUrl: string): Promise<RememberedTask[]> {
    const server = this.serverOf(registryKey(serverUrl));
    await this.ensureLoaded(registryKey(serverUrl), server);
    return [...server.records.values()];
  }

  /** Writes every pending change now (also used when the page is hidden or unloads). Failures are reported. */
  flush(): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    if (this.writing) {
      this.again = true;
      return this.writing;
    }
    this.writing = this.writeAll().finally(() => {
      this.writing = undefined;
      if (this.again) {
        this.again = false;
        void this.flush();
      }
    });
    return this.writing;
  }

  private serverOf(key: string): ServerRecords {
    let server = this.servers.get(key);
    if (!server) {
      server = { records: new Map(), dirty: new Set(), forgotten: new Set(), deletes: new Set(), loading: undefined, loaded: false };
      this.servers.set(key, server);
    }
    return server;
  }

  private ensureLoaded(key: string, server: ServerRecords): Promise<void> {
    server.loading ??= this.backend.load(key).then(
      (stored) => {
        for (const record of stored) {
          if (server.forgotten.has(record.taskId)) continue;
          const held = server.records.get(record.taskId);
          // Remembered in this page before the load landed: this page's state is the newer one.
          if (held) held.rememberedAt = Math.min(held.rememberedAt, record.rememberedAt);
          else server.records.set(record.taskId, record);
        }
        server.loaded = true;
      },
      (error: unknown) => {
        // Tried again at the next load.
        server.loading = undefined;
        const message = `Could not read the tasks this browser remembers for ${key}: ${messageOf(error)}`;
        this.report(message);
        throw new Error(message);
      },
    );
    return server.loading;
  }

  /** Applies a state to a remembered task: whether its status (or expiry) changed, something else, or nothing. */
  private apply(
    server: ServerRecords,
    held: RememberedTask,
    task: Task,
    details: TaskDetails,
    authoritative: boolean,
  ): 'status' | 'state' | undefined {
    const incoming = bounded(task);
    if (sameState(held, incoming, details)) return undefined;
    if (!authoritative && !details.expired && isOlder(held.task, incoming)) return undefined;
    const statusChanged = held.task.status !== incoming.status || (details.expired !== undefined) !== (held.expired !== undefined);
    const next: RememberedTask = { ...held, task: incoming, changedAt: this.now() };
    if (details.toolName !== undefined) next.toolName = details.toolName;
    if (details.arguments !== undefined) Object.assign(next, argumentsRecord(details.arguments));
    if (details.expired !== undefined) next.expired = details.expired;
    else if (authoritative) delete next.expired;
    server.records.set(held.taskId, next);
    server.dirty.add(held.taskId);
    return statusChanged ? 'status' : 'state';
  }

  private requestFlush(delay: number): void {
    const dueAt = this.now() + delay;
    if (this.timer && this.timer.dueAt <= dueAt) return;
    this.timer?.cancel();
    this.timer = { cancel: this.schedule(() => void this.flush(), delay), dueAt };
  }

  private async writeAll(): Promise<void> {
    const puts: RememberedTask[] = [];
    const deletes: RegistryKey[] = [];
    const taken: Array<{ server: ServerRecords; dirty: string[]; deletes: string[] }> = [];
    for (const [key, server] of this.servers) {
      if (server.dirty.size === 0 && server.deletes.size === 0) continue;
      // The cap needs every stored record in memory: a server's first write waits for its load.
      if (!server.loaded) await this.ensureLoaded(key, server).catch(() => {});
      for (const evicted of server.loaded ? chooseRegistryEvictions(server.records.values(), this.cap) : []) {
        server.records.delete(evicted.taskId);
        server.dirty.delete(evicted.taskId);
        server.deletes.add(evicted.taskId);
      }
      const dirty = [...server.dirty];
      const gone = [...server.deletes];
      server.dirty.clear();
      for (const id of dirty) {
        const record = server.records.get(id);
        if (record) puts.push(record);
      }
      for (const id of gone) deletes.push({ serverKey: key, taskId: id });
      taken.push({ server, dirty, deletes: gone });
    }
    if (puts.length === 0 && deletes.length === 0) return;
    try {
      await this.backend.write(puts, deletes);
      for (const t of taken) for (const id of t.deletes) t.server.deletes.delete(id);
      if (this.lastError !== undefined) this.report(undefined);
    } catch (error) {
      // Kept as changed: written with the next change, or by the next flush.
      for (const t of taken) for (const id of t.dirty) if (t.server.records.has(id)) t.server.dirty.add(id);
      this.report(messageOf(error));
    }
  }

  private report(message: string | undefined): void {
    this.lastError = message;
    this.onError(message);
  }
}
