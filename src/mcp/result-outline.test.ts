import { describe, expect, it } from 'vitest';
import { parseTaskResult, summariseResult } from './task-result';
import { OUTLINE_BLOCKS, OUTLINE_EXCERPT, outlineOf, shapeOf } from './result-outline';

describe('result outline', () => {
  it('counts blocks, lists the first few with the start of their text, and describes structuredContent', () => {
    const long = 'word '.repeat(1000);
    const outline = outlineOf({
      content: [
        { type: 'text', text: long },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        ...Array.from({ length: 10 }, (_, i) => ({ type: 'text', text: `#${i}` })),
      ],
      structuredContent: { rows: [1, 2, 3], name: 'short', nested: { a: 1, b: 2 }, big: 'x'.repeat(100), n: 7 },
      isError: true,
    });
    expect(outline.blockCount).toBe(12);
    expect(outline.blocks).toHaveLength(OUTLINE_BLOCKS);
    expect(outline.blocks[0]).toEqual({ type: 'text', chars: long.length, excerpt: long.slice(0, OUTLINE_EXCERPT) });
    expect(outline.blocks[1]).toEqual({ type: 'image', mimeType: 'image/png', chars: 4 });
    expect(outline.structured).toEqual([
      { key: 'rows', shape: 'array of 3' },
      { key: 'name', shape: '"short"' },
      { key: 'nested', shape: 'object of 2 members' },
      { key: 'big', shape: 'string of 100 characters' },
      { key: 'n', shape: '7' },
    ]);
    expect(outline.structuredCount).toBe(5);
    expect(outline.isError).toBe(true);
  });

  it('takes an embedded resource’s own MIME type and text, and a ReadResourceResult’s contents', () => {
    expect(
      outlineOf({ content: [{ type: 'resource', resource: { uri: 'demo://a', mimeType: 'text/markdown', text: '# Hi' } }] }).blocks[0],
    ).toEqual({
      type: 'resource',
      mimeType: 'text/markdown',
      chars: 4,
      excerpt: '# Hi',
    });
    const read = outlineOf({ contents: [{ uri: 'demo://b', mimeType: 'application/octet-stream', blob: 'AAAAAAAA' }] });
    expect(read).toEqual({ blockCount: 1, blocks: [{ type: 'resource', mimeType: 'application/octet-stream', chars: 8 }] });
  });

  it('is part of the summary of every result with a value, but not of an elicitation answer', () => {
    const summary = summariseResult(parseTaskResult({ content: [{ type: 'text', text: 'hi' }] }));
    expect(summary).toMatchObject({ kind: 'call-tool', outline: { blockCount: 1, blocks: [{ type: 'text', excerpt: 'hi' }] } });
    const message = summariseResult(parseTaskResult({ role: 'assistant', model: 'm', content: { type: 'text', text: 'answer' } }));
    expect(message).toMatchObject({ kind: 'create-message', outline: { blockCount: 1 } });
    expect(summariseResult(parseTaskResult({ action: 'accept', content: { a: 1 } }))).not.toHaveProperty('outline');
  });

  it('names shapes briefly', () => {
    expect(shapeOf(Array.from({ length: 555_556 }))).toBe('array of 555,556');
    expect(shapeOf({ a: 1 })).toBe('object of 1 member');
    expect(shapeOf(null)).toBe('null');
    expect(shapeOf(true)).toBe('true');
  });
});
