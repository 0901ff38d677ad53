// Takes the manifest's screenshots (public/screenshots/*.webp) from the built app in headless
// Chromium: the landing and the login screen at 360×800 (narrow) and the landing at 1280×800
// (wide). Run after a build: `npx vite build && npx tsx scripts/make-screenshots.ts`.
import fs from 'node:fs'
import { startProduct } from '../tests/helpers/server.ts'
import { launchBrowser } from '../tests/helpers/browser.ts'

const SHOTS = [
  { file: 'landing-narrow.webp', path: '/', width: 360, height: 800, mobile: true },
  { file: 'login-narrow.webp', path: '/loginn', width: 360, height: 800, mobile: true },
  { file: 'landing-wide.webp', path: '/', width: 1280, height: 800, mobile: false },
]

const product = await startProduct('sqlite')
const browser = await launchBrowser()
try {
  fs.mkdirSync('public/screenshots', { recursive: true })
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
      isMobile: shot.mobile,
      hasTouch: shot.mobile,
      locale: 'en-IN',
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await page.goto(product.baseUrl + shot.path, { waitUntil: 'networkidle' })
    await page.evaluate(() => document.fonts.ready)
    const cdp = await context.newCDPSession(page)
    const { data } = (await cdp.send('Page.captureScreenshot', {
      format: 'webp',
      quality: 80,
    })) as { data: string }
    fs.writeFileSync(`public/screenshots/${shot.file}`, Buffer.from(data, 'base64'))
    // A PNG copy for people to look at (tests/screenshots/ is git-ignored).
    fs.mkdirSync('tests/screenshots', { recursive: true })
    await page.screenshot({
      path: `tests/screenshots/manifest-${shot.file.replace('.webp', '.png')}`,
    })
    console.log(
      `public/screenshots/${shot.file}`,
      Math.round(Buffer.from(data, 'base64').length / 1024),
      'KB',
    )
    await context.close()
  }
} finally {
  await browser.close()
  await product.stop()
}
