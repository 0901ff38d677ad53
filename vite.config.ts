/// <reference types="vitest/config" />
// Build of the PWA (React 19 and react-dom, the injectManifest service worker from sw/) and the test projects:
// unit/component tests in jsdom, API tests against real databases, end-to-end tests in Chromium.
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { pages } from './scripts/build/pages.ts'
import { precompress } from './scripts/build/precompress.ts'
import { i18nCatalogs } from './scripts/build/i18n-catalogs.ts'
import { webManifest } from './scripts/build/web-manifest.ts'
import { APP_ALIASES } from './scripts/build/aliases.ts'
import { startModules } from './scripts/build/start-modules.ts'

/** The modules of the app's start and each feature's shared modules, from the import graph. */
const start = startModules(import.meta.dirname)

export default defineConfig({
  resolve: { alias: APP_ALIASES },
  plugins: [
    // React 19 and react-dom (docs/product.md#system), JSX through the automatic runtime.
    react(),
    i18nCatalogs(import.meta.dirname),
    webManifest(import.meta.dirname),
    pages(import.meta.dirname),
    precompress(),
    start.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        // ssr/: the server-side render (scripts/build/pages.ts), not the app's.
        globIgnores: ['**/videos/**', '**/screenshots/**', 'ssr/**'],
      },
    }),
  ],
  // The manifest (dist/.vite/manifest.json) lets the bundle budgets find each route's chunk.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Fewer, larger files for the app's start: on a slow phone network every file costs a round
    // trip, and a browser fetches at most six at a time from one HTTP/1.1 origin, so twenty small
    // chunks queue where four would not (LCP). Groups take only the modules they name
    // (`includeDependenciesRecursively: false`), so what the entry script (src/boot.ts) itself
    // imports stays in the entry, which keeps it free of static imports.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // React in one file; the other libraries every page starts with and the app's own start
            // (the persisted stores, the rules, the HTTP client, the screens' header and popup)
            // in a second, about 17 KB gzipped: src/boot.ts runs one file per task, so each stays
            // a short task, and one file fewer before the first screen is one round trip fewer.
            // Which modules those are comes from the import graph (scripts/build/start-modules.ts).
            { name: 'react', test: start.react, priority: 4 },
            { name: 'libs', test: start.has, priority: 3 },
            // The small parts the signed-in screens draw or open (SIGNED_IN_UI), in one file: on
            // HTTP/1.1's six connections a screen's every extra file is a queue and a round trip
            // before its first frame (LCP).
            { name: 'signed-in-ui', test: start.signedInUi, priority: 2 },
            // What two or more screens of one feature share (the membership screens' API calls,
            // the UPI cache, the terms), in one chunk named after the feature.
            {
              name: (id: string) => start.featureShared(id),
              test: (id: string) => start.featureShared(id) !== null,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    // Two files at a time on a 2-CPU machine (Vitest's default leaves one CPU idle), end-to-end
    // files too: each API and e2e file has its own database, server port and Chromium.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // scrypt at N=2^10 instead of production's 2^17: the same code and parameters otherwise,
          // 3 ms a hash instead of 42 ms at 2^14 (the load benchmarks run at production cost).
          env: { SCRYPT_N: '1024' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Checks of the build in dist/ (bundle budgets, the console's separate build, the React
      // runtime) and of the source (import cycles, lint boundaries, the route table's parsing):
      // `npm test` builds before Vitest runs.
      {
        extends: true,
        test: {
          name: 'checks',
          environment: 'node',
          include: ['tests/checks/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          env: { SCRYPT_N: '1024' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each poll waits for a state the page reaches; Vitest's 1 s default is shorter than a
          // slow machine's Chromium takes to load the app's code.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
