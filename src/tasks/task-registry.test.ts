import { describe, expect, it } from 'vitest';
import type { Task } from './task';
import {
  chooseRegistryEvictions,
  registryKey,
  TaskRegistry,
  type RegistryBackend,
  type RegistryKey,
  type RememberedTask,
} from './task-registry';

/** IndexedDB does not run here: the registry's storage is behind an interface, and this is a Map behind it. */
class MemoryBackend implements RegistryBackend {
  readonly rows = new Map<string, RememberedTask>();
  writes: Array<{ puts: number; deletes: number }> = [];
  failNext: Error | undefined;
  loads = 0;

  load(serverKey: string): Promise<RememberedTask[]> {
    this.loads++;
    return Promise.resolve([...this.rows.values()].filter((r) => r.serverKey === serverKey).map((r) => structuredClone(r)));
  }
  write(puts: readonly RememberedTask[], deletes: readonly RegistryKey[]): Promise<void> {
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = undefined;
      return Promise.reject(error);
    }
    this.writes.push({ puts: puts.length, deletes: deletes.length });
    for (const d of deletes) this.rows.delete(`${d.serverKey}\n${d.taskId}`);
    for (const p of puts) this.rows.set(`${p.serverKey}\n${p.taskId}`, structuredClone(p));
    return Promise.resolve();
  }
  stored(taskId: string): RememberedTask | undefined {
    return [...this.rows.values()].find((r) => r.taskId === taskId);
  }
}

/** Timers the test runs by hand: nothing is written until the test says time has passed. */
class ManualClock {
  now = 1_000;
  private timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  schedule = (fn: () => void, ms: number) => {
    const timer = { at: this.now + ms, fn, live: true };
    this.timers.push(timer);
    return () => (timer.live = false);
  };
  pending(): number {
    return this.timers.filter((t) => t.live).length;
  }
  /** Moves time on and runs what fell due, then lets the writes they started settle. */
  async advance(ms: number): Promise<void> {
    this.now += ms;
    const due = this.timers.filter((t) => t.live && t.at <= this.now);
    this.timers = this.timers.filter((t) => t.live && t.at > this.now);
    for (const t of due) t.fn();
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }
}

const url = 'http://127.0.0.1:3210/mcp';
const task = (taskId: string, status: Task['status'] = 'working', at = 0, statusMessage?: string): Task => ({
  taskId,
  status,
  createdAt: new Date(1_700_000_000_000).toISOString(),
  lastUpdatedAt: new Date(1_700_000_000_000 + at).toISOString(),
  ttl: 60_000,
  pollInterval: 500,
  ...(statusMessage !== undefined && { statusMessage }),
});

function setup(cap?: number) {
  const backend = new MemoryBackend();
  const clock = new ManualClock();
  const errors: Array<string | undefined> = [];
  const registry = new TaskRegistry(backend, {
    now: () => clock.now,
    schedule: clock.schedule,
    onError: (e) => errors.push(e),
    ...(cap !== undefined && { cap }),
  });
  return { backend, clock, errors, registry };
}

