import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from './json-schema';
import { textKind } from './text-kind';

describe('textKind', () => {
  it('detects JSON, markdown and plain text', () => {
    expect(textKind('{"a": [1, 2]}')).toBe('json');
    expect(textKind('[1,2')).toBe('plain');
    expect(textKind('# Title\n\n- one\n- two')).toBe('markdown');
    expect(textKind('Just a sentence with a * star.')).toBe('plain');
  });
});

describe('checkAgainstSchema', () => {
  const schema = { type: 'object', properties: { score: { type: 'number', maximum: 100 }, tags: { type: 'array', items: { type: 'string' } } }, required: ['score'] };
  it('accepts valid values and explains invalid ones', () => {
    expect(checkAgainstSchema(schema, { score: 5, tags: ['a'] })).toEqual({ valid: true });
    const bad = checkAgainstSchema(schema, { score: 140, tags: ['a', 7] });
    expect(bad.valid).toBe(false);
    expect(bad.valid === false && bad.errors.join(' ')).toMatch(/score/);
    expect(bad.valid === false && bad.errors.join(' ')).toMatch(/tags\/1/);
  });
  it('never throws on a broken schema', () => {
    expect(checkAgainstSchema({ type: 'object', properties: { a: { $ref: '#/nope' } } }, { a: 1 }).valid).toBe(false);
  });
});
