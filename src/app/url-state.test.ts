import { describe, expect, it } from 'vitest';
import { readDeepLink, writeDeepLink } from './url-state';

describe('deep link', () => {
  it('reads server, transport and task, defaulting transport to auto', () => {
    expect(readDeepLink('?server=http%3A%2F%2Fh%2Fmcp&task=t1')).toEqual({ server: 'http://h/mcp', transport: 'auto', task: 't1' });
    expect(readDeepLink('?transport=sse').transport).toBe('sse');
    expect(readDeepLink('?transport=carrier-pigeon').transport).toBe('auto');
  });

  it('reads and writes the task list filters', () => {
    expect(readDeepLink('?status=failed&q=disk&sort=updated')).toMatchObject({ status: 'failed', q: 'disk', sort: 'updated' });
    expect(readDeepLink('?status=bogus').status).toBeUndefined();
    const params = new URLSearchParams(writeDeepLink('', { transport: 'auto', status: 'expired', q: 'x y', sort: 'created' }));
    expect([params.get('status'), params.get('q'), params.has('sort')]).toEqual(['expired', 'x y', false]);
  });

  it('writes them back, keeping unrelated parameters and dropping empty ones', () => {
    const search = writeDeepLink('?theme=dark&task=old', { server: 'http://h/mcp', transport: 'streamable-http' });
    const params = new URLSearchParams(search);
    expect(params.get('theme')).toBe('dark');
    expect(params.get('server')).toBe('http://h/mcp');
    expect(params.get('transport')).toBe('streamable-http');
    expect(params.has('task')).toBe(false);
    expect(writeDeepLink('', { transport: 'auto' })).toBe('');
  });

  it('reads and writes the task view, leaving the default table out of the URL', () => {
    expect(readDeepLink('?view=timeline').view).toBe('timeline');
    expect(readDeepLink('?view=pie').view).toBeUndefined();
    expect(new URLSearchParams(writeDeepLink('?q=x', { transport: 'auto', q: 'x', view: 'timeline' })).get('view')).toBe('timeline');
    expect(writeDeepLink('?view=timeline', { transport: 'auto', view: 'table' })).toBe('');
  });
});
