import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './server/precompress.js';
import { zodJitless } from './server/zod-jitless.js';

/**
 * The stylesheet first in index.html, before the early script: the first paint (the boot shell) waits for it, and a
 * request listed before it would be sent first.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'taskdeck-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const firstScript = html.indexOf('<script type="module"');
        if (sheets.length === 0 || firstScript < 0) return html;
        let rest = html;
        for (const sheet of sheets) rest = rest.replace(sheet, '');
        const at = rest.indexOf('<script type="module"');
        return `${rest.slice(0, at)}${sheets.map((s) => s.trim()).join('\n    ')}\n    ${rest.slice(at)}`;
      },
    },
  };
}

const EARLY_CONNECT = 'src/early-connect.ts';

/**
 * src/early-connect.ts as a script of its own, first in index.html and `async`: it runs as soon as it has loaded,
 * sends a linked server the `initialize` the app is about to send, and imports the app's bundle after the first frame.
 */
function earlyConnect(): Plugin {
  let building = false;
  return {
    name: 'taskdeck-early-connect',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building)
        this.emitFile({ type: 'chunk', id: fileURLToPath(new URL(`./${EARLY_CONNECT}`, import.meta.url)), name: 'early-connect' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(EARLY_CONNECT) === true,
        );
        const src = building ? chunk && `/${chunk.fileName}` : `/${EARLY_CONNECT}`;
        if (src === undefined) throw new Error(`${EARLY_CONNECT} was not built`);
        return html.replace('<title>', `<script type="module" async crossorigin src="${src}"></script>\n    <title>`);
      },
    },
  };
}

/** What the built page says when its early script has not run after a few seconds (see `.boot-stuck`). */
const BOOT_STUCK_TEXT =
  'The dashboard has not started: its first script has not loaded. Reload the page to try again; if this stays, check that the server serving this page is running.';

/**
 * The app's module scripts named in a meta element instead of loaded by index.html: the early script
 * (src/start-app.ts) imports them after the first frame. On the 2-core bench machine their download and compiling
 * took the cores from the first paint, even when they were only preloaded (about 70 ms). Median of 15 cold loads each
 * from a link to the demo server: first contentful paint 388 → 284 ms, the boot shell's Connected 552 → 402 ms, the
 * dashboard's own 890 → 854 ms (README, "Cold start, fifth pass").
 */
function appAfterFirstFrame(): Plugin {
  return {
    name: 'taskdeck-app-after-first-frame',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts: string[] = [];
        const out = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
          scripts.push(src);
          return '';
        });
        if (scripts.length === 0) throw new Error('index.html has no module script to start after the first frame');
        // Only the early script can start the app now. Should it not load, the page says so after a while: a note
        // that CSS reveals (src/styles/shell.css) unless the early script has marked the page.
        const note = /<p class="boot-note">[^<]*<\/p>/.exec(out);
        if (!note) throw new Error('index.html has no boot note to put the early script’s fallback beside');
        const stuck = `\n        <p class="boot-stuck" role="alert">${BOOT_STUCK_TEXT}</p>`;
        return out
          .replace(note[0], `${note[0]}${stuck}`)
          .replace('<title>', `<meta name="taskdeck-app" content="${scripts.join(' ')}">\n    <title>`);
      },
    },
  };
}

/**
 * Every module the entry imports statically, in one chunk beside the entry. Left to itself the bundler cuts the
 * modules the page needs at once into a dozen or more small shared chunks (each lazily loaded piece shares a few of
 * them), and over HTTP/1.1 those requests queue six at a time. Lazily imported modules keep their own chunks.
 */
function initialGraph(): { plugin: Plugin; has: (id: string) => boolean; sdk: (id: string) => boolean } {
  const eager = new Set<string>();
  const sdk = new Set<string>();
  return {
    has: (id) => eager.has(id),
    sdk: (id) => sdk.has(id),
    plugin: {
      name: 'taskdeck-initial-graph',
      apply: 'build',
      buildEnd() {
        /** Adds to `into` the modules `starts` name and every module they import statically, transitively. */
        const reach = (starts: string[], into: Set<string>) => {
          into.clear();
          const stack = [...starts];
          while (stack.length > 0) {
            const id = stack.pop();
            if (id === undefined || into.has(id)) continue;
            into.add(id);
            stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
        };
        // The early script's own modules stay in its chunk: it must not wait for the app's.
        const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry && !id.endsWith(EARLY_CONNECT));
        reach(
          entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []),
          eager,
        );
        // The SDK and everything it imports (zod included) in a chunk of its own, imported beside the app's (the meta
        // names it first): the browser evaluates it as soon as it has arrived, while the larger app chunk is still
        // downloading. Building
        // the SDK's zod schemas is the largest part of start-up's script work, and it no longer waits for the app.
        reach(
          [...eager].filter((id) => id.includes('/node_modules/@modelcontextprotocol/sdk/')),
          sdk,
        );
      },
    },
  };
}

const initial = initialGraph();

export default defineConfig({
  plugins: [react(), zodJitless(), earlyConnect(), stylesheetFirst(), appAfterFirstFrame(), initial.plugin, precompress()],
  // Workers are bundled on their own: the offload worker builds the SDK's schemas too.
  worker: { plugins: () => [zodJitless()] },
  resolve: {
    // The SDK client imports its ajv validator eagerly; the dashboard passes its own (src/mcp/checked-elsewhere.ts).
    alias: [
      { find: /^\.\.\/validation\/ajv-provider\.js$/, replacement: fileURLToPath(new URL('./src/lib/no-ajv.ts', import.meta.url)) },
      // Markdown is parsed in a worker, which has no DOM: the entity decoder's browser build needs one.
      {
        find: /^decode-named-character-reference$/,
        replacement: fileURLToPath(new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'sdk', test: initial.sdk },
            { name: 'index', test: initial.has },
          ],
        },
      },
    },
  },
});
