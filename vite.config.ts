/// <reference types="vitest/config" />
// Build of the PWA (React 19 and react-dom, the injectManifest service worker from sw/) and the test projects:
// unit/component tests in jsdom, API tests against real databases, end-to-end tests in Chromium.
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { appShellPage } from './scripts/build/app-shell-page.ts'
import { precompress } from './scripts/build/precompress.ts'
import { routeShells } from './scripts/build/route-shells.ts'
import { webManifest } from './scripts/build/web-manifest.ts'
import { APP_ALIASES } from './scripts/build/aliases.ts'

/** React: react, react-dom, the JSX runtime and react-dom's scheduler (build.rolldownOptions groups). */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/
/** The other libraries every page loads at start: router, toaster, HTTP client, stores, IndexedDB. */
const START_LIBRARIES =
  /node_modules[\\/](wouter|regexparam|react-hot-toast|goober|ky|zustand|use-sync-external-store|idb-keyval)[\\/]/
/** The app's own modules every page loads at start, beside src/boot.ts's own. */
const START_MODULES =
  /src[\\/](stores[\\/](user-store|rules-store|plans-store|versioned|get-user)|shared[\\/](rules|payout-time)|lib[\\/](api-client|idb-storage|server-clock|go-back|log-failure|withdrawal-status)|components[\\/](app-header|popup|page-spinner|withdrawal-conditions))\./
/** The modules the membership screens (deposit, platform fee, payment) share. */
const MEMBERSHIP_SHARED =
  /src[\\/]features[\\/]membership[\\/](api[\\/]|lib[\\/]upi-cache\.|components[\\/]withdrawal-terms\.)/

export default defineConfig({
  resolve: { alias: APP_ALIASES },
  plugins: [
    // React 19 and react-dom (DECISIONS §1), JSX through the automatic runtime.
    react(),
    webManifest(import.meta.dirname),
    appShellPage(import.meta.dirname),
    routeShells(import.meta.dirname),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        globIgnores: ['**/videos/**', '**/screenshots/**'],
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
    // chunks queue where four would not (LCP, issue 5). Groups take only the modules they name
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
            { name: 'react', test: REACT, priority: 4 },
            { name: 'libs', test: (id: string) => START_LIBRARIES.test(id) || START_MODULES.test(id), priority: 3 },
            // What the three membership screens share (their API calls, the UPI cache, the terms).
            { name: 'membership', test: MEMBERSHIP_SHARED, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          env: { SCRYPT_N: '16384' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          env: { SCRYPT_N: '16384' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
