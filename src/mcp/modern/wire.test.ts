import { describe, expect, it } from 'vitest';
import { headerValue, legacyTask, MODERN_VERSION, readModernTask, requestHeaders, taskViolations, type ModernTask } from './wire';

/** The text a `=?base64?…?=` header value stands for, read back as UTF-8; undefined when it is not that form. */
function decodeSentinel(value: string): string | undefined {
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!match) return undefined;
  const binary = atob(match[1] ?? '');
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

describe('headerValue', () => {
  it('keeps plain visible ASCII as it is, inner spaces included', () => {
    for (const value of ['countdown', 'a1b2c3d4-0000-4000-8000-000000000000', 'file:///tmp/x?y=1', 'two words', '~!@#$%^&*()']) {
      expect(headerValue(value)).toBe(value);
    }
  });

  it.each([
    ['non-ASCII', 'résumé'],
    ['non-BMP characters', 'task 🚀 done'],
    ['CJK', '任务'],
    ['a control character', 'line\nbreak'],
    ['a tab', 'a\tb'],
    ['DEL', 'x\u007f'],
    ['a leading space', ' lead'],
    ['a trailing space', 'trail '],
    ['only a space', ' '],
    ['text that looks like the encoding', '=?base64?aGk=?='],
    ['the encoding in other case', '=?BASE64?aGk=?='],
  ])('encodes %s as =?base64?…?= of its UTF-8 bytes', (_what, value) => {
    const encoded = headerValue(value);
    expect(encoded).not.toBe(value);
    expect(encoded.startsWith('=?base64?')).toBe(true);
    expect(encoded.endsWith('?=')).toBe(true);
    // What goes on the wire is itself plain visible ASCII, and decodes back to the text.
    expect(encoded).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeSentinel(encoded)).toBe(value);
  });

  it('encodes the UTF-8 bytes, not UTF-16 code units', () => {
    expect(headerValue('é')).toBe('=?base64?w6k=?=');
  });
});

describe('requestHeaders', () => {
  const always = (method: string) => ({
    'MCP-Protocol-Version': MODERN_VERSION,
    'Mcp-Method': method,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
  });

  it('names the tool of a tools/call in Mcp-Name', () => {
    expect(requestHeaders('tools/call', { name: 'countdown', arguments: { seconds: 1 } })).toEqual({
      ...always('tools/call'),
      'Mcp-Name': 'countdown',
    });
  });

  it.each(['tasks/get', 'tasks/update', 'tasks/cancel'])('names the task of %s in Mcp-Name', (method) => {
    expect(requestHeaders(method, { taskId: 'task-1', inputResponses: {} })).toEqual({ ...always(method), 'Mcp-Name': 'task-1' });
  });

  it('encodes an Mcp-Name that is not plain ASCII', () => {
    const headers = requestHeaders('tools/call', { name: 'outil à tâches' });
    expect(headers['Mcp-Name']).not.toBe('outil à tâches');
    expect(decodeSentinel(headers['Mcp-Name'] ?? '')).toBe('outil à tâches');
  });

  it.each([
    ['subscriptions/listen', { notifications: { taskIds: ['task-1'] } }],
    ['server/discover', {}],
    ['server/discover', undefined],
    ['tools/list', { name: 'not-a-subject' }],
  ])('has no Mcp-Name for %s', (method, params) => {
    const headers = requestHeaders(method, params);
    expect(headers).toEqual(always(method));
    expect('Mcp-Name' in headers).toBe(false);
  });

  it('has no Mcp-Name when the subject is missing or not a string', () => {
    expect('Mcp-Name' in requestHeaders('tasks/get', {})).toBe(false);
    expect('Mcp-Name' in requestHeaders('tools/call', { name: 42 })).toBe(false);
  });
});

