import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs the plugin's two hooks the way Vite does after a build written to `outDir`, with `root` as the project. */
async function runPlugin(root: string, outDir: string): Promise<void> {
  const plugin = precompress();
  const configResolved = plugin.configResolved as (config: { root: string; build: { outDir: string } }) => void;
  const closeBundle = plugin.closeBundle as () => Promise<void>;
  configResolved({ root, build: { outDir } });
  await closeBundle();
}

describe('precompress', () => {
  it('writes brotli and gzip copies into an absolute output folder, outside the project root', async () => {
    dir = await mkdtemp(join(tmpdir(), 'taskdeck-precompress-'));
    const text = 'const answer = 42;\n'.repeat(200);
    await writeFile(join(dir, 'app.js'), text);
    await writeFile(join(dir, 'tiny.js'), 'x');
    await runPlugin('/nonexistent/project', dir);
    expect((await readdir(dir)).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'tiny.js']);
    expect(brotliDecompressSync(await readFile(join(dir, 'app.js.br'))).toString()).toBe(text);
  });
});
