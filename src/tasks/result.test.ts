import { describe, expect, it } from 'vitest';
import { parseToolTaskResult } from './result';

const meta = { 'io.modelcontextprotocol/related-task': { taskId: 't1' } };

describe('parseToolTaskResult', () => {
  it('accepts the spec shape: the CallToolResult itself, with related-task metadata', () => {
    const parsed = parseToolTaskResult({ content: [{ type: 'text', text: 'hi' }], _meta: meta });
    expect(parsed).toMatchObject({ kind: 'call-tool', envelope: 'spec', relatedTaskId: 't1' });
  });

  it("accepts the seed's {taskId, status, result} envelope", () => {
    const parsed = parseToolTaskResult({ taskId: 't1', status: 'completed', result: { content: [{ type: 'text', text: 'hi' }] } });
    expect(parsed.kind).toBe('call-tool');
    expect(parsed.kind === 'call-tool' && parsed.envelope).toBe('seed');
  });

  it('reports a seed failure with a null result as "no result", not an empty box', () => {
    expect(parseToolTaskResult({ taskId: 't1', status: 'failed', result: null })).toEqual({ kind: 'no-result', envelope: 'seed', status: 'failed' });
  });

  it('reports what is wrong with a payload that is not a CallToolResult', () => {
    const parsed = parseToolTaskResult({ content: [{ type: 'text' }] });
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.error).toMatch(/content\.0/);
    expect(parseToolTaskResult('hello').kind).toBe('invalid');
    expect(parseToolTaskResult(null).kind).toBe('invalid');
  });
});
