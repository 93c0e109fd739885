import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-*/**', 'e2e/bench-results/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', 'e2e/artifacts/**'],
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
    // Every spec takes `test` from support/test.ts: it fails a test on any console error.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', message: "Import test and expect from '../support/test' (it fails a test on console errors)." }] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
