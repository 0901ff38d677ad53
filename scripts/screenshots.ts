// Screenshots of the dashboard, wallet, deposit and refer screens at 360×800, light and dark, for
// the README: docs/screenshots/<screen>-<theme>-<lang>.webp. Drives the built PWA in headless
// Chromium against the real API on a fresh SQLite database, with a user who has a balance, a few
// ledger rows and a referral. Run after a build: `npm run build && npx tsx scripts/screenshots.ts`
// (both languages; `SHOT_LANGUAGES=hi` for one).
import crypto from 'node:crypto'
import fs from 'node:fs'
import { startProduct } from '../tests/helpers/server.ts'
import { launchBrowser } from '../tests/helpers/browser.ts'
import { createTestUser } from '../tests/helpers/users.ts'
import { postLedgerEntry } from '../server/earning/ledger.ts'

const OUT = 'docs/screenshots'
const SCREENS = [
  { name: 'dashboard', path: '/dashboard', ready: 'coin-balance' },
  { name: 'wallet', path: '/wallet', ready: 'wallet-balance' },
  { name: 'deposit', path: '/deposit-fee', ready: null },
  { name: 'refer', path: '/referandearn', ready: null },
] as const
const THEMES = ['light', 'dark'] as const
/** The languages to take (`SHOT_LANGUAGES=en,hi`), each as the language switch's stored choice. */
const LANGUAGES = (process.env.SHOT_LANGUAGES ?? 'en,hi').split(',')

const product = await startProduct('sqlite')
const browser = await launchBrowser()
try {
  const user = await createTestUser(product.app, { firstName: 'Meera Shah', views: 12 })
  const rows = [
    { kind: 'signup_bonus', coins: 10_000, description: 'Welcome bonus' },
    { kind: 'video_reward', coins: 50, description: 'Video 1' },
    { kind: 'video_reward', coins: 50, description: 'Video 2' },
    { kind: 'referral_reward', coins: 100, description: 'Friend Asha verified' },
    { kind: 'video_reward', coins: 50, description: 'Video 3' },
  ] as const
  for (const [i, row] of rows.entries()) {
    await product.app.db.transaction().execute((tx) =>
      postLedgerEntry(tx, {
        userId: user.id,
        ...row,
        status: 'confirmed',
        idempotencyKey: `shot:${crypto.randomUUID()}`,
        at: new Date(Date.now() - (rows.length - i) * 3_600_000),
      }),
    )
  }
  fs.mkdirSync(OUT, { recursive: true })
  fs.mkdirSync('tests/screenshots', { recursive: true })
  for (const lang of LANGUAGES) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        baseURL: product.baseUrl,
        viewport: { width: 360, height: 800 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        locale: lang === 'hi' ? 'hi-IN' : 'en-IN',
        colorScheme: theme,
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      await page.goto('/robots.txt')
      await page.evaluate(
        ([token, language]) => {
          localStorage.setItem('access_token', token)
          localStorage.setItem('lang', language)
        },
        [user.token, lang] as const,
      )
      for (const screen of SCREENS) {
        await page.goto(screen.path, { waitUntil: 'networkidle' })
        if (screen.ready) await page.getByTestId(screen.ready).waitFor()
        await page.evaluate(() => document.fonts.ready)
        await page.waitForTimeout(300)
        const cdp = await context.newCDPSession(page)
        const { data } = (await cdp.send('Page.captureScreenshot', {
          format: 'webp',
          quality: 80,
        })) as {
          data: string
        }
        await cdp.detach()
        const file = `${OUT}/${screen.name}-${theme}-${lang}.webp`
        fs.writeFileSync(file, Buffer.from(data, 'base64'))
        // A PNG copy for people to look at (tests/screenshots/ is git-ignored).
        await page.screenshot({
          path: `tests/screenshots/readme-${screen.name}-${theme}-${lang}.png`,
        })
        console.log(file, Math.round(Buffer.from(data, 'base64').length / 1024), 'KB')
      }
      await context.close()
    }
  }
} finally {
  await browser.close()
  await product.stop()
}
