import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonInSlices } from './sliced-json';

/** A yield that counts, so tests see the parse really was cut into slices. */
function counting() {
  const state = { yields: 0 };
  return { state, yieldToMain: () => ((state.yields += 1), Promise.resolve()) };
}

/** What JSON.parse says: its value, or that it threw a SyntaxError. */
function native(text: string): { value: unknown } | { error: true } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return { error: true };
  }
}

async function sliced(text: string, chunk: number): Promise<{ value: unknown } | { error: true }> {
  try {
    return { value: await parseJsonInSlices(text, { chunk, budgetMs: 0, yieldToMain: () => Promise.resolve() }) };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return { error: true };
  }
}

/**
 * Same values, same own keys in the same order, plain prototypes. (Not toStrictEqual: it compares objects by their
 * `constructor` property, which a parsed object may have as a key of its own.)
 */
function expectSame(actual: unknown, expected: unknown) {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  const walk = (a: unknown, b: unknown): void => {
    if (typeof b !== 'object' || b === null) {
      expect(Object.is(a, b)).toBe(true);
      return;
    }
    expect(typeof a === 'object' && a !== null).toBe(true);
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    expect(Reflect.ownKeys(a as object)).toEqual(Reflect.ownKeys(b));
    for (const key of Object.keys(b)) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
  };
  walk(actual, expected);
}

/** parseJsonInSlices says what JSON.parse says of `text`: the same value, or a SyntaxError. */
async function expectAsNative(text: string, chunk: number) {
  const expected = native(text);
  const actual = await sliced(text, chunk);
  if ('error' in expected) expect(actual).toEqual(expected);
  else expectSame((actual as { value: unknown }).value, expected.value);
}

const keyLike = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '0', '10', '1', 'a"b', 'x\\'));
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.string({ unit: 'binary' }),
    fc.array(tie('value'), { maxLength: 12 }),
    fc.dictionary(keyLike, tie('value'), { maxKeys: 8 }),
  ),
})).value;

describe('parseJsonInSlices', () => {
  it('equals JSON.parse for any JSON, laid out compactly or with spaces, at any chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(jsonValue, fc.integer({ min: 1, max: 200 }), fc.boolean(), async (value, chunk, spaced) => {
        const text = spaced ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        await expectAsNative(text, chunk);
      }),
      { numRuns: 2000 },
    );
  });

  it('throws a SyntaxError whenever JSON.parse does, on mutated text', async () => {
    const mutated = fc
      .tuple(jsonValue, fc.nat(), fc.constantFrom('', ',', ']', '}', '"', ':', ' ', '\\', 'x', '[', '{', '1', ',]', ',}'))
      .map(([value, at, insert]) => {
        const text = JSON.stringify(value);
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + (insert === '' ? 1 : 0));
      });
    await fc.assert(
      fc.asyncProperty(mutated, fc.integer({ min: 1, max: 64 }), async (text, chunk) => {
        await expectAsNative(text, chunk);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps "__proto__" an own key and never touches a prototype', async () => {
    const text = `{"big":[${'1,'.repeat(100)}2],"__proto__":{"polluted":true},"tail":"${'z'.repeat(50)}"}`;
    // Chunk 8: the member is parsed on its own; 64: within a run of members.
    for (const chunk of [8, 64]) {
      const value = (await parseJsonInSlices(text, { chunk, budgetMs: 0, yieldToMain: () => Promise.resolve() })) as Record<
        string,
        unknown
      >;
      expect(Object.keys(value)).toEqual(['big', '__proto__', 'tail']);
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((value as { polluted?: unknown }).polluted).toBeUndefined();
    }
  });

  it('gives the main thread back between slices of a large text', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ['a', 'b'], ok: i % 2 === 0 }));
    const text = JSON.stringify({ content: [{ type: 'text', text: 'rows' }], structuredContent: { rows } });
    const { state, yieldToMain } = counting();
    const value = await parseJsonInSlices(text, { chunk: 10_000, budgetMs: 0, yieldToMain });
    expect(JSON.stringify(value)).toBe(text);
    expect(state.yields).toBeGreaterThan(text.length / 10_000 / 2);
  });

  it('a text below one chunk is one JSON.parse, with no yield', async () => {
    const { state, yieldToMain } = counting();
    expect(await parseJsonInSlices('{"a":[1,2,3]}', { yieldToMain })).toEqual({ a: [1, 2, 3] });
    expect(state.yields).toBe(0);
  });
});
