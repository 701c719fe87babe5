import { describe, expect, it } from 'vitest';
import { EMPTY_BEHAVIOUR } from '../../tasks/behaviour';
import type { FetchedResult } from '../../tasks/result';
import type { TaskEntry } from '../../tasks/task-cache';
import { buildSessionFile, MAX_SESSION_FILE_BYTES, parseSessionFile, SessionFileError } from './session-file';

const TOKEN = 'tok-Secret"Bearer\\value-123';
const HEADER = 'hdr-value-9f8e7d';

const entry: TaskEntry = {
  task: {
    taskId: 'task-1',
    status: 'completed',
    createdAt: '2026-01-01T00:00:00Z',
    lastUpdatedAt: '2026-01-01T00:00:05Z',
    ttl: null,
    statusMessage: `done with ${HEADER}`,
  },
  toolName: 'echo',
  origin: 'create',
  lastSource: 'poll',
  receivedAt: 5,
  generation: 1,
  history: [
    { at: 1, status: 'working', source: 'create' },
    { at: 5, status: 'completed', source: 'poll' },
  ],
};

const result = (raw: unknown): FetchedResult => ({
  taskId: 'task-1',
  raw,
  parsed: { kind: 'invalid', error: 'unused' },
  fetchedAt: 9,
  size: 1,
});

function build(results: FetchedResult[]) {
  return buildSessionFile({
    serverUrl: 'http://127.0.0.1:1/mcp',
    tasks: [entry],
    results,
    behaviour: { ...EMPTY_BEHAVIOUR, pushMethods: { 'notifications/tasks/status': 2 } },
    log: {
      entries: [
        {
          seq: 1,
          time: 1,
          direction: 'out',
          kind: 'request',
          method: 'tools/call',
          size: 10,
          message: { params: { headers: { Authorization: `Bearer ${TOKEN}`, 'X-Key': HEADER } } },
        },
      ],
      dropped: 0,
      truncated: 0,
    },
    secrets: [TOKEN, HEADER],
    now: 0,
  });
}

describe('buildSessionFile', () => {
  it('never holds the bearer token nor a header value, wherever they were', () => {
    const text = build([result({ content: [{ type: 'text', text: `echo ${TOKEN} and ${HEADER}` }] })]);
    expect(text).not.toContain(HEADER);
    expect(text).not.toContain('tok-Secret');
    expect(text).not.toContain(JSON.stringify(TOKEN).slice(1, -1));
    expect(text).toContain('[redacted]');
  });

  it('redacts a large result held as JSON text', () => {
    const big: FetchedResult = { ...result(undefined), text: JSON.stringify({ content: [{ type: 'text', text: `x ${HEADER}` }] }) };
    const text = build([big]);
    expect(text).not.toContain(HEADER);
  });

  it('round-trips through parseSessionFile with tasks, timelines, results, behaviour and log', () => {
    const file = parseSessionFile(build([result({ content: [{ type: 'text', text: 'hello' }] })]));
    expect(file.serverUrl).toBe('http://127.0.0.1:1/mcp');
    expect(file.tasks.map((t) => t.task.taskId)).toEqual(['task-1']);
    expect(file.tasks[0]?.history.map((h) => h.status)).toEqual(['working', 'completed']);
    expect(JSON.parse(file.results[0]?.json ?? 'null')).toEqual({ content: [{ type: 'text', text: 'hello' }] });
    expect(file.behaviour.pushMethods).toEqual({ 'notifications/tasks/status': 2 });
    expect(file.protocolLog.entries.map((e) => e.method)).toEqual(['tools/call']);
  });
});

describe('parseSessionFile', () => {
  const valid = () => JSON.parse(build([])) as Record<string, unknown>;
  const fails = (text: string, message: RegExp) => {
    expect(() => parseSessionFile(text)).toThrow(SessionFileError);
    expect(() => parseSessionFile(text)).toThrow(message);
  };

  it('refuses text that is not JSON, or JSON of another kind', () => {
    fails('not json{', /not JSON/);
    fails('[]', /not a Taskdeck session file/);
    fails(JSON.stringify({ format: 'other' }), /not a Taskdeck session file/);
    fails(JSON.stringify({ ...valid(), version: 99 }), /version/);
  });

  it('refuses a hostile task list with a clear message', () => {
    fails(JSON.stringify({ ...valid(), tasks: 'lots' }), /no task list/);
    fails(
      JSON.stringify({ ...valid(), tasks: [{ task: { taskId: 'a', status: 'exploded', createdAt: 'x', lastUpdatedAt: 'x' } }] }),
      /unknown status/,
    );
    fails(JSON.stringify({ ...valid(), tasks: [{ task: { taskId: { $gt: 1 }, status: 'completed' } }] }), /taskId/);
    fails(JSON.stringify({ ...valid(), tasks: [null] }), /task 1 is not a task/);
    fails(JSON.stringify({ ...valid(), results: [{ taskId: 'a', json: 5 }] }), /result 1/);
  });

  it('refuses a file over the size bound', () => {
    fails(' '.repeat(MAX_SESSION_FILE_BYTES + 1), /larger than/);
  });

  it('drops malformed log entries, behaviour fields and extra task fields instead of trusting them', () => {
    const hostile = {
      ...valid(),
      tasks: [
        { task: { ...entry.task, __proto__: { polluted: true }, extra: '<script>' }, history: [{ at: 'x' }, 42], lastSource: 'evil' },
      ],
      behaviour: { pushMethods: { a: 'many' }, warnings: [{ kind: 'x' }], elicitations: 'lots' },
      protocolLog: { entries: [{ method: 5 }, { method: 'ok', direction: 'in' }] },
    };
    const file = parseSessionFile(JSON.stringify(hostile));
    expect(Object.keys(file.tasks[0]?.task ?? {})).not.toContain('extra');
    expect(file.tasks[0]?.history).toEqual([]);
    expect(file.tasks[0]?.lastSource).toBe('list');
    expect(file.behaviour).toEqual({ pushMethods: {}, resultEnvelopes: {}, errorCodes: {}, elicitations: 0, warnings: [] });
    expect(file.protocolLog.entries.map((e) => e.method)).toEqual(['ok']);
  });
});
