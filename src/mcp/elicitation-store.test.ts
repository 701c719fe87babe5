import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_PER_SERVER, elicitationStore } from './elicitation-store';

describe('pending input requests', () => {
  it('hold at most MAX_PENDING_PER_SERVER per server: the oldest are answered cancel and counted', () => {
    const answers = new Map<string, ElicitResult>();
    const store = elicitationStore.getState();
    for (let i = 0; i < 1000; i++) {
      store.elicitationReceived({ key: `a${i}`, serverUrl: 'http://a/', message: 'm', requestedSchema: {}, receivedAt: i }, (r) =>
        answers.set(`a${i}`, r),
      );
    }
    store.elicitationReceived({ key: 'b0', serverUrl: 'http://b/', message: 'm', requestedSchema: {}, receivedAt: 0 }, () => {});
    const { pending, overflow } = elicitationStore.getState();
    expect(pending.filter((p) => p.serverUrl === 'http://a/')).toHaveLength(MAX_PENDING_PER_SERVER);
    expect(pending.filter((p) => p.serverUrl === 'http://b/')).toHaveLength(1);
    expect(pending.some((p) => p.key === 'a999')).toBe(true);
    expect(overflow['http://a/']).toBe(1000 - MAX_PENDING_PER_SERVER);
    expect(answers.get('a0')).toEqual({ action: 'cancel' });
    expect(answers.has('a999')).toBe(false);
  });
});