describe('legacyTask', () => {
  it('renames ttlMs to ttl and pollIntervalMs to pollInterval, keeping the rest of the status', () => {
    const task: ModernTask = {
      taskId: 't1',
      status: 'working',
      statusMessage: 'Step 1 of 3',
      createdAt: '2026-08-01T00:00:00.000Z',
      lastUpdatedAt: '2026-08-01T00:00:01.000Z',
      ttlMs: 600_000,
      pollIntervalMs: 1000,
    };
    expect(legacyTask(task)).toEqual({
      taskId: 't1',
      status: 'working',
      statusMessage: 'Step 1 of 3',
      createdAt: '2026-08-01T00:00:00.000Z',
      lastUpdatedAt: '2026-08-01T00:00:01.000Z',
      ttl: 600_000,
      pollInterval: 1000,
    });
  });

  it('gives ttl null for an unlimited task (ttlMs null) and for one without ttlMs, and no pollInterval without one', () => {
    const unlimited = legacyTask({ taskId: 't2', status: 'completed', ttlMs: null });
    expect(unlimited).toEqual({ taskId: 't2', status: 'completed', ttl: null });
    expect('pollInterval' in unlimited).toBe(false);
    expect(legacyTask({ taskId: 't3', status: 'working' })).toEqual({ taskId: 't3', status: 'working', ttl: null });
  });

  it('leaves out what only this generation has: result, error, input requests, and the new names', () => {
    const shaped = legacyTask({
      taskId: 't4',
      status: 'failed',
      ttlMs: 5,
      pollIntervalMs: 7,
      result: { content: [] },
      error: { code: -32603, message: 'x' },
      inputRequests: {},
    });
    expect(Object.keys(shaped).sort()).toEqual(['pollInterval', 'status', 'taskId', 'ttl']);
  });
});

describe('taskViolations', () => {
  const base = { taskId: 't', ttlMs: 1000, pollIntervalMs: 500 };

  it('finds none in valid tasks of every status', () => {
    const valid: ModernTask[] = [
      { ...base, status: 'working' },
      { ...base, status: 'working', ttlMs: null },
      { ...base, status: 'input_required', inputRequests: { 'ask-1': { method: 'elicitation/create', params: {} } } },
      { ...base, status: 'completed', result: { content: [] } },
      { ...base, status: 'failed', error: { code: -32603, message: 'boom' } },
      { ...base, status: 'cancelled' },
    ];
    for (const task of valid) expect(taskViolations(task, 'tasks/get')).toEqual([]);
  });

  it.each(['working', 'input_required'])('reports a result on a %s task', (status) => {
    const task = { ...base, status, result: { content: [] }, inputRequests: { k: {} } };
    expect(taskViolations(task, 'tasks/get')).toEqual([`tasks/get carried a result while the task was ${status}`]);
  });

  it('reports a completed task without its result', () => {
    expect(taskViolations({ ...base, status: 'completed' }, 'notifications/tasks')).toEqual([
      'notifications/tasks: a completed task without its result inlined',
    ]);
  });

  it('reports a failed task without its error, or with an error that is not an object', () => {
    const expected = ['tasks/get: a failed task without its error inlined'];
    expect(taskViolations({ ...base, status: 'failed' }, 'tasks/get')).toEqual(expected);
    expect(taskViolations({ ...base, status: 'failed', error: 'boom' as never }, 'tasks/get')).toEqual(expected);
  });

  it('reports input_required without inputRequests', () => {
    expect(taskViolations({ ...base, status: 'input_required' }, 'tasks/get')).toEqual(['tasks/get: input_required without inputRequests']);
  });

  it('reports a task without ttlMs', () => {
    expect(taskViolations({ taskId: 't', status: 'working' }, 'tools/call')).toEqual([
      'tools/call: no ttlMs (required; null means unlimited)',
    ]);
  });

  it('reports the 2025-11-25 names ttl and pollInterval', () => {
    expect(taskViolations({ ...base, status: 'working', pollInterval: 500 } as ModernTask, 'tasks/get')).toEqual([
      'tasks/get: uses ttl/pollInterval (2025-11-25 names) instead of ttlMs/pollIntervalMs',
    ]);
    const { ttlMs: _ttlMs, ...withoutTtlMs } = base;
    expect(taskViolations({ ...withoutTtlMs, status: 'working', ttl: 1000 } as ModernTask, 'tasks/get')).toEqual([
      'tasks/get: no ttlMs (required; null means unlimited)',
      'tasks/get: uses ttl/pollInterval (2025-11-25 names) instead of ttlMs/pollIntervalMs',
    ]);
  });
});

describe('readModernTask', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'task'],
    ['a number', 7],
    ['an array', [{ taskId: 't', status: 'working' }]],
    ['no taskId', { status: 'working' }],
    ['an empty taskId', { taskId: '', status: 'working' }],
    ['a numeric taskId', { taskId: 7, status: 'working' }],
    ['no status', { taskId: 't' }],
    ['an unknown status', { taskId: 't', status: 'running' }],
    ['a status that is not a string', { taskId: 't', status: 1 }],
    ['a 2025 status name in other case', { taskId: 't', status: 'Completed' }],
  ])('refuses %s', (_what, value) => {
    expect(readModernTask(value)).toBeUndefined();
  });

  it.each(['working', 'input_required', 'completed', 'failed', 'cancelled'])('reads a task that is %s', (status) => {
    const value = { taskId: 't', status, ttlMs: null };
    expect(readModernTask(value)).toEqual(value);
  });
});
