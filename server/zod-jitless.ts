import type { Plugin } from 'vite';

/** Any module of zod, with either path separator. */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** zod's core module: it reads `globalThis.__zod_globalConfig` once, when it is evaluated. */
const ZOD_CORE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;

/** Set before zod's own first line runs, so no schema can be built with zod's eval probe on. */
const JITLESS_PRELUDE = '(globalThis.__zod_globalConfig ??= {}).jitless = true;\n';

/**
 * Vite: zod runs jitless in every bundle, whatever the chunking. zod 4 probes `new Function` when an object schema is
 * built unless its global config says `jitless`; under the app's CSP (no eval) the probe is reported as a violation.
 * `src/mcp/zod-setup.ts` calls `z.config({ jitless: true })`, but in a build the SDK's schemas can sit in a shared
 * chunk evaluated before the module that imports the setup. The flag is therefore written by zod's core module
 * itself, first thing. The build fails when zod is bundled and its core module was not found (a renamed path).
 */
export function zodJitless(): Plugin {
  let sawZod = false;
  let patched = false;
  return {
    name: 'taskdeck-zod-jitless',
    apply: 'build',
    buildStart() {
      sawZod = false;
      patched = false;
    },
    transform(code, id) {
      if (ZOD.test(id)) sawZod = true;
      if (!ZOD_CORE.test(id)) return null;
      patched = true;
      return { code: JITLESS_PRELUDE + code, map: null };
    },
    buildEnd(error) {
      if (!error && sawZod && !patched) this.error('zod is bundled but its core module (zod/v4/core/core.js) was not found to set jitless');
    },
  };
}
