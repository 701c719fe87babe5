import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any of the app's sources. */
export async function appNeedsBuild(root: string): Promise<boolean> {
  const built = await stat(join(root, 'dist', 'index.html')).catch(() => null);
  if (!built) return true;
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
  const newest = Math.max(...(await Promise.all(inputs.map((p) => newestMtime(join(root, p))))));
  return newest > built.mtimeMs;
}

export async function buildApp(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
