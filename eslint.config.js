import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, taskdeck: layers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'taskdeck/layers': 'error',
      // A non-null assertion on a lookup once hid a stale store snapshot and blanked the page: the app handles the
      // miss instead. (The demo server and the bench index constant, non-empty tables with `i % length`.)
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'node:*'], message: 'The browser app never imports the demo server or Node built-ins.' },
            {
              group: ['@modelcontextprotocol/sdk/experimental/tasks'],
              message: 'The experimental/tasks barrel pulls node:crypto; import interfaces.js.',
            },
          ],
        },
      ],
    },
  },
  {
    // One module owns every write to a server's task list in the cache: its rules (stale, terminal, limits) hold.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/tasks/cache-writes.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='setQueryData'][arguments.0.callee.property.name='tasks']",
          message: 'Write the task list through src/tasks/cache-writes.ts.',
        },
      ],
    },
  },
  {
    // Protocol and task logic runs without React: stores there are zustand/vanilla, read in components with useStore.
    files: ['src/lib/**/*.ts', 'src/mcp/**/*.ts', 'src/tasks/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'lib/, mcp/ and tasks/ do not use React.' },
            { name: 'react-dom', message: 'lib/, mcp/ and tasks/ do not use React.' },
            { name: 'zustand', message: 'Use zustand/vanilla (createStore); components read it with useStore.' },
          ],
          patterns: [
            { group: ['**/server/**', 'node:*'], message: 'The browser app never imports the demo server or Node built-ins.' },
            {
              group: ['@modelcontextprotocol/sdk/experimental/tasks'],
              message: 'The experimental/tasks barrel pulls node:crypto; import interfaces.js.',
            },
          ],
        },
      ],
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    // Query keys name the server (its URL); the SDK client object that reaches it is not part of its identity.
    rules: { '@tanstack/query/exhaustive-deps': 'off' },
  },
  {
    files: ['server/**/*.{ts,mjs}', 'e2e/**/*.{ts,mjs}', 'scripts/**/*.mjs', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Integration tests of the app's protocol code run it against the real demo server.
    files: ['src/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
