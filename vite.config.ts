import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './server/precompress.js';
import { zodJitless } from './server/zod-jitless.js';

export default defineConfig({
  plugins: [react(), zodJitless(), precompress()],
  // Workers are bundled on their own: the offload worker builds the SDK's schemas too.
  worker: { plugins: () => [zodJitless()] },
  resolve: {
    // The SDK client imports its ajv validator eagerly; the dashboard uses the cfworker one instead.
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
  },
});
