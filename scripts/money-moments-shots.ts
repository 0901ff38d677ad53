// The money moments' screenshots (docs/money-moments.md): the withdraw form, its review sheet, the
// wallet, the reward moment, the UPI payment page and the platform fee page at 360×800 (English,
// light), and the console's orders queue (a row selected), held reviews and user view at 1280×800.
// Drives the built PWA in headless Chromium against the real API on a fresh SQLite database. Run
// after a build: `npm run build && npx tsx scripts/money-moments-shots.ts`; `SHOT_PREFIX=before`
// names the files for a build of an earlier commit (run there), `SHOT_DIR` changes the folder.
// Writes <SHOT_DIR>/<prefix>-<screen>.png.
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { startProduct, type RunningProduct } from '../tests/helpers/server.ts'
import { launchBrowser, logInToConsole, phoneContext } from '../tests/helpers/browser.ts'
import { createEligibleUser, createTestUser, type TestUser } from '../tests/helpers/users.ts'
import { createTestOperator } from '../tests/helpers/operators.ts'
import { ApiRequests, screenSettled } from '../tests/helpers/screens.ts'

const DIR = path.resolve(process.env.SHOT_DIR ?? 'docs/screenshots/money-moments')
const PREFIX = process.env.SHOT_PREFIX ?? 'after'

/** Saves the page as <prefix>-<name>.png once fonts and entry transitions have settled. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(400)
  const file = path.join(DIR, `${PREFIX}-${name}.png`)
  await page.screenshot({ path: file })
  console.log(file, Math.round(fs.statSync(file).size / 1024), 'KB')
}

/** A user who may withdraw: ₹1,500, videos watched, the fee paid (unless `feeDue`), three friends who watch. */
async function earner(product: RunningProduct, feeDue = false): Promise<TestUser> {
  const user = await createEligibleUser(product.app, {
    firstName: 'Meera Shah',
    views: 40,
    friendViews: 12,
    coins: 1_50_000,
  })
  if (feeDue) {
    await product.app.db
      .updateTable('users')
      .set({ platform_fee_paid: 0 })
      .where('id', '=', user.id)
      .execute()
  }
  return user
}

/** A fresh phone page at 360×800 logged in as `user`, opened on `url` and settled. */
async function phone(browser: Browser, product: RunningProduct, user: TestUser, url: string) {
  const context = await phoneContext(browser, product.baseUrl, { serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto('/robots.txt')
  await page.evaluate((t) => localStorage.setItem('access_token', t), user.token)
  const requests = new ApiRequests(page)
  await page.goto(url)
  await screenSettled(page, requests)
  return page
}

async function phoneScreens(browser: Browser, product: RunningProduct): Promise<void> {
  let page = await phone(browser, product, await earner(product), '/amount-withdraw')
  await shoot(page, 'withdraw')
  await page.getByLabel('Amount to withdraw').fill('1000')
  await page.getByLabel('UPI ID').fill('meera@okaxis')
  const review = page.getByRole('button', { name: 'Review withdrawal' })
  // Before the review sheet there was none: the filled form, whose one tap sent the money.
  if ((await review.count()) > 0) {
    await review.click()
    await page.getByRole('dialog').waitFor()
  }
  await shoot(page, 'review')
  await page.context().close()

  page = await phone(browser, product, await earner(product), '/wallet')
  await shoot(page, 'wallet')
  await page.context().close()

  page = await phone(browser, product, await earner(product), '/dashboard')
  await page.locator('.player-controls button').click()
  await page.getByTestId('reward-popup-balance').waitFor({ timeout: 30_000 })
  await shoot(page, 'reward')
  await page.context().close()

  page = await phone(browser, product, await earner(product), '/deposit-fee')
  await page.locator('.plan-row button').first().click()
  await page.getByRole('button', { name: 'Yes' }).click()
  await page.waitForURL((url) => url.pathname === '/m-payment')
  await page.getByTestId('qr-image-0').waitFor()
  await shoot(page, 'upi-payment')
  await page.context().close()

  page = await phone(browser, product, await earner(product, true), '/platform-fee?amount=99')
  await shoot(page, 'platform-fee')
  await page.context().close()
}

/** The console at 1280×800: orders (a row selected), held reviews when there are any, a user. */
async function consoleScreens(browser: Browser, product: RunningProduct, user: TestUser) {
  for (const [i, name] of ['Ravi Kumar', 'Asha Verma'].entries()) {
    const payer = await createTestUser(product.app, { firstName: name })
    const res = await product.app.inject({
      method: 'POST',
      url: '/api/v1/create-order/',
      headers: { authorization: `Bearer ${payer.token}`, 'idempotency-key': `shot-${i}` },
      payload: { amount: 99 },
    })
    const orderId = (res.json() as { data: { order_id: string } }).data.order_id
    await product.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/utr/`,
      headers: { authorization: `Bearer ${payer.token}`, 'idempotency-key': `shot-utr-${i}` },
      payload: { utr: `61234567890${i + 1}` },
    })
  }
  // Two accounts paid to one UPI ID: the second is held for review (server/risk/assess.ts).
  for (const [i, who] of [await earner(product), await earner(product)].entries()) {
    const send = (body: Record<string, unknown>) =>
      product.app.inject({
        method: 'POST',
        url: '/api/v1/add-withdraw/',
        headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': `shot-w-${i}` },
        payload: body,
      })
    // An earlier build took no PIN and refused unknown fields.
    const res = await send({ upi_id: 'shared@okaxis', amount: 1000, pin: who.pin })
    if (res.statusCode === 400) await send({ upi_id: 'shared@okaxis', amount: 1000 })
  }
  const operator = await createTestOperator(product.app.db, 'ops@example.com', 'operator')
  const context = await browser.newContext({
    baseURL: product.baseUrl,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  })
  const page = await context.newPage()
  await logInToConsole(page, 'ops@example.com', operator)
  await page.locator('tr[data-order]').first().waitFor()
  const open = page.locator('tr[data-order] button').first()
  if ((await open.count()) > 0) await open.click()
  await page.mouse.move(1270, 790)
  await shoot(page, 'console-orders')
  // An earlier console opened the row in a modal panel: closed before the tabs are used.
  if ((await page.locator('dialog[open]').count()) > 0) await page.keyboard.press('Escape')
  const held = page.getByRole('button', { name: /Held for review/ })
  if ((await held.count()) > 0) {
    await held.click()
    const row = page.locator('tr[data-withdrawal] button').first()
    if ((await row.count()) > 0) await row.click()
    await page.mouse.move(1270, 790)
    await shoot(page, 'console-held')
    if ((await page.locator('dialog[open]').count()) > 0) await page.keyboard.press('Escape')
  }
  await page.getByRole('button', { name: 'Users' }).click()
  await page.getByLabel(/^Email, phone/).fill(user.email)
  await page.getByRole('button', { name: 'Find' }).click()
  await page.getByRole('table', { name: 'Ledger' }).waitFor()
  await shoot(page, 'console-user')
  await context.close()
}

const product = await startProduct('sqlite')
const browser = await launchBrowser()
try {
  fs.mkdirSync(DIR, { recursive: true })
  await product.app.db.updateTable('videos').set({ timer: 3 }).execute()
  await phoneScreens(browser, product)
  await consoleScreens(browser, product, await earner(product))
} finally {
  await browser.close()
  await product.stop()
}
