import { describe, expect, it } from 'vitest';
import { chooseEvictions, type KeptUsage } from './result-store';

const u = (taskId: string, size: number, usedAt: number, serverUrl = 'http://a/'): KeptUsage => ({ serverUrl, taskId, size, usedAt });

describe('chooseEvictions (kept results quota)', () => {
  it('deletes nothing while everything fits', () => {
    expect(chooseEvictions([u('a', 10, 1), u('b', 10, 2)], 20, () => false)).toEqual([]);
  });

  it('deletes the ones used longest ago until the rest fit', () => {
    const usage = [u('new', 40, 30), u('old', 30, 10), u('mid', 30, 20)];
    expect(chooseEvictions(usage, 70, () => false).map((k) => k.taskId)).toEqual(['old']);
    expect(chooseEvictions(usage, 40, () => false).map((k) => k.taskId)).toEqual(['old', 'mid']);
  });

  it('never deletes a protected one (the result just kept, the one on screen)', () => {
    const usage = [u('shown', 50, 1), u('old', 30, 2), u('kept-now', 50, 3)];
    const evicted = chooseEvictions(usage, 60, (k) => k.taskId === 'shown' || k.taskId === 'kept-now');
    expect(evicted.map((k) => k.taskId)).toEqual(['old']);
  });

  it('tells servers apart', () => {
    const evicted = chooseEvictions([u('t', 50, 1, 'http://a/'), u('t', 50, 2, 'http://b/')], 60, (k) => k.serverUrl === 'http://b/');
    expect(evicted).toEqual([{ serverUrl: 'http://a/', taskId: 't' }]);
  });
});
