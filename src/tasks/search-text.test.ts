import { describe, expect, it } from 'vitest';
import { searchableText, searchableTextOfJson } from './search-text';

describe('searchableText', () => {
  it('holds text blocks, resource texts and structuredContent, lower-cased', () => {
    const text = searchableText({
      content: [
        { type: 'text', text: 'Hello Walrus' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside the Resource' } },
        { type: 'image', data: 'QUJDREVGR0g=', mimeType: 'image/png' },
      ],
      structuredContent: { city: 'Oslo', temp: 4 },
    });
    expect(text).toContain('hello walrus');
    expect(text).toContain('inside the resource');
    expect(text).toContain('"city":"oslo"');
    // base64 image bytes are not searched
    expect(text).not.toContain('qujdrevgr0g');
  });

  it('is bounded in size', () => {
    const text = searchableText(
      {
        content: [
          { type: 'text', text: 'x'.repeat(5000) },
          { type: 'text', text: 'needle' },
        ],
      },
      1000,
    );
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(text).not.toContain('needle');
  });

  it('survives a deeply nested value without overflowing the stack', () => {
    let deep: unknown = { text: 'bottom' };
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    expect(searchableText(deep)).toContain('bottom');
  });

  it('searches text that is not JSON as it is', () => {
    expect(searchableTextOfJson('{not json ABC')).toBe('{not json abc');
    expect(searchableTextOfJson(JSON.stringify({ content: [{ type: 'text', text: 'Zebra' }] }))).toBe('zebra');
  });
});
