// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

// Each store is imported fresh, as at start-up, after storage holds what an earlier version wrote.
describe('settings stored before the versioned envelope are kept', () => {
  it('display prefs', async () => {
    localStorage.setItem('taskdeck.display', JSON.stringify({ theme: 'dark', timeFormat: 'utc', toasts: false }));
    const { useDisplayPrefs } = await import('../components/display-prefs');
    expect(useDisplayPrefs.getState()).toMatchObject({ theme: 'dark', timeFormat: 'utc', toasts: false });
  });

  it('display prefs, with defaults for what is not understood', async () => {
    localStorage.setItem('taskdeck.display', JSON.stringify({ theme: '<script>', timeFormat: 3, toasts: 'no' }));
    const { useDisplayPrefs } = await import('../components/display-prefs');
    expect(useDisplayPrefs.getState()).toMatchObject({ theme: 'system', timeFormat: 'relative', toasts: true });
  });

  it('the auto-fetch preference', async () => {
    localStorage.setItem('taskdeck.prefs', JSON.stringify({ autoFetch: false }));
    const { prefsStore } = await import('../tasks/prefs-store');
    expect(prefsStore.getState().autoFetch).toBe(false);
  });

  it('the task view (a plain string), while a linked view is shown but not remembered', async () => {
    localStorage.setItem('taskdeck.taskView', 'timeline');
    const { viewStore } = await import('../tasks/view-store');
    expect(viewStore.getState().view).toBe('timeline');
    viewStore.getState().viewLinked('table');
    vi.resetModules();
    const reloaded = await import('../tasks/view-store');
    expect(reloaded.viewStore.getState().view).toBe('timeline');
  });

  it('recent servers (a bare list)', async () => {
    localStorage.setItem(
      'taskdeck.recentServers',
      JSON.stringify([{ url: 'http://a.example/mcp', transport: 'sse', lastUsed: 1 }, { url: 7 }]),
    );
    const { readRecentServers, rememberServer } = await import('../mcp/recent-servers');
    expect(readRecentServers()).toEqual([{ url: 'http://a.example/mcp', transport: 'sse', lastUsed: 1 }]);
    rememberServer({ url: 'http://u:p@b.example/mcp', transport: 'auto' }, 2);
    expect(readRecentServers().map((r) => r.url)).toEqual(['http://b.example/mcp', 'http://a.example/mcp']);
    expect(localStorage.getItem('taskdeck.recentServers')).not.toContain('u:p@');
  });
});
