// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

/** The store as at start-up, after storage holds `stored` under its key. */
async function loadWith(stored: unknown) {
  if (stored !== undefined) localStorage.setItem('taskdeck.layout', JSON.stringify(stored));
  return (await import('./layout-store')).layoutStore;
}

describe('the remembered layout', () => {
  it('starts from the defaults with nothing stored', async () => {
    const store = await loadWith(undefined);
    expect(store.getState()).toMatchObject({ sizes: { list: 60, details: 55, drawer: 32 }, drawerOpen: false, drawerTab: 'Protocol log' });
  });

  it('keeps what was resized and chosen across a reload, but not an open Run tool panel', async () => {
    const store = await loadWith(undefined);
    store.getState().paneResized('list', 44.4);
    store.getState().drawerTabChosen('Server info');
    store.getState().runToolOpened();
    vi.resetModules();
    const reloaded = await loadWith(undefined);
    expect(reloaded.getState()).toMatchObject({ sizes: { list: 44 }, drawerOpen: true, drawerTab: 'Server info', runToolOpen: false });
  });

  it('brings sizes into range and drops what it does not understand', async () => {
    const store = await loadWith({
      state: { sizes: { list: 5, details: 'big', drawer: 1e9 }, drawerOpen: 'yes', drawerTab: '<b>' },
      version: 1,
    });
    expect(store.getState()).toMatchObject({ sizes: { list: 30, details: 55, drawer: 70 }, drawerOpen: false, drawerTab: 'Protocol log' });
  });

  it('a resize past a limit stops at the limit', async () => {
    const store = await loadWith(undefined);
    store.getState().paneResized('details', 99);
    expect(store.getState().sizes.details).toBe(85);
  });
});
