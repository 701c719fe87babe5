import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { textChunks } from './text-chunks';

describe('textChunks', () => {
  it('keeps a short text whole', () => {
    expect(textChunks('abc', 8)).toEqual(['abc']);
  });

  it('cuts after a line break in the second half of a slice', () => {
    expect(textChunks('aaaaaa\nbbbbbbbbbb', 8)).toEqual(['aaaaaa\n', 'bbbbbbbb', 'bb']);
  });

  it('cuts text without line breaks at the size, never inside a surrogate pair', () => {
    const text = `abc${'😀'.repeat(4)}`; // 3 + 8 code units
    const chunks = textChunks(text, 4);
    expect(chunks.join('')).toBe(text);
    for (const chunk of chunks) expect(chunk).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
  });

  it('joins back to the text, every slice non-empty and within the size', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 2, max: 40 }), (text, size) => {
        const chunks = textChunks(text, size);
        expect(chunks.join('')).toBe(text);
        for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(size);
        if (text) expect(chunks.every((c) => c.length > 0)).toBe(true);
      }),
    );
    const big = `${'*a'.repeat(500_000)}\n`.repeat(4);
    expect(textChunks(big).join('')).toBe(big);
  });
});
