import { describe, expect, it } from 'vitest';
import { CLIP_CHARS, clippedLength, clippedStart, clipText, holdClipped, wholeText } from '../lib/clipped-text';
import { CLIP_ABOVE, clipTaskMessages } from './offload-clip';

const task = (statusMessage: string, taskId = 't1') => ({
  taskId,
  status: 'completed',
  statusMessage,
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ttl: null,
});

describe('clipping over-long statusMessages', () => {
  it('keeps the start and names the whole length; the same text clips the same, another text differently', () => {
    const full = 'x'.repeat(1_000_000);
    const clipped = clipText(full);
    expect(clipped.length).toBeLessThan(CLIP_CHARS + 80);
    expect(clippedStart(clipped)).toBe('x'.repeat(CLIP_CHARS));
    expect(clippedLength(clipped)).toBe(1_000_000);
    expect(clipText('x'.repeat(1_000_000))).toBe(clipped);
    // Same start, same length, one character different at the end: told apart by the hash.
    expect(clipText(`${'x'.repeat(999_999)}y`)).not.toBe(clipped);
    expect(clippedLength('an ordinary message')).toBeUndefined();
  });

  it('never cuts a surrogate pair in two', () => {
    const full = `${'a'.repeat(CLIP_CHARS - 1)}${'😀'.repeat(10_000)}`;
    expect(clippedStart(clipText(full))).toBe('a'.repeat(CLIP_CHARS - 1));
  });

  it('clips the statusMessage of a push, a tasks/get answer, a tasks/list page and a created task, and nothing else', () => {
    const long = 'm'.repeat(CLIP_ABOVE + 1);
    const push = { jsonrpc: '2.0', method: 'notifications/tasks/status', params: task(long) };
    const get = { jsonrpc: '2.0', id: 1, result: task(long) };
    const list = { jsonrpc: '2.0', id: 2, result: { tasks: [task('short'), task(long, 't2')] } };
    const created = { jsonrpc: '2.0', id: 3, result: { task: task(long) } };
    const tool = { jsonrpc: '2.0', id: 4, result: { content: [], structuredContent: { statusMessage: long } } };
    expect(clipTaskMessages([push, get]).map((c) => c.full)).toEqual([long, long]);
    expect(clipTaskMessages(list)).toHaveLength(1);
    expect(clipTaskMessages(created)).toHaveLength(1);
    expect(clipTaskMessages(tool)).toEqual([]);
    for (const m of [push.params, get.result, list.result.tasks[1], created.result.task])
      expect(clippedLength(m?.statusMessage ?? '')).toBe(long.length);
    expect(list.result.tasks[0]?.statusMessage).toBe('short');
    expect(tool.result.structuredContent.statusMessage).toBe(long);
    // At the bound: kept whole.
    const atBound = { jsonrpc: '2.0', id: 5, result: task('m'.repeat(CLIP_ABOVE)) };
    expect(clipTaskMessages(atBound)).toEqual([]);
  });

  it('holds the whole text for copying, by the clipped text, and lets the least recently used go beyond its bound', () => {
    const first = `first ${'a'.repeat(4_000_000)}`;
    const clipped = clipText(first);
    holdClipped([{ clipped, full: first }]);
    expect(wholeText(clipped)).toBe(first);
    expect(wholeText('not clipped')).toBe('not clipped');
    // 32 MB of other whole texts: the first, not used since, is no longer held; the last ones are.
    const others = Array.from({ length: 9 }, (_, i) => `${i} ${'b'.repeat(4_000_000)}`);
    holdClipped(others.map((full) => ({ clipped: clipText(full), full })));
    expect(wholeText(clipped)).toBeUndefined();
    expect(wholeText(clipText(others[8] ?? ''))).toBe(others[8]);
  });
});
