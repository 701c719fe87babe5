import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBackResult } from './held-results';
import { forgetKept } from './kept-query';
import { mcpKeys } from './keys';
import type { KeptResult } from './result-store';
import { keptRecord } from './kept-records.test-support';

const stored: { records: KeptResult[]; reads: number; gate?: Promise<void> } = { records: [], reads: 0 };
vi.mock('./result-store', () => ({
  keptResults: () => {
    stored.reads++;
    return Promise.resolve(stored.records);
  },
  keptResultOf: async (_url: string, taskId: string) => {
    stored.reads++;
    const found = stored.records.find((r) => r.taskId === taskId);
    if (stored.gate) await stored.gate;
    return found;
  },
  forgetResult: (_url: string, taskId: string) => {
    stored.records = stored.records.filter((r) => r.taskId !== taskId);
    return Promise.resolve();
  },
  forgetAllResults: () => Promise.resolve(),
  keptUsage: () => Promise.resolve({ count: 0, bytes: 0 }),
  keepResult: () => Promise.resolve([]),
  keptQuota: () => 1,
}));

const url = 'http://127.0.0.1:1/mcp';
const valueOf = (word: string) => ({ content: [{ type: 'text', text: word }] });

afterEach(() => {
  stored.records = [];
  stored.reads = 0;
  stored.gate = undefined;
});

describe('reading a kept result back', () => {
  it('a result forgotten while it is being read back is not put back into memory', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(mcpKeys.kept(url), ['x']);
    stored.records = [keptRecord(url, 'x', 10, { raw: valueOf('secret') })];
    let open!: () => void;
    stored.gate = new Promise<void>((resolve) => (open = resolve));
    const reading = readBackResult(queryClient, url, 'x');
    // The user deletes the kept result (Forget / Delete all kept / Forget task with its result) meanwhile.
    await forgetKept(queryClient, url, 'x');
    expect(queryClient.getQueryData<string[]>(mcpKeys.kept(url))).toEqual([]);
    open();
    await reading;
    expect(queryClient.getQueryData(mcpKeys.result(url, 'x'))).toBeUndefined();
  });
});
