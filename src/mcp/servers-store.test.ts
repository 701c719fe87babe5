// @vitest-environment jsdom
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectOptions, McpSession } from './session';

const opened: ConnectOptions[] = [];

vi.mock('./session', () => ({
  connectToServer: (options: ConnectOptions): Promise<McpSession> => {
    opened.push(options);
    if (opened.length > 1) return Promise.reject(new Error('Failed to fetch'));
    return Promise.resolve({
      client: {} as Client,
      serverUrl: options.url,
      generation: options.generation,
      transport: 'streamable-http',
      transportNote: undefined,
      serverInfo: undefined,
      protocolVersion: undefined,
      capabilities: {},
      instructions: undefined,
      notificationStream: Promise.resolve('open'),
      close: () => Promise.resolve(),
    });
  },
}));

beforeEach(() => {
  opened.length = 0;
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  sessionStorage.clear();
  localStorage.clear();
});

/** A second slot connected to a server that then goes away. */
async function lostConnection() {
  const { serversStore } = await import('./servers-store');
  const id = serversStore.getState().serverAdded();
  const slot = serversStore.getState().slots.find((s) => s.id === id);
  if (!slot) throw new Error('no slot');
  slot.store.getState().serverUrlEdited('http://a.example/mcp');
  await slot.store.getState().connectRequested();
  expect(slot.store.getState().status).toBe('Connected');
  opened[0]?.events.lost('The server went away.');
  expect(slot.store.getState()).toMatchObject({ status: 'Reconnecting', session: null, detail: 'The server went away.' });
  return { serversStore, id, slot };
}

describe('a lost connection', () => {
  it('is retried on the backoff', async () => {
    const { slot } = await lostConnection();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened.length).toBeGreaterThan(2);
    expect(slot.store.getState().detail).toContain('Last attempt: Failed to fetch');
  });

  it('is not retried once its slot is closed', async () => {
    const { serversStore, id } = await lostConnection();
    serversStore.getState().serverClosed(id);
    expect(serversStore.getState().slots.some((s) => s.id === id)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toHaveLength(1);
  });

  it('is not retried after the user disconnects', async () => {
    const { slot } = await lostConnection();
    await slot.store.getState().disconnectRequested();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toHaveLength(1);
    expect(slot.store.getState().status).toBe('Disconnected');
  });
});
