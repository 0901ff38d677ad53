/**
 * `npm run bench:react-floor`: the floor under the returning user's budget (LCP ≤ 0.5 s,
 * docs/product.md#budgets). It measures three tiny pages, not the product, the way `bench:web`
 * measures a returning user (tests/bench/lighthouse-audit.ts: Lighthouse mobile, devtools
 * throttling, Slow 4G and 4× CPU through CDP, storage kept, the page's second visit served by its
 * service worker from Cache Storage):
 * - `html`: the saved figures written into the HTML itself, no JavaScript;
 * - `react`: React 19 (react-dom's createRoot) drawing the same card and rows in its first frame;
 * - `react-idb`: the same, after reading the saved copy from IndexedDB with idb-keyval first, as
 *   the product's signed-in screens do.
 * Each is built with Vite into a temporary folder, served by a small static server with a
 * cache-first service worker, and audited BENCH_RUNS times (default 3); it prints each one's
 * median FCP and LCP; BENCH_DEBUG=1 prints each run's requests (URL, bytes, end in ms: 0 bytes
 * is an answer from the worker). The gap between `html` and `react` is what React's own start costs on the
 * budget's phone, before any of the product's code runs.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))

/** The screen each page draws: a balance card and seven ledger rows, as the wallet does. */
const ROWS = Array.from({ length: 7 }, (_, i) => ({
  title: `Video reward ${i + 1}`,
  amount: `+₹0.${10 + i}`,
}))
const CARD_HTML =
  '<main><section class="card"><p>Your balance</p><p class="big">₹1,500 <small>(1,50,000 coins)</small></p>' +
  '<p>Saved 27 Nov, 9:41 pm</p></section><ul>' +
  ROWS.map((r) => `<li><span>${r.title}</span><b>${r.amount}</b></li>`).join('') +
  '</ul></main>'
const STYLE =
  '<style>body{font:16px system-ui;margin:0}main{padding:16px}.card{background:#4f2bd8;color:#fff;' +
  'border-radius:12px;padding:16px}.big{font-size:32px;font-weight:700;margin:4px 0}' +
  'li{display:flex;justify-content:space-between;padding:12px 0;border-bottom:1px solid #ddd}</style>'

const SCREEN_TSX = `
export function Screen({ saved }: { saved: { rows: { title: string; amount: string }[] } }) {
  return (
    <main>
      <section className="card">
        <p>Your balance</p>
        <p className="big">₹1,500 <small>(1,50,000 coins)</small></p>
        <p>Saved 27 Nov, 9:41 pm</p>
      </section>
      <ul>
        {saved.rows.map((r) => (
          <li key={r.title}><span>{r.title}</span><b>{r.amount}</b></li>
        ))}
      </ul>
    </main>
  )
}
`

const VARIANTS: Record<string, { main?: string }> = {
  html: {},
  react: {
    main: `import { createRoot } from 'react-dom/client'
import { Screen } from './screen'
const saved = { rows: ${JSON.stringify(ROWS)} }
createRoot(document.getElementById('root')!).render(<Screen saved={saved} />)
`,
  },
  'react-idb': {
    main: `import { createRoot } from 'react-dom/client'
import { get, set } from 'idb-keyval'
import { Screen } from './screen'
const fallback = { rows: ${JSON.stringify(ROWS)} }
get('saved').then((saved) => {
  createRoot(document.getElementById('root')!).render(<Screen saved={saved ?? fallback} />)
  if (!saved) void set('saved', fallback)
})
`,
  },
}

/** A cache-first worker that precaches `files` and answers every navigation with index.html. */
function serviceWorker(files: string[]): string {
  return `const FILES = ${JSON.stringify(files)}
self.addEventListener('install', (e) => { self.skipWaiting(); e.waitUntil(caches.open('v1').then((c) => c.addAll(FILES))) })
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (e) => {
  const request = e.request.mode === 'navigate' ? '/index.html' : e.request
  e.respondWith(caches.match(request).then((hit) => hit || fetch(e.request)))
})
`
}

const REGISTER =
  "<script>navigator.serviceWorker&&navigator.serviceWorker.register('/sw.js')</script>"

/** Builds variant `name` into its own directory; returns the directory. */
async function buildVariant(root: string, name: string): Promise<string> {
  const src = path.join(root, `${name}-src`)
  const out = path.join(root, name)
  fs.mkdirSync(src, { recursive: true })
  const main = VARIANTS[name]!.main
  const body = main
    ? '<div id="root"></div><script type="module" src="./main.tsx"></script>'
    : CARD_HTML
  fs.writeFileSync(
    path.join(src, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title>${STYLE}</head><body>${body}${REGISTER}</body></html>`,
  )
  if (main) {
    fs.writeFileSync(path.join(src, 'main.tsx'), main)
    fs.writeFileSync(path.join(src, 'screen.tsx'), SCREEN_TSX)
  }
  await build({
    root: src,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true },
  })
  const files = ['/index.html']
  const assets = path.join(out, 'assets')
  if (fs.existsSync(assets)) for (const f of fs.readdirSync(assets)) files.push(`/assets/${f}`)
  fs.writeFileSync(path.join(out, 'sw.js'), serviceWorker(files))
  return out
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
}

/** Serves `dir` on a free port of 127.0.0.1; resolves to its origin. */
function serve(dir: string): Promise<{ origin: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const file = path.join(dir, url.pathname === '/' ? 'index.html' : url.pathname)
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    })
    fs.createReadStream(file).pipe(res)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close() })
    }),
  )
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function main(): Promise<void> {
  // Inside node_modules, so the pages' imports resolve to the project's own React and idb-keyval.
  const root = fs.mkdtempSync(path.resolve('node_modules', '.react-floor-'))
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  })
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  const context = cdp.contexts()[0]!
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${RUNS} runs each`,
  )
  try {
    for (const name of Object.keys(VARIANTS)) {
      const site = await serve(await buildVariant(root, name))
      // The earlier visit: the worker installs, takes over, and the saved copy is written.
      const page = await context.newPage()
      await page.goto(`${site.origin}/`)
      await page.evaluate(() => navigator.serviceWorker.ready)
      await page.reload({ waitUntil: 'load' })
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
      await page.reload({ waitUntil: 'load' })
      await page.close()
      const fcp: number[] = []
      const lcp: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${site.origin}/`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttlingMethod: 'devtools',
          disableStorageReset: true,
        })
        const audits = result!.lhr.audits
        if (process.env.BENCH_DEBUG) {
          const items = (
            audits['network-requests']!.details as { items: Array<Record<string, unknown>> }
          ).items
          console.log(
            items
              .map(
                (i) =>
                  `${String(i.url).slice(-30)} ${i.transferSize} ${Math.round(Number(i.networkEndTime))}`,
              )
              .join(' | '),
          )
        }
        fcp.push(audits['first-contentful-paint']!.numericValue! / 1000)
        lcp.push(audits['largest-contentful-paint']!.numericValue! / 1000)
      }
      console.log(
        `${name.padEnd(10)} FCP ${median(fcp).toFixed(2)} s  LCP ${median(lcp).toFixed(2)} s  (LCP runs: ${lcp.map((v) => v.toFixed(2)).join(', ')})`,
      )
      site.close()
    }
  } finally {
    await cdp.close().catch(() => undefined)
    chrome.kill()
    fs.rmSync(root, { recursive: true, force: true })
  }
}

await main()
