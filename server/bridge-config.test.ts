import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServerFlag, readConfigFile, splitCommandLine } from './bridge-config';

describe('configured stdio servers', () => {
  it('splits a command line like a shell, without running one', () => {
    expect(splitCommandLine(`npx -y "@scope/server x" 'a b' c\\ d ""`)).toEqual(['npx', '-y', '@scope/server x', 'a b', 'c d', '']);
    expect(splitCommandLine('echo $HOME; rm -rf /')).toEqual(['echo', '$HOME;', 'rm', '-rf', '/']);
    expect(() => splitCommandLine('node "unclosed')).toThrow(/Unclosed/);
  });

  it('takes --server name="command args" with a plain name only', () => {
    expect(parseServerFlag('everything=npx mcp-server-everything stdio')).toEqual([
      'everything',
      { command: 'npx', args: ['mcp-server-everything', 'stdio'] },
    ]);
    expect(() => parseServerFlag('npx mcp-server-everything')).toThrow(/name=/);
    expect(() => parseServerFlag('a b=node x')).toThrow(/plain name/);
    expect(() => parseServerFlag('empty=')).toThrow(/empty/);
  });

  it("reads the Inspector's mcp.json shape, skipping HTTP entries", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'taskdeck-config-'));
    try {
      const path = join(dir, 'mcp.json');
      await writeFile(
        path,
        JSON.stringify({
          mcpServers: {
            demo: { command: 'node', args: ['server.js'], env: { API_KEY: 'k' }, cwd: 'sub' },
            remote: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp' },
          },
        }),
      );
      const { servers, skipped } = await readConfigFile(path);
      expect(servers).toEqual([['demo', { command: 'node', args: ['server.js'], env: { API_KEY: 'k' }, cwd: join(dir, 'sub') }]]);
      expect(skipped).toEqual(['remote']);
      await writeFile(path, JSON.stringify({ mcpServers: { demo: { command: 'node', args: 'server.js' } } }));
      await expect(readConfigFile(path)).rejects.toThrow(/args/);
      await writeFile(path, '{ not json');
      await expect(readConfigFile(path)).rejects.toThrow(/not JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
