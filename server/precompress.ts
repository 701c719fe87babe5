import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Types worth compressing (text); images like PNG are compressed already. Source maps are left to the server. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt', '.webmanifest']);
/** Below this, compression saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/** The content in the encoding named, at the given effort: `best` at build time, a quick one on the fly. */
export async function encode(body: Buffer, encoding: 'br' | 'gzip', effort: 'best' | 'quick'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: effort === 'best' ? 9 : 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/** Writes `file.br` and `file.gz` beside every compressible file of `dir` (source maps excepted: rarely asked for). */
async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.has(extname(f)) && extname(f) !== '.map');
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
      const body = await readFile(file);
      await writeFile(`${file}.br`, await encode(body, 'br', 'best'));
      await writeFile(`${file}.gz`, await encode(body, 'gzip', 'best'));
    }),
  );
}

/** Vite: after the build is written, its text files get brotli and gzip copies that server/static.ts serves. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'taskdeck-precompress',
    apply: 'build',
    configResolved(config) {
      // `build.outDir` may be absolute (a bench's own folder): resolve, not join, keeps it as given.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
