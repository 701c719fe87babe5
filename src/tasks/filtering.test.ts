import { describe, expect, it } from 'vitest';
import { countByStatus, visibleTasks } from './filtering';
import type { Task } from './task';
import { applyTaskUpdate, type TaskEntry } from './task-cache';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
function build(): TaskEntry[] {
  const tasks: Array<[Task, string]> = [
    [{ taskId: 'aaa1', status: 'working', statusMessage: 'Step 2', createdAt: at(1), lastUpdatedAt: at(9), ttl: null }, 'countdown'],
    [{ taskId: 'bbb2', status: 'completed', createdAt: at(2), lastUpdatedAt: at(3), ttl: null }, 'render_chart'],
    [{ taskId: 'ccc3', status: 'failed', statusMessage: 'disk full', createdAt: at(3), lastUpdatedAt: at(4), ttl: 1000 }, 'fail_after'],
  ];
  return tasks.reduce<TaskEntry[]>(
    (list, [t, tool]) => applyTaskUpdate(list, t, { source: 'create', now: 0, generation: 1, toolName: tool }).entries,
    [],
  );
}
const now = Date.UTC(2026, 0, 1, 0, 0, 3, 500);

describe('finding tasks', () => {
  it('counts per shown status, expired included', () => {
    const counts = countByStatus(build(), Date.UTC(2026, 0, 1, 0, 1));
    expect(counts).toMatchObject({ all: 3, working: 1, completed: 1, failed: 0, expired: 1 });
  });

  it('filters by status and by text in id, tool or message', () => {
    const base = { status: 'all' as const, query: '', sort: 'created' as const, now };
    expect(visibleTasks(build(), { ...base, status: 'completed' }).map((e) => e.task.taskId)).toEqual(['bbb2']);
    expect(visibleTasks(build(), { ...base, query: 'DISK' }).map((e) => e.task.taskId)).toEqual(['ccc3']);
    expect(visibleTasks(build(), { ...base, query: 'chart' }).map((e) => e.task.taskId)).toEqual(['bbb2']);
    expect(visibleTasks(build(), { ...base, query: 'aaa' }).map((e) => e.task.taskId)).toEqual(['aaa1']);
  });

  it('sorts by created (newest first) or by last update', () => {
    const base = { status: 'all' as const, query: '', now };
    expect(visibleTasks(build(), { ...base, sort: 'created' }).map((e) => e.task.taskId)).toEqual(['ccc3', 'bbb2', 'aaa1']);
    expect(visibleTasks(build(), { ...base, sort: 'updated' }).map((e) => e.task.taskId)).toEqual(['aaa1', 'ccc3', 'bbb2']);
  });
});
