import { describe, expect, it } from 'vitest';
import { clip } from './clip';
import { ERROR_MESSAGE_CAP, messageOf } from './errors';

describe('server text is bounded where it is shown', () => {
  it('messageOf keeps a short message as it is', () => {
    expect(messageOf(new Error('MCP error -32602: unknown task'))).toBe('MCP error -32602: unknown task');
    expect(messageOf('plain')).toBe('plain');
  });

  it('messageOf cuts a megabyte message and says how much was left out', () => {
    const message = messageOf(new Error(`MCP error -32603: ${'x'.repeat(1_000_000)}`));
    expect(message.length).toBeLessThan(ERROR_MESSAGE_CAP + 100);
    expect(message.startsWith('MCP error -32603: xxx')).toBe(true);
    expect(message).toMatch(/… \([\d,.\s]+ more characters\)$/);
  });

  it('clip marks where it cut', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('a'.repeat(300), 200)).toBe(`${'a'.repeat(200)}…`);
  });
});
