import { describe, expect, it } from 'vitest';
import { parseTaskResult } from './task-result';

const meta = { 'io.modelcontextprotocol/related-task': { taskId: 't1' } };

describe('parseTaskResult', () => {
  it('accepts the spec shape: the CallToolResult itself, with related-task metadata', () => {
    const parsed = parseTaskResult({ content: [{ type: 'text', text: 'hi' }], _meta: meta });
    expect(parsed).toMatchObject({ kind: 'call-tool', envelope: 'spec', relatedTaskId: 't1' });
  });

  it("accepts the seed's {taskId, status, result} envelope", () => {
    const parsed = parseTaskResult({ taskId: 't1', status: 'completed', result: { content: [{ type: 'text', text: 'hi' }] } });
    expect(parsed.kind).toBe('call-tool');
    expect(parsed.kind === 'call-tool' && parsed.envelope).toBe('seed');
  });

  it('reports a seed failure with a null result as "no result", not an empty box', () => {
    expect(parseTaskResult({ taskId: 't1', status: 'failed', result: null })).toEqual({
      kind: 'no-result',
      envelope: 'seed',
      status: 'failed',
    });
  });

  it('recognises the other results a task can carry: ReadResourceResult, ElicitResult, CreateMessageResult', () => {
    expect(parseTaskResult({ contents: [{ uri: 'a://b', text: 'hi' }] }).kind).toBe('read-resource');
    expect(parseTaskResult({ action: 'accept', content: { a: 1 } }).kind).toBe('elicit');
    expect(parseTaskResult({ role: 'assistant', model: 'm', content: { type: 'text', text: 'hi' } }).kind).toBe('create-message');
    expect(parseTaskResult({ contents: 'nope' }).kind).toBe('invalid');
  });

  it('does not take an arbitrary object for an empty CallToolResult', () => {
    expect(parseTaskResult({ hello: 'world' })).toMatchObject({
      kind: 'invalid',
      error: expect.stringMatching(/neither content nor structuredContent/) as unknown,
    });
  });

  it('reports what is wrong with a payload that is not a CallToolResult', () => {
    const parsed = parseTaskResult({ content: [{ type: 'text' }], isError: 'no' });
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.error).toMatch(/isError/);
    expect(parseTaskResult('hello').kind).toBe('invalid');
    expect(parseTaskResult(null).kind).toBe('invalid');
  });
});

describe('a CallToolResult with some invalid content blocks', () => {
  const raw = {
    content: [
      { type: 'text', text: 'first valid block' },
      { type: 'hologram', data: 'unknown block type' },
      { type: 'text' },
      { type: 'text', text: 'last valid block' },
    ],
    isError: false,
  };

  it('keeps the valid blocks and each invalid one in its place with its own error', () => {
    const parsed = parseTaskResult(raw);
    expect(parsed.kind).toBe('call-tool');
    if (parsed.kind !== 'call-tool') return;
    expect(parsed.value.content).toEqual([
      { type: 'text', text: 'first valid block' },
      { type: 'text', text: 'last valid block' },
    ]);
    const slots = parsed.slots ?? [];
    expect(slots.map((s) => ('valid' in s ? 'valid' : 'invalid'))).toEqual(['valid', 'invalid', 'invalid', 'valid']);
    const [, unknownType, noText] = slots;
    expect(unknownType && 'invalid' in unknownType && unknownType.invalid.raw).toEqual({ type: 'hologram', data: 'unknown block type' });
    expect(noText && 'invalid' in noText && noText.invalid.error).toMatch(/text/);
  });

  it('stays invalid as a whole when more than the blocks is wrong', () => {
    expect(parseTaskResult({ ...raw, isError: 'yes' }).kind).toBe('invalid');
    expect(parseTaskResult({ content: 'not an array' }).kind).toBe('invalid');
  });
});
