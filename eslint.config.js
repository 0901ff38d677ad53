// Lint rules for the PWA, the service worker and the API: typescript-eslint's recommended set plus
// the React hooks rules, zero warnings allowed (`npm run lint`), each part with only its own
// globals, and the boundaries between the parts (eslint.boundaries.js).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { boundaries } from './eslint.boundaries.js'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'data',
      'coverage',
      'dev-dist',
      'tests/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'ops/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // contract/ (the rules and the contract both sides import) gets neither the browser's nor
  // Node's globals.
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  // Tests drive both sides (jsdom, Chromium through Playwright, the API in Node).
  {
    files: [
      'tests/**/*.{ts,tsx}',
      'src/**/*.test.{ts,tsx}',
      'contract/**/*.test.ts',
      'src/**/*.test-helpers.{ts,tsx}',
      'vitest.setup.ts',
    ],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  ...boundaries,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
)
