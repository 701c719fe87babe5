import { describe, expect, it } from 'vitest';
import { formatDuration } from './time';

describe('formatDuration', () => {
  it('prints human units and never "-0 s"', () => {
    expect(formatDuration(-3)).toBe('0 s');
    expect(formatDuration(-4000)).toBe('-4 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
  });
});
