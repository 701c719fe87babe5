import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** A process the bridge may start: what `--server` and an mcp.json entry name, and what the page may type. */
export interface StdioSpec {
  command: string;
  args: string[];
  cwd?: string;
  /** Added to the bridge's own environment. Values are secrets: never logged, never sent back to the page. */
  env?: Record<string, string>;
}

/** A configured server's name: a deep link may name one, so it is a plain word (never a command line). */
export const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Splits a command line the way a POSIX shell splits words (quotes and backslashes; no variables, globs or pipes:
 * nothing is run through a shell).
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line.charAt(++i);
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line.charAt(++i);
      started = true;
    } else if (/\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (quote) throw new Error(`Unclosed ${quote} in: ${line}`);
  if (started) words.push(word);
  return words;
}

/** `name=command args…` from `--server`. */
export function parseServerFlag(flag: string): [string, StdioSpec] {
  const eq = flag.indexOf('=');
  const name = eq > 0 ? flag.slice(0, eq).trim() : '';
  if (!SERVER_NAME.test(name))
    throw new Error(`--server wants name="command args" with a plain name (letters, digits, . _ -); got: ${flag}`);
  const [command, ...args] = splitCommandLine(flag.slice(eq + 1));
  if (!command) throw new Error(`--server ${name}: the command is empty`);
  return [name, { command, args }];
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/**
 * The stdio servers of a config file in the Inspector's (and Claude Desktop's) shape:
 * `{ "mcpServers": { "name": { "command": "…", "args": [], "env": {}, "cwd": "…" } } }`. Entries with a `url` (HTTP
 * servers) are skipped and named in `skipped`; a relative cwd is read from the file's folder.
 */
export async function readConfigFile(path: string): Promise<{ servers: Array<[string, StdioSpec]>; skipped: string[] }> {
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const entries = (parsed as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) throw new Error(`${path} has no "mcpServers" object`);
  const servers: Array<[string, StdioSpec]> = [];
  const skipped: string[] = [];
  for (const [name, entry] of Object.entries(entries as Record<string, unknown>)) {
    if (!SERVER_NAME.test(name)) throw new Error(`${path}: "${name}" is not a plain name (letters, digits, . _ -)`);
    const e = entry as { command?: unknown; args?: unknown; env?: unknown; cwd?: unknown } | null;
    if (typeof e?.command !== 'string' || !e.command) {
      skipped.push(name);
      continue;
    }
    const args = e.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
      throw new Error(`${path}: ${name}.args must be a list of strings`);
    if (e.env !== undefined && !isStringRecord(e.env)) throw new Error(`${path}: ${name}.env must map names to strings`);
    if (e.cwd !== undefined && typeof e.cwd !== 'string') throw new Error(`${path}: ${name}.cwd must be a string`);
    servers.push([
      name,
      {
        command: e.command,
        args,
        ...(e.env !== undefined && { env: e.env }),
        ...(typeof e.cwd === 'string' && { cwd: resolve(dirname(path), e.cwd) }),
      },
    ]);
  }
  return { servers, skipped };
}

/** How a process is shown: its command line, never its environment's values. */
export function describeSpec(spec: StdioSpec): string {
  const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);
  return [spec.command, ...spec.args].map(quote).join(' ');
}
