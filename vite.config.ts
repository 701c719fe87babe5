import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The SDK client imports its ajv validator eagerly; the dashboard uses the cfworker one instead.
    alias: [{ find: /^\.\.\/validation\/ajv-provider\.js$/, replacement: fileURLToPath(new URL('./src/lib/no-ajv.ts', import.meta.url)) }],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
