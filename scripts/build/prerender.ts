// Runs src/prerender.tsx at build time: a server-side build of it into a temp directory, then
// each prerendered path's markup (react-dom/server). A screen that cannot render on the server
// fails the build with its error: a silently missing static copy would cost that screen its
// JavaScript-free first paint.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { APP_ALIASES } from './aliases.ts'

/**
 * The static copy is for looking at: its fields are read-only and its buttons disabled until
 * React replaces it, so nothing typed before the app's code arrives is lost.
 */
function inert(markup: string): string {
  return markup
    .replace(/<(input|textarea)\b/g, '<$1 readonly=""')
    .replace(/<(button|select)\b/g, '<$1 disabled=""')
}

/**
 * Path → markup of each screen listed in src/prerender.tsx (made inert, see above).
 * @throws the server build's error, or a screen's render error (naming the route): the build fails.
 */
export async function prerenderScreens(root: string): Promise<Map<string, string>> {
  // Inside the project, so the server build's imports of react-dom etc. resolve from node_modules.
  const cache = path.join(root, 'node_modules', '.cache')
  fs.mkdirSync(cache, { recursive: true })
  const outDir = fs.mkdtempSync(path.join(cache, 'prerender-'))
  const pages = new Map<string, string>()
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      resolve: { alias: APP_ALIASES },
      plugins: [react()],
      build: {
        ssr: path.join(root, 'src/prerender.tsx'),
        outDir,
        emptyOutDir: true,
        target: 'node20',
      },
    })
    const entry = fs.readdirSync(outDir).find((f) => /^prerender\.m?js$/.test(f))
    if (!entry) throw new Error('the server build wrote no prerender.js')
    const mod = (await import(pathToFileURL(path.join(outDir, entry)).href)) as {
      PRERENDERED: Record<string, unknown>
      render(path: string): Promise<string>
    }
    for (const route of Object.keys(mod.PRERENDERED)) {
      try {
        pages.set(route, inert(await mod.render(route)))
      } catch (error) {
        throw new Error(`prerender of ${route} failed`, { cause: error })
      }
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
  return pages
}
