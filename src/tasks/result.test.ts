import { describe, expect, it } from 'vitest';
import { parseTaskResult, prepareForView, summariseResult, TextBackedResult, withKeepState } from './result';

describe('a result held as text', () => {
  const value = {
    content: [{ type: 'text', text: 'hello' }],
    structuredContent: { rows: Array.from({ length: 30_000 }, (_, i) => ({ id: i })) },
  };
  const text = JSON.stringify(value);
  const make = () => new TextBackedResult('t1', text, summariseResult(parseTaskResult(value)), 0, text.length);

  it('is parsed once, in slices, and its copies with another keep state share the parse', async () => {
    const result = make();
    expect(result.prepared).toBe(false);
    const progress: number[] = [];
    await prepareForView(result, (f) => progress.push(f));
    expect(result.prepared).toBe(true);
    // Progress comes at each yield to the page (none at all on a machine fast enough); always a fraction.
    expect(progress.every((f) => f > 0 && f <= 1)).toBe(true);
    const copy = withKeepState(result, { keeping: true });
    expect(copy).toBeInstanceOf(TextBackedResult);
    expect((copy as TextBackedResult).prepared).toBe(true);
    expect(copy.raw).toBe(result.raw);
    expect(copy.raw).toEqual(value);
    expect(copy.parsed.kind).toBe('call-tool');
    // The same reading, not a new one: the viewer under it is not drawn again when only the keep state changed.
    expect(copy.parsed).toBe(result.parsed);
    expect(withKeepState(copy, { keepError: 'quota' }).parsed).toBe(result.parsed);
  });

  it('a text that is not JSON fails to prepare, and can be tried again', async () => {
    const broken = new TextBackedResult('t1', `${text.slice(0, -1)},`, { kind: 'call-tool', envelope: 'spec' }, 0, text.length);
    await expect(prepareForView(broken)).rejects.toBeInstanceOf(SyntaxError);
    expect(broken.prepared).toBe(false);
    await expect(prepareForView(broken)).rejects.toBeInstanceOf(SyntaxError);
  });
});