describe('task registry', () => {
  it('keys a server by its URL without credentials', () => {
    expect(registryKey('http://user:secret@127.0.0.1:3210/mcp')).toBe(url);
    expect(registryKey(' http://127.0.0.1:3210/mcp ')).toBe(url);
  });

  it('keys a typed stdio command by its program and a fingerprint, never by its arguments; a configured one by its name', () => {
    const typed = registryKey('stdio:/usr/local/bin/npx -y some-server --api-key sk-live-123456');
    expect(typed).toMatch(/^stdio-command:npx#[0-9a-f]{16}$/);
    expect(typed).not.toContain('sk-live');
    // The same line again (typed after a reload) finds the same tasks; another line does not.
    expect(registryKey('stdio:/usr/local/bin/npx -y some-server --api-key sk-live-123456')).toBe(typed);
    expect(registryKey('stdio:/usr/local/bin/npx -y some-server --api-key sk-live-654321')).not.toBe(typed);
    expect(registryKey('stdio:everything')).toBe('stdio:everything');
  });

  it('remembers a task with its details and writes it at once; a second registry (a reload) loads it', async () => {
    const { backend, clock, registry } = setup();
    registry.rememberTask(url, task('a', 'working', 0, 'step 1'), { toolName: 'countdown' });
    await clock.advance(0);
    expect(backend.stored('a')).toMatchObject({
      serverKey: url,
      toolName: 'countdown',
      task: { status: 'working', statusMessage: 'step 1' },
    });

    const reloaded = new TaskRegistry(backend, { schedule: clock.schedule });
    const loaded = await reloaded.loadTasks(url);
    expect(loaded.map((r) => [r.taskId, r.task.pollInterval, r.task.ttl])).toEqual([['a', 500, 60_000]]);
    expect(await reloaded.loadTasks('http://other/mcp')).toEqual([]);
  });

  it('a storm of state changes is one write per second, with the latest state', async () => {
    const { backend, clock, registry } = setup();
    registry.rememberTask(url, task('a'));
    await clock.advance(0);
    expect(backend.writes).toHaveLength(1);
    for (let i = 1; i <= 5_000; i++) registry.updateTask(url, task('a', 'working', i, `step ${i}`));
    // Nothing yet: state changes wait for the next write.
    expect(backend.writes).toHaveLength(1);
    expect(clock.pending()).toBe(1);
    await clock.advance(1_000);
    expect(backend.writes).toEqual([
      { puts: 1, deletes: 0 },
      { puts: 1, deletes: 0 },
    ]);
    expect(backend.stored('a')?.task.statusMessage).toBe('step 5000');
    // The same state again changes nothing and writes nothing.
    registry.updateTask(url, task('a', 'working', 5_000, 'step 5000'));
    await clock.advance(1_000);
    expect(backend.writes).toHaveLength(2);
  });

  it('a new status is written soon (a reload right after loses nothing), batched with what waited', async () => {
    const { backend, clock, registry } = setup();
    registry.rememberTask(url, task('a'));
    registry.rememberTask(url, task('b'));
    await clock.advance(0);
    registry.updateTask(url, task('a', 'working', 1, 'step 1'));
    registry.updateTask(url, task('b', 'completed', 2));
    await clock.advance(0);
    expect(backend.writes).toEqual([
      { puts: 2, deletes: 0 },
      { puts: 2, deletes: 0 },
    ]);
    expect(backend.stored('b')?.task.status).toBe('completed');
    expect(backend.stored('a')?.task.statusMessage).toBe('step 1');
  });

  it('updates only what it remembers, and never with an older state or a changed terminal status', async () => {
    const { backend, clock, registry } = setup();
    registry.updateTask(url, task('stranger', 'completed'));
    registry.rememberTask(url, task('a', 'working', 10));
    registry.updateTask(url, task('a', 'working', 5, 'older'));
    registry.updateTask(url, task('a', 'completed', 20));
    registry.updateTask(url, task('a', 'working', 30, 'after the end'));
    await clock.advance(1_000);
    expect(backend.stored('stranger')).toBeUndefined();
    expect(backend.stored('a')?.task).toMatchObject({ status: 'completed' });
    expect(backend.stored('a')?.task.statusMessage).toBeUndefined();
    // The task list in the cache has applied the rules already (a server's correction after an optimistic cancel).
    registry.updateTask(url, task('a', 'cancelled', 40), {}, true);
    await clock.advance(1_000);
    expect(backend.stored('a')?.task.status).toBe('cancelled');
  });

  it('remembers that the server forgot a task, and a huge statusMessage only in part', async () => {
    const { backend, clock, registry } = setup();
    registry.rememberTask(url, task('a', 'working', 0, 'x'.repeat(1_000_000)));
    registry.updateTask(url, task('a', 'working', 0, 'x'.repeat(1_000_000)), { expired: { at: 5, reason: 'Task not found' } });
    await clock.advance(1_000);
    const stored = backend.stored('a');
    expect(stored?.expired).toEqual({ at: 5, reason: 'Task not found' });
    expect(stored?.task.statusMessage?.length).toBeLessThanOrEqual(4_001);
  });

  it('forgets a task: deleted from storage, and a load that lands later does not bring it back', async () => {
    const { backend, clock, registry } = setup();
    registry.rememberTask(url, task('a'));
    registry.rememberTask(url, task('b'));
    await clock.advance(0);
    const fresh = new TaskRegistry(backend, { schedule: clock.schedule });
    await fresh.forgetTask(url, 'a');
    expect(backend.stored('a')).toBeUndefined();
    expect((await fresh.loadTasks(url)).map((r) => r.taskId)).toEqual(['b']);
    expect(fresh.isRemembered(url, 'a')).toBe(false);
    // Watched again: remembered again.
    fresh.rememberTask(url, task('a'));
    await fresh.flush();
    expect(backend.stored('a')).toBeDefined();
  });

  it('a task remembered before the stored ones are loaded keeps the newer state of this page', async () => {
    const { backend, clock, registry } = setup();
    registry.rememberTask(url, task('a', 'working', 0, 'stored'));
    await clock.advance(0);
    const before = backend.loads;
    const page = new TaskRegistry(backend, { schedule: clock.schedule });
    page.rememberTask(url, task('a', 'completed', 10, 'this page'));
    const loaded = await page.loadTasks(url);
    expect(loaded.map((r) => r.task.statusMessage)).toEqual(['this page']);
    // One read, shared by the load and the write that waited for it.
    await page.flush();
    expect(backend.loads - before).toBe(1);
    expect(backend.stored('a')?.task.statusMessage).toBe('this page');
  });

  it('past the cap, the oldest ended tasks are forgotten first', async () => {
    const { backend, clock, registry } = setup(3);
    registry.rememberTask(url, task('live-old'));
    await clock.advance(10);
    registry.rememberTask(url, task('done-old', 'completed'));
    await clock.advance(10);
    registry.rememberTask(url, task('done-new', 'failed'));
    await clock.advance(10);
    registry.rememberTask(url, task('newest'));
    await clock.advance(10);
    expect([...backend.rows.values()].map((r) => r.taskId).sort()).toEqual(['done-new', 'live-old', 'newest']);
    expect(registry.isRemembered(url, 'done-old')).toBe(false);
  });

  it('chooseRegistryEvictions: ended first, oldest change first, only the excess', () => {
    const r = (taskId: string, status: Task['status'], changedAt: number, expired = false): RememberedTask => ({
      serverKey: url,
      taskId,
      task: task(taskId, status),
      rememberedAt: 0,
      changedAt,
      ...(expired && { expired: { at: 1, reason: 'gone' } }),
    });
    const records = [r('live1', 'working', 1), r('gone', 'working', 9, true), r('done', 'completed', 5), r('live2', 'input_required', 2)];
    expect(chooseRegistryEvictions(records, 4)).toEqual([]);
    expect(chooseRegistryEvictions(records, 2).map((x) => x.taskId)).toEqual(['done', 'gone']);
    expect(chooseRegistryEvictions(records, 1).map((x) => x.taskId)).toEqual(['done', 'gone', 'live1']);
  });

  it('a failed write is reported, kept, and written with the next change; success clears the report', async () => {
    const { backend, clock, errors, registry } = setup();
    backend.failNext = new Error("The browser's storage is full: could not remember the tasks.");
    registry.rememberTask(url, task('a'));
    await clock.advance(0);
    expect(errors).toEqual(["The browser's storage is full: could not remember the tasks."]);
    expect(backend.stored('a')).toBeUndefined();
    registry.rememberTask(url, task('b'));
    await clock.advance(0);
    expect([...backend.rows.values()].map((x) => x.taskId).sort()).toEqual(['a', 'b']);
    expect(errors).toEqual(["The browser's storage is full: could not remember the tasks.", undefined]);
  });

  it('forgetTask rejects when storage refuses, and the task stays out of this page', async () => {
    const { backend, errors, registry } = setup();
    registry.rememberTask(url, task('a'));
    await registry.flush();
    backend.failNext = new Error('Could not remember the tasks: disk error');
    await expect(registry.forgetTask(url, 'a')).rejects.toThrow('disk error');
    expect(errors).toContain('Could not remember the tasks: disk error');
    expect(registry.isRemembered(url, 'a')).toBe(false);
    // Deleted at the next write.
    await registry.flush();
    expect(backend.stored('a')).toBeUndefined();
  });

  it('a load that fails is reported and tried again', async () => {
    const { backend, errors, registry } = setup();
    const load = backend.load.bind(backend);
    let failing = true;
    backend.load = (key) => (failing ? Promise.reject(new Error('Could not read the remembered tasks: broken')) : load(key));
    await expect(registry.loadTasks(url)).rejects.toThrow('broken');
    expect(errors[0]).toMatch(/Could not read the tasks this browser remembers for http:\/\/127\.0\.0\.1:3210\/mcp: .*broken/);
    failing = false;
    expect(await registry.loadTasks(url)).toEqual([]);
  });
});
