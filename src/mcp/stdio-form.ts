import { configuredServers, STDIO_NAME, watchProcess, type ProcessEvent, type StdioLaunch } from './bridge-client';
import type { HeaderRow } from './connection-store';
import { ConnectionError } from './errors';

/** The connection form's fields for a stdio server. Environment values are secrets: kept in memory only. */
export interface StdioForm {
  /** A command line (`npx -y some-server`), or the name of a server configured with npm start. */
  command: string;
  args: string;
  cwd: string;
  env: HeaderRow[];
  /** Set by a deep link or a recent server: the command is a configured name, and is started only as one. */
  byName?: boolean;
}

export const emptyStdioForm = (): StdioForm => ({ command: '', args: '', cwd: '', env: [] });

/** What the page shows of the process: one line each. */
export interface ShownProcessEvent {
  key: number;
  kind: ProcessEvent['type'];
  text: string;
}

/** The server's identity in the page (cache, tabs, address bar): `stdio:<name>` for a configured server. */
export function stdioIdentity(form: StdioForm): string {
  const line = [form.command.trim(), form.args.trim()].filter(Boolean).join(' ');
  return line ? `stdio:${line}` : '';
}

/** The configured name an identity stands for (`stdio:everything`), if it is one: all a deep link may carry. */
export function stdioName(identity: string): string | undefined {
  const name = identity.startsWith('stdio:') ? identity.slice('stdio:'.length) : undefined;
  return name !== undefined && STDIO_NAME.test(name) ? name : undefined;
}

/**
 * What to ask the bridge to start. A configured name is started by name (the bridge starts only what npm start was
 * told for it); anything else is a command typed here, with its working directory and environment.
 */
export async function stdioLaunch(form: StdioForm, identity: string): Promise<StdioLaunch> {
  const command = form.command.trim();
  if (!command) {
    // A reload of a stdio connection keeps its identity, not the form: only a configured name is started from it, a
    // command line never runs unless typed into the form.
    const name = stdioName(identity);
    if (name) return { name };
    throw new ConnectionError('invalid-url', 'Enter the command of a stdio server, or the name of one configured with npm start.');
  }
  const plain = !form.args.trim() && !form.cwd.trim() && form.env.length === 0 && STDIO_NAME.test(command);
  if (form.byName && plain) return { name: command };
  if (plain && (await configuredServers()).some((s) => s.name === command)) return { name: command };
  const env: Record<string, string> = {};
  for (const row of form.env) if (row.name.trim()) env[row.name.trim()] = row.value;
  return { commandLine: [command, form.args.trim()].filter(Boolean).join(' '), ...(form.cwd.trim() && { cwd: form.cwd.trim() }), env };
}

let nextKey = 1;

function describe(event: ProcessEvent): string {
  if (event.type === 'start') return `started: ${event.command}${event.pid !== undefined ? ` (pid ${event.pid})` : ''}`;
  if (event.type === 'stderr') return event.line;
  if (event.error !== undefined) return `could not start: ${event.error}`;
  if (event.signal) return `exited: stopped by ${event.signal}`;
  return `exited with code ${String(event.code)}`;
}

/** Follows the process the bridge started, showing its events with the environment's values blanked out. */
export function watchStdioProcess(process: { id: string }, form: StdioForm, onEvents: (events: ShownProcessEvent[]) => void): void {
  const secrets = form.env.map((row) => row.value).filter((value) => value.length >= 3);
  watchProcess(process.id, (events) => {
    onEvents(
      events.map((event) => {
        let text = describe(event);
        for (const secret of secrets) text = text.split(secret).join('••••');
        return { key: nextKey++, kind: event.type, text };
      }),
    );
  });
}
