import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeSpec, type StdioSpec } from './bridge-config.js';

export type SpawnFn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

/** What the page is told about the process: started, a stderr line, exited (with its code or signal). */
export type ProcessEvent =
  | { type: 'start'; pid: number | undefined; command: string }
  | { type: 'stderr'; line: string }
  | { type: 'exit'; code: number | null; signal: string | null; error?: string };

const MAX_EVENTS = 500;
/** After its exit, how long a process's pipes may stay open before the exit is taken as final. */
const EXIT_GRACE_MS = 1000;
const MAX_HISTORY = 1000;
/** Characters of notifications kept for resumption at most (a server may send large ones). */
const MAX_HISTORY_CHARS = 32 * 1024 * 1024;
const MAX_LINE = 2000;
const MAX_BODY = 4 * 1024 * 1024;
/** How long a process lives on once no page follows it (a closed tab): then it is stopped. */
const ORPHAN_GRACE_MS = 15_000;

interface Pending {
  res: ServerResponse;
  waiting: Set<string>;
  answers: unknown[];
  batch: boolean;
}

const idKey = (id: unknown) => JSON.stringify(id);

function jsonError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * One stdio server process, bridged to the page as a Streamable HTTP endpoint by relaying JSON-RPC as it is (so every
 * protocol generation and dialect passes unchanged): a POST's requests are written to stdin and answered with their
 * responses from stdout; whatever the process sends on its own (notifications, elicitation requests) goes to the
 * GET stream, numbered so Last-Event-ID resumes it.
 */
/** Process groups: everywhere but Windows, where a detached process would get a console window of its own. */
const GROUPS = process.platform !== 'win32';

export class StdioProcess {
  readonly id = randomUUID();
  readonly command: string;
  private readonly child: ChildProcess;
  private readonly events: ProcessEvent[] = [];
  private readonly listeners = new Set<(event: ProcessEvent) => void>();
  private readonly pending = new Set<Pending>();
  private readonly history: Array<{ id: number; data: string }> = [];
  private nextEventId = 1;
  /** The newest event written to a GET stream: a GET without Last-Event-ID gets what came after it. */
  private delivered = 0;
  private getStream: ServerResponse | undefined;
  /** The start of a stdout line whose newline has not come yet, in the pieces it came in (joined once, at its end). */
  private stdoutParts: string[] = [];
  private stdoutPartsChars = 0;
  /** A stdout line over the limit is dropped up to its newline. */
  private stdoutDiscarding = false;
  /** The start of a stderr line (at most MAX_LINE characters of it are kept: that is all a line shows). */
  private stderrRest = '';
  /** Characters the notification history holds. */
  private historyChars = 0;
  /** Who waits in stop() for the exit. */
  private readonly gone: Array<() => void> = [];
  private exitedWith: Extract<ProcessEvent, { type: 'exit' }> | undefined;
  private orphanTimer: NodeJS.Timeout | undefined;

  constructor(
    spec: StdioSpec,
    spawn: SpawnFn,
    private readonly onGone: (process: StdioProcess) => void,
    private readonly orphanGraceMs = ORPHAN_GRACE_MS,
  ) {
    this.command = describeSpec(spec);
    this.child = spawn(spec.command, spec.args, {
      ...(spec.cwd !== undefined && { cwd: spec.cwd }),
      env: { ...process.env, ...spec.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
      // Its own process group, so that stopping it stops what it started too (`npx` runs the server as a child,
      // `sh -c` may too): killing the process alone left those running after Disconnect and after npm start ended.
      detached: GROUPS,
    });
    this.emit({ type: 'start', pid: this.child.pid, command: this.command });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.readStdout(chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.readStderr(chunk));
    this.child.stdin?.on('error', () => {}); // a write after exit: the exit event tells the page
    this.child.once('error', (error) => this.exited(null, null, error.message));
    this.child.once('close', (code, signal) => this.exited(code, signal));
    // 'close' also waits for the pipes, which a child of the process may hold open after it exited: a moment after
    // the exit, the exit is final anyway (and the pipes are let go).
    this.child.once('exit', (code, signal) => {
      setTimeout(() => {
        if (!this.running) return;
        this.child.stdout?.destroy();
        this.child.stderr?.destroy();
        this.exited(code, signal);
      }, EXIT_GRACE_MS).unref();
    });
    this.armOrphanTimer();
  }

  get running(): boolean {
    return this.exitedWith === undefined;
  }

  private emit(event: ProcessEvent): void {
    this.events.push(event);
    if (this.events.length > MAX_EVENTS) this.events.splice(1, this.events.length - MAX_EVENTS);
    for (const listener of this.listeners) listener(event);
  }

  /** Linear in the bytes: a chunk is searched for line ends once; a line longer than a line shows is cut as it comes. */
  private readStderr(chunk: string): void {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const line = (this.stderrRest + chunk.slice(start, Math.min(end, start + MAX_LINE))).replace(/\r$/, '');
      this.stderrRest = '';
      this.emit({ type: 'stderr', line: line.slice(0, MAX_LINE) });
      start = end + 1;
    }
    if (this.stderrRest.length < MAX_LINE) this.stderrRest += chunk.slice(start, start + MAX_LINE - this.stderrRest.length);
  }

