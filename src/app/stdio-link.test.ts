import { describe, expect, it } from 'vitest';
import { emptyStdioForm, stdioIdentity } from '../mcp/stdio-form';
import { readDeepLink, writeDeepLink } from './url-state';

describe('stdio servers in the address bar', () => {
  it('a deep link names a stdio server only by a configured name, never by a command line', () => {
    expect(readDeepLink('?server=stdio%3Aeverything&transport=stdio').server).toBe('stdio:everything');
    expect(readDeepLink(`?${new URLSearchParams({ server: 'stdio:rm -rf ~', transport: 'stdio' }).toString()}`).server).toBeUndefined();
    expect(readDeepLink(`?${new URLSearchParams({ server: 'stdio:node;evil', transport: 'stdio' }).toString()}`).server).toBeUndefined();
    expect(readDeepLink('?server=stdio%3Aeverything&transport=auto').server).toBeUndefined();
    expect(readDeepLink('?server=http%3A%2F%2Fh%2Fmcp&transport=bridge')).toMatchObject({ server: 'http://h/mcp', transport: 'bridge' });
  });

  it('writes a configured name to the address bar, and a typed command line not at all', () => {
    expect(writeDeepLink('', { server: 'stdio:demo', transport: 'stdio' })).toBe('?server=stdio%3Ademo&transport=stdio');
    const typed = stdioIdentity({ ...emptyStdioForm(), command: 'node server.js', args: '--key abc' });
    expect(typed).toBe('stdio:node server.js --key abc');
    expect(writeDeepLink('', { server: typed, transport: 'stdio' })).toBe('');
  });
});
