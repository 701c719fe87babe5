// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useWarmMarkdown } from './warm-markdown';

const loaded = vi.hoisted(() => ({ count: 0 }));

vi.mock('./MarkdownView', () => {
  loaded.count += 1;
  return { default: () => null };
});

describe('useWarmMarkdown', () => {
  it('loads the markdown view when idle once a server is connected, not before, and only once', async () => {
    // jsdom has no requestIdleCallback: the idle wait is a timer.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { rerender } = renderHook(({ connected }) => useWarmMarkdown(connected), { initialProps: { connected: false } });
    expect(vi.getTimerCount()).toBe(0);
    rerender({ connected: true });
    expect(vi.getTimerCount()).toBe(1);
    expect(loaded.count).toBe(0);
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    await waitFor(() => expect(loaded.count).toBe(1));
    rerender({ connected: false });
    rerender({ connected: true });
    renderHook(() => useWarmMarkdown(true)).unmount();
    expect(loaded.count).toBe(1);
  });
});
