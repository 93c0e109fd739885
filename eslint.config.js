import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The folders' promises, kept by the linter: a feature is an island, shared parts never reach
// into a feature, the server's adapters stay below its domain and routes never touch the database.
const features = readdirSync(new URL('./app/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaries = [
  ...features.map((name) => ({
    target: `./app/src/features/${name}`,
    from: './app/src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: move the shared part to components/, lib/ or state/.',
  })),
  {
    target: ['./app/src/components', './app/src/lib', './app/src/state', './app/src/telegram', './app/src/i18n'],
    from: './app/src/features',
    message: 'Shared code never imports a feature.',
  },
  { target: './server/src/adapters', from: './server/src/domain', message: 'An adapter never imports the domain.' },
  { target: './server/src/routes', from: './server/src/db', message: 'A route never touches the database: call the domain.' },
  { target: './server/src/domain', from: './server/src/routes', message: 'The domain never imports a route: routes call the domain.' },
  // The packages' direction: the contract and the engine are leaves the app and the server build on.
  { target: './app', from: './server', message: 'The app never imports the server: share through @arcade/api-client.' },
  { target: './server', from: ['./app', './game-engine'], message: 'The server never imports the app or the engine.' },
  {
    target: './game-engine',
    from: ['./app', './server'],
    message: 'The engine imports no app or server code: the host hands it what it shows.',
  },
  {
    target: './api-client',
    from: ['./app', './server', './game-engine'],
    message: 'The contract imports no app, server or engine code.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      'e2e/bench-results/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'game-engine/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['app/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'game-engine/src/**/*.{ts,tsx}', 'api-client/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['app/tsconfig.json', 'server/tsconfig.json', 'game-engine/tsconfig.json', 'api-client/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Every spec takes `test` from support/test.ts: it fails a test on any console error.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@playwright/test', message: "Import test and expect from '../support/test' (it fails a test on console errors)." },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
