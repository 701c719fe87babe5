import { describe, expect, it } from 'vitest';
import { canCancel, canFetchResult, isTaskStatus, isTerminal, TASK_STATUSES } from './status';

describe('status rules', () => {
  it('treats exactly completed, failed and cancelled as terminal', () => {
    expect(TASK_STATUSES.filter(isTerminal)).toEqual(['completed', 'failed', 'cancelled']);
    expect(isTerminal('expired')).toBe(false);
    expect(isTerminal('')).toBe(false);
  });

  it('allows Fetch result only for terminal statuses', () => {
    expect(canFetchResult('working')).toBe(false);
    expect(canFetchResult('input_required')).toBe(false);
    expect(canFetchResult('completed')).toBe(true);
    expect(canFetchResult('failed')).toBe(true);
    expect(canFetchResult('cancelled')).toBe(true);
  });

  it('allows cancel only while the task runs', () => {
    expect(TASK_STATUSES.filter(canCancel)).toEqual(['working', 'input_required']);
  });

  it('recognises only the five protocol statuses', () => {
    expect(isTaskStatus('working')).toBe(true);
    expect(isTaskStatus('done')).toBe(false);
    expect(isTaskStatus(3)).toBe(false);
  });
});
