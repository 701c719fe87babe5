import { describe, expect, it } from 'vitest';
import { checkAnswer, PATTERN_INPUT_LIMIT, patternProblem } from './schema-answers';
import { buildArguments, checkField, fieldsFromSchema } from './schema-form';

describe('checking an answer against its property', () => {
  it('required: an empty required field is a problem, an empty optional one is left out', () => {
    const [name, note] = fieldsFromSchema({
      type: 'object',
      properties: { name: { type: 'string' }, note: { type: 'string' } },
      required: ['name'],
    });
    expect(checkField(name!, '  ')).toEqual({ ok: false, problem: 'Required' });
    expect(checkField(name!, 'Ada')).toEqual({ ok: true, value: 'Ada' });
    expect(checkField(note!, '')).toEqual({ ok: true });
  });

  it('minLength and maxLength count characters (code points)', () => {
    expect(checkAnswer('ab', { minLength: 3 })).toBe('At least 3 characters');
    expect(checkAnswer('abc', { minLength: 3 })).toBeUndefined();
    expect(checkAnswer('abcd', { maxLength: 3 })).toBe('At most 3 characters');
    expect(checkAnswer('😀😀😀', { maxLength: 3 })).toBeUndefined();
  });

  it('pattern: unanchored, as JSON Schema has it', () => {
    expect(checkAnswer('AB-12', { pattern: '^[A-Z]{2}-\\d+$' })).toBeUndefined();
    expect(checkAnswer('ab-12', { pattern: '^[A-Z]{2}-\\d+$' })).toBe('Must match the pattern ^[A-Z]{2}-\\d+$');
    expect(checkAnswer('xx42yy', { pattern: '\\d' })).toBeUndefined();
  });

  it('pattern: one that does not compile is reported, never thrown, and not held against the answer', () => {
    expect(() => checkAnswer('anything', { pattern: '(?P<name>x)' })).not.toThrow();
    expect(checkAnswer('anything', { pattern: '(?P<name>x)' })).toBeUndefined();
    expect(patternProblem({ pattern: '(?P<name>x)' })).toMatch(/not a valid regular expression/);
    expect(patternProblem({ pattern: '^x$' })).toBeUndefined();
  });

  it('pattern: an answer past the length bound is not run against it (a backtracking pattern cannot hang the page)', () => {
    const long = `${'a'.repeat(PATTERN_INPUT_LIMIT)}!`;
    const started = performance.now();
    expect(checkAnswer(long, { pattern: '^(a+)+$' })).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(checkAnswer('aaa!', { pattern: '^(a+)+$' })).toBe('Must match the pattern ^(a+)+$');
  });

  it('minimum and maximum', () => {
    expect(checkAnswer(0, { minimum: 1 })).toBe('At least 1');
    expect(checkAnswer(1, { minimum: 1 })).toBeUndefined();
    expect(checkAnswer(11, { maximum: 10 })).toBe('At most 10');
    expect(checkAnswer(10, { maximum: 10 })).toBeUndefined();
  });

  it('enum: the answer must be one of the allowed values', () => {
    expect(checkAnswer('red', { allowed: ['red', 'green'] })).toBeUndefined();
    expect(checkAnswer('blue', { allowed: ['red', 'green'] })).toBe('Choose one of the listed values');
    expect(checkAnswer(2, { allowed: [1, 2] })).toBeUndefined();
    expect(checkAnswer(3, { allowed: [1, 2] })).toBe('Choose one of the listed values');
  });

  it.each([
    ['email', 'ada@example.org', 'ada at example.org'],
    ['email', 'a.b+c@mail.example.co.uk', 'ada@@example.org'],
    ['uri', 'https://example.com/a?b=c', 'example.com'],
    ['uri', 'urn:isbn:0451450523', 'https://exa mple.com'],
    ['date', '2024-02-29', '2023-02-29'],
    ['date', '2026-12-04', '04/12/2026'],
    ['date-time', '2026-12-04T05:16:14Z', '2026-12-04 05:16:14'],
    ['date-time', '2026-12-04t05:16:14.250+01:00', '2026-12-04T25:16:14Z'],
  ])('format %s: %s passes, %s does not', (format, good, bad) => {
    expect(checkAnswer(good, { format })).toBeUndefined();
    expect(checkAnswer(bad, { format })).toMatch(/^Enter /);
  });

  it('an unknown format is an annotation only', () => {
    expect(checkAnswer('anything', { format: 'hostname-ish' })).toBeUndefined();
  });

  it('reads the constraints from the schema and reports every broken one per field', () => {
    const fields = fieldsFromSchema({
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' },
        mail: { type: 'string', format: 'email' },
        size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }] },
        count: { type: 'integer', enum: [1, 2, 3] },
      },
    });
    expect(fields[0]).toMatchObject({ minLength: 2, maxLength: 4, pattern: '^[a-z]+$' });
    expect(buildArguments(fields, { code: 'AB', mail: 'nope', size: 'm', count: '4' })).toEqual({
      ok: false,
      errors: {
        code: 'Must match the pattern ^[a-z]+$',
        mail: 'Enter an email address',
        size: 'Choose one of the listed values',
        count: 'Choose one of the listed values',
      },
    });
    expect(buildArguments(fields, { code: 'ab', mail: 'a@b.c', size: 's', count: '3' })).toEqual({
      ok: true,
      args: { code: 'ab', mail: 'a@b.c', size: 's', count: 3 },
    });
  });
});
