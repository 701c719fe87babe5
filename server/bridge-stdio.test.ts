/**
 * The bridge's side of one stdio process, with real processes: it stops even when a child of the process keeps the
 * pipes open, and it reads long lines once, dropping one over the limit without misreading its tail.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioProcess, type ProcessEvent } from './bridge-stdio.js';

/** Collects what streamEvents writes (the NDJSON lines), standing in for the page's HTTP response. */
function eventSink(): { res: ServerResponse; events: ProcessEvent[] } {
  const events: ProcessEvent[] = [];
  const res = {
    writeHead: () => res,
    flushHeaders: () => {},
    write: (text: string) => {
      for (const line of text.split('\n')) if (line) events.push(JSON.parse(line) as ProcessEvent);
      return true;
    },
    end: () => res,
    on: () => res,
  };
  return { res: res as unknown as ServerResponse, events };
}

const started: StdioProcess[] = [];
const strays: number[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function start(script: string): { process: StdioProcess; events: ProcessEvent[] } {
  const p = new StdioProcess({ command: 'sh', args: ['-c', script] }, spawn, () => {});
  started.push(p);
  const { res, events } = eventSink();
  p.streamEvents(res);
  return { process: p, events };
}

/** Whether a process is still there (signal 0 only checks); a zombie left for its parent to reap counts as gone. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

const stderrLines = (events: ProcessEvent[]) => events.flatMap((e) => (e.type === 'stderr' ? [e.line] : []));

describe('a stdio process on the bridge', () => {
  it('stops, with what it started, and says it exited, even when a child of it keeps the pipes open', async () => {
    const { process: p, events } = start('sleep 30 & echo "grandchild $!" >&2; wait');
    await vi.waitFor(() => expect(stderrLines(events).some((l) => l.startsWith('grandchild '))).toBe(true), { timeout: 10_000 });
    const pid = Number(
      stderrLines(events)
        .find((l) => l.startsWith('grandchild '))
        ?.slice('grandchild '.length),
    );
    expect(pid).toBeGreaterThan(0);
    strays.push(pid);
    await p.stop();
    expect(p.running).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'exit', signal: 'SIGTERM' });
    // What the process started is stopped with it (an `npx` server's node, a shell's command).
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 10_000 });
  }, 20_000);

  it('drops a stdout line over 16 MB up to its newline, then reads the next line as usual', async () => {
    // 20 MB without a newline, written in pieces, then a line that is not JSON-RPC.
    const { process: p, events } = start(
      `node -e "const s='x'.repeat(1<<20); for (let i=0;i<20;i++) process.stdout.write(s); process.stdout.write('\\\\nafter\\\\n'); setInterval(()=>{},1000)"`,
    );
    await vi.waitFor(() => expect(stderrLines(events)).toContain('(stdout, not JSON-RPC) after'), { timeout: 15_000 });
    const lines = stderrLines(events);
    expect(lines).toContain('(bridge) stdout sent a line over 16 MB without a newline: dropped');
    // The dropped line's tail is not read as a line of its own.
    expect(lines.filter((l) => l.startsWith('(stdout, not JSON-RPC)'))).toEqual(['(stdout, not JSON-RPC) after']);
    await p.stop();
  }, 30_000);

  it('keeps at most a line’s worth of a stderr line that never ends', async () => {
    const { process: p, events } = start(
      `node -e "process.stderr.write('e'.repeat(3_000_000)); process.stderr.write('\\\\nnext\\\\n'); setInterval(()=>{},1000)"`,
    );
    await vi.waitFor(() => expect(stderrLines(events)).toContain('next'), { timeout: 15_000 });
    const long = stderrLines(events).find((l) => l.startsWith('e'));
    expect(long).toBe('e'.repeat(2000));
    await p.stop();
  }, 30_000);
});
