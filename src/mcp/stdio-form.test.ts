import { describe, expect, it } from 'vitest';
import { emptyStdioForm, stdioLaunch } from './stdio-form';

describe('stdio servers in links and launches', () => {
  it('starts a linked name by name, a typed command with its environment, and never a command line from an identity', async () => {
    expect(await stdioLaunch({ ...emptyStdioForm(), command: 'demo', byName: true }, 'stdio:demo')).toEqual({ name: 'demo' });
    expect(await stdioLaunch(emptyStdioForm(), 'stdio:demo')).toEqual({ name: 'demo' });
    const env = [{ id: 1, name: ' API_KEY ', value: 's3cret' }];
    expect(await stdioLaunch({ command: 'node server.js', args: '--port 1', cwd: ' /srv ', env }, '')).toEqual({
      commandLine: 'node server.js --port 1',
      cwd: '/srv',
      env: { API_KEY: 's3cret' },
    });
    await expect(stdioLaunch(emptyStdioForm(), 'stdio:node evil.js')).rejects.toThrow(/Enter the command/);
  });
});
