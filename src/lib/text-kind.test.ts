import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from './json-schema';
import { textKind } from './text-kind';

describe('textKind', () => {
  it('detects JSON, markdown and plain text', () => {
    expect(textKind('{"a": [1, 2]}')).toBe('json');
    expect(textKind('[1,2')).toBe('plain');
    expect(textKind('# Title\n\n- one\n- two')).toBe('markdown');
    expect(textKind('Just a sentence with a * star.')).toBe('plain');
    expect(textKind('See [the docs](https://example.com) and **this**.')).toBe('markdown');
    expect(textKind('| a | b |\n|---|---|\n> quoted text')).toBe('markdown');
  });

  // Each of these took the old hints quadratic time (40,000 newlines: 6.7 s; 1 MB: about an hour): they must all
  // come back within the test's time limit, 1 MB each.
  const MB = 1024 * 1024;
  const hostile: Array<[string, string]> = [
    ['newlines', '\n'.repeat(MB)],
    ['spaces and newlines', ' \n'.repeat(MB / 2)],
    ['hashes over blank lines', '#\n \n'.repeat(MB / 4)],
    ['open brackets', '['.repeat(MB)],
    ['bracket then paren', '[a]('.repeat(MB / 4)],
    ['stars', '**a'.repeat(MB / 3)],
    ['pipes', '|'.repeat(MB)],
    ['digits', '1'.repeat(MB)],
  ];
  it.each(hostile)('stays linear on hostile text: %s', (_name, text) => {
    expect(['plain', 'markdown']).toContain(textKind(text));
  });

  it('looks only at the start of a long text for markdown hints', () => {
    expect(textKind(`${'plain words '.repeat(10_000)}\n# Title\n- item`)).toBe('plain');
  });
});

describe('checkAgainstSchema', () => {
  const schema = {
    type: 'object',
    properties: { score: { type: 'number', maximum: 100 }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['score'],
  };
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
