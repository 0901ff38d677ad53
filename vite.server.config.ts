// Build of the API server for Node (`npm run build`, and `npm start` when stale): server/start.ts
// and what it imports of server/ and contract/, bundled by Vite's server-side build into one ES
// module, build/server/start.js, so the running server is plain JavaScript with no TypeScript
// loader. Packages stay imports from node_modules (better-sqlite3 is native). The output lives
// outside dist/, which the static plugin serves and the PWA's build empties.
import path from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    ssr: path.resolve(import.meta.dirname, 'server/start.ts'),
    outDir: path.resolve(import.meta.dirname, 'build/server'),
    emptyOutDir: true,
    target: 'node20',
    // Readable output and a source map, so a stack trace in the log names server/*.ts lines.
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      // The PWA's server-side render (package.json `imports`), which the PWA's build writes to
      // dist/ssr/: imported at run time, never bundled into the server.
      external: ['#page-render'],
      output: { entryFileNames: '[name].js' },
    },
  },
})
