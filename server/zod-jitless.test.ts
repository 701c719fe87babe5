import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { zodJitless } from './zod-jitless';

// The fixture lives inside the project, so `zod` resolves to the app's own copy.
const dir = mkdtempSync(join(import.meta.dirname, '..', 'node_modules', '.zod-jitless-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A module that builds an object schema as soon as it is evaluated, with no z.config call before it.
const entry = join(dir, 'entry.js');
writeFileSync(entry, "import { z } from 'zod';\nexport const schema = z.object({ id: z.string() });\n");

async function bundle(plugins: Plugin[]): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins,
    build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'Fixture' } },
  });
  const outputs = Array.isArray(out) ? out : [out];
  const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  if (!chunk) throw new Error('the build gave no chunk');
  return chunk.code;
}

/** Runs the bundle where `Function` counts its constructions (zod's eval probe is `new Function("")`). */
function probes(code: string): number {
  let constructed = 0;
  const RealFunction = Function;
  const CountingFunction = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      constructed++;
      return Reflect.construct(target, args);
    },
  });
  runInNewContext(code, { Function: CountingFunction, console });
  return constructed;
}

describe('zodJitless (build plugin)', () => {
  it('keeps zod from probing eval when a schema is built before any z.config call', async () => {
    expect(probes(await bundle([]))).toBeGreaterThan(0);
    expect(probes(await bundle([zodJitless()]))).toBe(0);
  }, 60_000);
});
