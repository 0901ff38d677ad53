// Build of the operators' console (docs/product.md#operators): its own entry (ops/index.html), written to
// dist/ops/ after the PWA's build, so it is neither in the PWA's bundle nor in its service worker's
// precache (that manifest is made by the PWA build, before this one runs).
// Served by the API server at /ops/ (server/plugins/ops-page.ts).
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'ops'),
  base: '/ops/',
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/ops'),
    emptyOutDir: true,
    target: 'es2022',
  },
})
