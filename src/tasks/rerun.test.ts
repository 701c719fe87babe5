import { describe, expect, it } from 'vitest';
import { buildArguments, fieldsFromSchema } from '../lib/schema-form';
import { unusedArguments, valuesFromArguments } from '../lib/schema-prefill';
import type { Task } from './task';
import { TaskRegistry, type RegistryBackend, type RememberedTask } from './task-registry';

/** IndexedDB does not run here: a Map behind the registry's storage interface, copied in and out like IndexedDB. */
function memoryBackend(): RegistryBackend & { rows: Map<string, RememberedTask> } {
  const rows = new Map<string, RememberedTask>();
  return {
    rows,
    load: (serverKey) => Promise.resolve([...rows.values()].filter((r) => r.serverKey === serverKey).map((r) => structuredClone(r))),
    write: (puts, deletes) => {
      for (const d of deletes) rows.delete(`${d.serverKey}\n${d.taskId}`);
      for (const p of puts) rows.set(`${p.serverKey}\n${p.taskId}`, structuredClone(p));
      return Promise.resolve();
    },
  };
}

const url = 'http://127.0.0.1:1/mcp';

function task(taskId: string, status: Task['status'], at = '2026-01-01T00:00:00Z'): Task {
  return { taskId, status, createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: at, ttl: null };
}

describe('the arguments a task was started with', () => {
  it('are remembered with the task, outlive its updates, and come back after a reload', async () => {
    const backend = memoryBackend();
    const registry = new TaskRegistry(backend);
    const args = { seconds: 30, label: 'nightly', token: 's3cret' };
    registry.rememberTask(url, task('t1', 'working'), { toolName: 'countdown', arguments: args });
    registry.updateTask(url, task('t1', 'completed', '2026-01-01T00:01:00Z'), {}, true);
    await registry.flush();
    expect(await registry.startArguments(url, 't1')).toEqual({ kind: 'known', toolName: 'countdown', arguments: args });
    expect([...backend.rows.values()][0]?.task.status).toBe('completed');

    const reloaded = new TaskRegistry(backend);
    expect(await reloaded.startArguments(url, 't1')).toEqual({ kind: 'known', toolName: 'countdown', arguments: args });
  });

  it('are unknown for a task started elsewhere (watched), or one never seen, and marked when too large to keep', async () => {
    const registry = new TaskRegistry(memoryBackend());
    registry.rememberTask(url, task('watched', 'working'));
    registry.rememberTask(url, task('huge', 'working'), { toolName: 'big', arguments: { text: 'x'.repeat(300_000) } });
    expect(await registry.startArguments(url, 'watched')).toEqual({ kind: 'unknown' });
    expect(await registry.startArguments(url, 'never')).toEqual({ kind: 'unknown' });
    expect(await registry.startArguments(url, 'huge')).toEqual({ kind: 'too-large', toolName: 'big' });
  });

  it('fill the Run tool form in so that running it sends the same arguments again', () => {
    const fields = fieldsFromSchema({
      type: 'object',
      properties: {
        seconds: { type: 'number', default: 5 },
        steps: { type: 'integer' },
        label: { type: 'string', default: 'x' },
        loud: { type: 'boolean', default: true },
        mode: { type: 'string', enum: ['a', 'b'] },
        channels: { type: 'array', items: { type: 'string', enum: ['mail', 'chat'] } },
        options: { type: 'object' },
        note: { type: 'string', default: 'left out' },
      },
      required: ['seconds'],
    });
    const args = { seconds: 0.5, steps: 3, label: 'nightly', loud: false, mode: 'b', channels: ['chat'], options: { deep: [1, null] } };
    const values = valuesFromArguments(fields, { ...args, removed: 1 });
    // Left out when it was started: left empty, so the server's default applies again (not the form's default).
    expect(values.note).toBe('');
    expect(buildArguments(fields, values)).toEqual({ ok: true, args });
    expect(unusedArguments(fields, { ...args, removed: 1, gone: 2 })).toEqual(['removed', 'gone']);
  });
});