  /** Linear in the bytes: a chunk is searched for line ends once, and a long line is joined once, when it ends. */
  private readStdout(chunk: string): void {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, end);
      start = end + 1;
      if (this.stdoutDiscarding) {
        this.stdoutDiscarding = false;
        continue;
      }
      const line = this.stdoutParts.length === 0 ? piece : this.stdoutParts.join('') + piece;
      this.stdoutParts = [];
      this.stdoutPartsChars = 0;
      this.readLine(line);
    }
    const rest = chunk.slice(start);
    if (!rest || this.stdoutDiscarding) return;
    this.stdoutParts.push(rest);
    this.stdoutPartsChars += rest.length;
    if (this.stdoutPartsChars > MAX_BODY * 4) {
      this.emit({ type: 'stderr', line: '(bridge) stdout sent a line over 16 MB without a newline: dropped' });
      this.stdoutParts = [];
      this.stdoutPartsChars = 0;
      this.stdoutDiscarding = true;
    }
  }

  private readLine(line: string): void {
    const text = line.trim();
    if (!text) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.emit({ type: 'stderr', line: `(stdout, not JSON-RPC) ${text.slice(0, MAX_LINE)}` });
      return;
    }
    this.fromProcess(message, text);
  }

  private fromProcess(message: unknown, text: string): void {
    const m = message as { id?: unknown; method?: unknown; result?: unknown; error?: unknown } | null;
    const isResponse = m !== null && typeof m === 'object' && m.method === undefined && (m.result !== undefined || m.error !== undefined);
    if (isResponse) {
      const key = idKey(m.id);
      for (const p of this.pending) {
        if (!p.waiting.delete(key)) continue;
        p.answers.push(message);
        if (p.waiting.size === 0) {
          this.pending.delete(p);
          if (!p.res.writableEnded) {
            p.res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': this.id, 'Cache-Control': 'no-store' });
            p.res.end(p.batch ? JSON.stringify(p.answers) : JSON.stringify(p.answers[0]));
          }
        }
        return;
      }
      return; // an answer nobody waits for any more (its POST was aborted)
    }
    const id = this.nextEventId++;
    this.history.push({ id, data: text });
    this.historyChars += text.length;
    // Kept for a GET stream's resumption: the newest ones, by count and by size.
    while (this.history.length > MAX_HISTORY || (this.historyChars > MAX_HISTORY_CHARS && this.history.length > 1)) {
      this.historyChars -= this.history.shift()?.data.length ?? 0;
    }
    if (this.getStream && !this.getStream.writableEnded) {
      this.getStream.write(`id: ${id}\nevent: message\ndata: ${text}\n\n`);
      this.delivered = id;
    }
  }

  private exited(code: number | null, signal: NodeJS.Signals | null, error?: string): void {
    if (this.exitedWith) return;
    for (const resolve of this.gone.splice(0)) resolve();
    if (this.stderrRest) this.emit({ type: 'stderr', line: this.stderrRest.slice(0, MAX_LINE) });
    this.stderrRest = '';
    this.exitedWith = { type: 'exit', code, signal, ...(error !== undefined && { error }) };
    const why = error ?? (signal ? `signal ${signal}` : `code ${String(code)}`);
    const tail = this.events
      .filter((e): e is Extract<ProcessEvent, { type: 'stderr' }> => e.type === 'stderr')
      .slice(-5)
      .map((e) => e.line)
      .join(' | ');
    for (const p of this.pending)
      jsonError(p.res, 502, `The server process exited (${why}) before answering.${tail ? ` stderr: ${tail}` : ''}`);
    this.pending.clear();
    this.getStream?.end();
    this.getStream = undefined;
    this.emit(this.exitedWith);
    this.listeners.clear();
    if (this.orphanTimer) clearTimeout(this.orphanTimer);
    // The page reads the exit from its event stream, then the process is forgotten.
    setTimeout(() => this.onGone(this), 60_000).unref();
  }

  /** No page follows the process: neither its events nor its notification stream are read. */
  private get orphaned(): boolean {
    return this.listeners.size === 0 && this.getStream === undefined;
  }

  /** A closed tab leaves no one to disconnect: a process whose page stopped listening is stopped after a grace. */
  private armOrphanTimer(): void {
    if (this.orphanTimer) clearTimeout(this.orphanTimer);
    this.orphanTimer = setTimeout(() => {
      if (this.orphaned) void this.stop();
    }, this.orphanGraceMs);
    this.orphanTimer.unref();
  }

  /** Signals the process's group (where there are groups), else the process alone. */
  private signal(signal: NodeJS.Signals, groupOnly = false): void {
    const pid = this.child.pid;
    if (GROUPS && pid !== undefined) {
      try {
        process.kill(-pid, signal);
        return;
      } catch {
        // the group is gone already
      }
    }
    if (!groupOnly) this.child.kill(signal);
  }

  /** SIGTERM, then SIGKILL if it is still there; resolves once it has exited (or could not be killed at all). */
  stop(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      this.gone.push(resolve);
      this.child.stdin?.end();
      this.signal('SIGTERM');
      setTimeout(() => {
        if (this.running) this.signal('SIGKILL');
        // What it started and left behind goes too, even once the process itself has exited.
        else this.signal('SIGKILL', true);
      }, 3000).unref();
      // A process that survives SIGKILL (uninterruptible sleep) does not hold up npm start's shutdown.
      setTimeout(resolve, 3000 + 2 * EXIT_GRACE_MS).unref();
    });
  }

  /** The page's Streamable HTTP requests for this process. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'DELETE') {
      await this.stop();
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('stopped');
      return;
    }
    if (!this.running) {
      jsonError(res, 404, `The server process has exited (${this.exitedWith?.error ?? `code ${String(this.exitedWith?.code)}`}).`);
      return;
    }
    if (req.method === 'GET') {
      if (!(req.headers.accept ?? '').includes('text/event-stream')) {
        res.writeHead(406, { 'Content-Type': 'text/plain' }).end('Accept text/event-stream');
        return;
      }
      this.getStream?.end();
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'Mcp-Session-Id': this.id });
      res.flushHeaders();
      const last = Number(req.headers['last-event-id']);
      const from = Number.isInteger(last) && last > 0 ? last : this.delivered;
      for (const event of this.history) if (event.id > from) res.write(`id: ${event.id}\nevent: message\ndata: ${event.data}\n\n`);
      this.delivered = Math.max(this.delivered, this.history.at(-1)?.id ?? 0);
      this.getStream = res;
      res.on('close', () => {
        if (this.getStream !== res) return;
        this.getStream = undefined;
        if (this.running && this.orphaned) this.armOrphanTimer();
      });
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST, DELETE', 'Content-Type': 'text/plain' }).end('GET, POST or DELETE');
      return;
    }
    const body = await readBody(req, MAX_BODY);
    if (body === undefined) {
      jsonError(res, 413, 'The request is over 4 MB.');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      jsonError(res, 400, 'The body is not JSON.');
      return;
    }
    const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
    const waiting = new Set<string>();
    for (const message of messages) {
      const m = message as { id?: unknown; method?: unknown } | null;
      if (m && typeof m.method === 'string' && m.id !== undefined && m.id !== null) waiting.add(idKey(m.id));
      this.child.stdin?.write(`${JSON.stringify(message)}\n`);
    }
    if (waiting.size === 0) {
      res.writeHead(202, { 'Mcp-Session-Id': this.id }).end();
      return;
    }
    const entry: Pending = { res, waiting, answers: [], batch: Array.isArray(parsed) };
    this.pending.add(entry);
    res.on('close', () => this.pending.delete(entry));
  }

  /** The process's events as NDJSON: all so far, then each as it happens, ending after the exit. */
  streamEvents(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    for (const event of this.events) res.write(`${JSON.stringify(event)}\n`);
    if (!this.running) {
      res.end();
      return;
    }
    res.flushHeaders();
    const listener = (event: ProcessEvent) => {
      res.write(`${JSON.stringify(event)}\n`);
      if (event.type === 'exit') res.end();
    };
    this.listeners.add(listener);
    if (this.orphanTimer) clearTimeout(this.orphanTimer);
    res.on('close', () => {
      this.listeners.delete(listener);
      if (this.running && this.orphaned) this.armOrphanTimer();
    });
  }
}
