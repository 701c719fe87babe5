import { describe, expect, it } from 'vitest';
import { compareResultTexts, comparedSide, diffJson, diffLines, MAX_JSON_CHANGES } from './diff';

const kinds = (text: string, other: string) => diffLines(text, other).ops.map((op) => `${op.kind[0]}${op.text}`);

describe('diffLines', () => {
  it('marks a changed line as removed then added, common lines kept', () => {
    expect(kinds('a\nb\nc', 'a\nB\nc')).toEqual(['sa', 'rb', 'aB', 'sc']);
  });
  it('finds an inserted and a deleted line in the middle', () => {
    expect(kinds('1\n2\n3\n4', '1\n3\n4\n5')).toEqual(['s1', 'r2', 's3', 's4', 'a5']);
  });
  it('keeps the longest common subsequence', () => {
    const ops = diffLines('x\na\nb\nc\ny', 'a\nz\nb\nc').ops;
    expect(ops.filter((op) => op.kind === 'same').map((op) => op.text)).toEqual(['a', 'b', 'c']);
    // Applying the diff gives both sides back.
    expect(ops.filter((op) => op.kind !== 'added').map((op) => op.text)).toEqual(['x', 'a', 'b', 'c', 'y']);
    expect(ops.filter((op) => op.kind !== 'removed').map((op) => op.text)).toEqual(['a', 'z', 'b', 'c']);
  });
  it('falls back to a coarse diff past the size bound, still complete', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    const diff = diffLines(a, b);
    expect(diff.coarse).toBe(true);
    expect(diff.ops.filter((op) => op.kind === 'removed')).toHaveLength(3000);
    expect(diff.ops.filter((op) => op.kind === 'added')).toHaveLength(3000);
  });
});

describe('diffJson', () => {
  it('lists added, removed and changed paths with old and new values', () => {
    const { changes } = diffJson(
      { city: 'Oslo', temps: [1, 2, 3], meta: { 'odd key': true, gone: 1 } },
      { city: 'Bergen', temps: [1, 2], meta: { 'odd key': true, fresh: 'x' } },
    );
    expect(changes).toEqual([
      { kind: 'changed', path: '$.city', before: 'Oslo', after: 'Bergen' },
      { kind: 'removed', path: '$.temps[2]', before: 3 },
      { kind: 'removed', path: '$.meta.gone', before: 1 },
      { kind: 'added', path: '$.meta.fresh', after: 'x' },
    ]);
  });
  it('treats a type change as a change of the whole value', () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } }).changes).toEqual([{ kind: 'changed', path: '$.a', before: [1], after: { 0: 1 } }]);
  });
  it('finds nothing between equal values', () => {
    expect(diffJson({ a: [1, { b: null }] }, { a: [1, { b: null }] }).changes).toEqual([]);
  });
  it('is bounded in changes and depth', () => {
    const many = diffJson(
      Array.from({ length: 5000 }, (_, i) => i),
      Array.from({ length: 5000 }, (_, i) => -i - 1),
    );
    expect(many.changes).toHaveLength(MAX_JSON_CHANGES);
    expect(many.truncated).toBe(true);
    let a: unknown = 1;
    let b: unknown = 2;
    for (let i = 0; i < 10_000; i++) {
      a = { n: a };
      b = { n: b };
    }
    const deep = diffJson(a, b);
    expect(deep.truncated).toBe(true);
    expect(deep.changes).toHaveLength(1);
  });
});

describe('comparing two results', () => {
  it('takes text blocks for the text diff and structuredContent for the structural one', () => {
    const side = comparedSide({
      content: [
        { type: 'text', text: 'hi' },
        { type: 'resource', resource: { uri: 'u', text: 'res' } },
      ],
      structuredContent: { n: 1 },
    });
    expect(side).toEqual({ text: 'hi\nres', structured: { n: 1 } });
    const answer = compareResultTexts(
      JSON.stringify({ content: [{ type: 'text', text: 'line one\nline two' }], structuredContent: { n: 1 } }),
      JSON.stringify({ content: [{ type: 'text', text: 'line one\nline 2' }], structuredContent: { n: 2 } }),
    );
    if ('error' in answer) throw new Error(answer.error);
    expect(answer.text.ops.filter((op) => op.kind === 'added').map((op) => op.text)).toEqual(['line 2']);
    expect(answer.json.changes).toEqual([{ kind: 'changed', path: '$.n', before: 1, after: 2 }]);
  });
  it('says so when a side is not JSON', () => {
    expect(compareResultTexts('{', '{}')).toEqual({ error: 'A result is not valid JSON.' });
  });
});
