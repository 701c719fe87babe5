import { describe, expect, it } from 'vitest';
import { describeMoment, formatAbsolute, formatDuration, formatMoment, formatSpan } from './time';

describe('formatDuration', () => {
  it('prints human units and never "-0 s"', () => {
    expect(formatDuration(-3)).toBe('0 s');
    expect(formatDuration(-4000)).toBe('-4 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
  });
});

describe('formatMoment', () => {
  const now = Date.parse('2026-12-02T15:00:30Z');
  it('formats the three styles', () => {
    expect(formatMoment('2026-12-02T15:00:00Z', now, 'relative')).toBe('30 s ago');
    expect(formatMoment('2026-12-02T15:00:00Z', now, 'utc')).toBe('2026-12-02 15:00:00 UTC');
    expect(formatMoment('2026-12-02T15:00:00Z', now, 'absolute')).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(formatMoment('2025-01-02T15:00:00Z', now, 'absolute')).toMatch(/^2025-01-0\d \d\d:\d\d:\d\d$/);
  });
  it('says when the server sent an unreadable time', () => {
    expect(formatMoment('yesterday', now, 'utc')).toBe('invalid time (yesterday)');
    expect(describeMoment('', now)).toContain('unreadable');
  });
});

describe('the local reading of a moment', () => {
  it("is the browser's own toLocaleString() of it, in hover texts and absolute times alike", () => {
    for (const iso of ['2026-12-02T15:00:00Z', '1999-02-28T23:59:59.999Z', '2031-07-04T00:00:01Z']) {
      const local = new Date(iso).toLocaleString();
      expect(formatAbsolute(iso)).toBe(local);
      expect(describeMoment(iso)).toBe(`${local} · ${formatMoment(iso, 0, 'utc')}`);
    }
  });
});

describe('formatSpan', () => {
  it('uses milliseconds below a second and tenths below ten seconds', () => {
    expect(formatSpan(350)).toBe('350 ms');
    expect(formatSpan(2_440)).toBe('2.4 s');
    expect(formatSpan(65_000)).toBe('1 min 5 s');
  });
});
