// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSavedServers, SERVERS_KEY } from './saved-servers';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.resetModules();
});

describe('saved servers', () => {
  it('keep a slot of a damaged value only with the fields that are understood', () => {
    const damaged = { slots: [null, 7, { serverUrl: 42, transport: 'x', headers: 'x', credentialOrigin: 1 }], active: 9 };
    expect(checkSavedServers(damaged)).toEqual({ slots: [{ headers: [], connected: false }], active: 9 });
    expect(checkSavedServers('nonsense')).toEqual({});
  });

  it('bind credentials stored without an origin to the server stored beside them, and drop user:password@', () => {
    const stored = {
      slots: [
        {
          serverUrl: 'http://me:pw@a.example:81/mcp',
          bearerToken: 't',
          headers: [{ id: 1, name: 'X', value: 'v' }, { id: 'x' }],
          connected: true,
        },
      ],
    };
    expect(checkSavedServers(stored).slots).toEqual([
      {
        serverUrl: 'http://a.example:81/mcp',
        credentialOrigin: 'http://a.example:81',
        bearerToken: 't',
        headers: [{ id: 1, name: 'X', value: 'v' }],
        connected: true,
      },
    ]);
  });

  it('are kept in this tab’s sessionStorage only, and restored with their credentials after a reload', async () => {
    const first = await import('./servers-store');
    const slot = first.activeSlot();
    slot.store.getState().serverUrlEdited('http://a.example/mcp');
    slot.store.getState().bearerTokenEdited('secret-token');
    await Promise.resolve();
    await Promise.resolve();
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
    expect(sessionStorage.getItem(SERVERS_KEY)).toContain('secret-token');

    vi.resetModules();
    const reloaded = await import('./servers-store');
    expect(reloaded.activeConnection()).toMatchObject({
      serverUrl: 'http://a.example/mcp',
      bearerToken: 'secret-token',
      credentialOrigin: 'http://a.example',
    });
    expect(reloaded.storedConnectedSlots()).toEqual([]);
  });

  it('start with one empty slot when the stored value is not JSON', async () => {
    sessionStorage.setItem(SERVERS_KEY, '{not json');
    const { serversStore, activeConnection } = await import('./servers-store');
    expect(serversStore.getState().slots).toHaveLength(1);
    expect(activeConnection().serverUrl).toBe('');
  });
});
