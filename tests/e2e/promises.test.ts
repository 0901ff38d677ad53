/**
 * The payment promises end to end in real headless Chromium at 360×800, on SQLite: the fee page
 * reloaded three times shows one order; its "Pay with UPI app" link carries the order's amount and
 * id; the UTR entered on the page is confirmed by `npm run ops -- import-statement`;
 * /payment-success never shows an amount from its address; the Withdraw popup lists every enforced
 * condition with the user's progress; the wallet shows the payout's due date; no route scrolls
 * sideways at 320 px (nor /wallet at 360 px). Saves tests/screenshots/promises-*.png.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { phoneLoggedInThroughScreen } from '../helpers/browser.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { runOpsCommand } from '../helpers/operators.ts'
import { grantCoins } from '../helpers/ledger.ts'
import { ApiRequests, passResultLoading, screenSettled } from '../helpers/screens.ts'
import { RETENTION_DAYS } from '../../server/db/retention.ts'

const SHOTS = path.resolve('tests/screenshots')

const e2e = productInChromiumForFile()
let context: BrowserContext
let page: Page
let person: TestUser

async function shot(name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `promises-${name}.png`), fullPage })
}

/** Runs the operator command as a separate process on the test database. */
const ops = (...args: string[]) => runOpsCommand(e2e.product.databaseUrl, ...args)

/** The page's order id, as the payment details show it. */
async function shownOrderId(): Promise<string> {
  const text = await page.getByText(/^Order ID: WE[0-9A-F]{16}$/).textContent()
  return (text ?? '').replace('Order ID: ', '')
}

/** How far the page can scroll sideways, in CSS px (0 when it fits). */
const sidewaysOverflow = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('payment promises in Chromium (sqlite)', () => {
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true })
    person = await createTestUser(e2e.product.app, { firstName: 'Asha Rao', pin: '1357', views: 3 })
    await grantCoins(e2e.product.app, person.id, 12_345)
    const phone = await phoneLoggedInThroughScreen(e2e.browser, e2e.product.baseUrl, person)
    context = phone.context
    page = phone.page
    // The result pages' Loading passes on the page's own clock (passResultLoading).
    await page.clock.install()
  })

  afterAll(async () => {
    await context?.close()
  })

  it('the fee page reloaded three times shows one order, and its UPI app link carries the order’s amount and id', async () => {
    await page.goto('/platform-fee')
    await page.getByRole('link', { name: 'Pay ₹99' }).click()
    await page.waitForURL((url) => url.pathname === '/m-payment')
    const link = page.getByRole('link', { name: 'Pay with UPI app' })
    await link.waitFor()
    const first = await shownOrderId()
    for (let i = 0; i < 3; i++) {
      await page.reload()
      await link.waitFor()
      expect(await shownOrderId()).toBe(first)
    }
    const orders = await e2e.product.app.db
      .selectFrom('orders')
      .select(['order_id', 'purpose', 'amount'])
      .where('user_id', '=', person.id)
      .execute()
    expect(orders).toEqual([{ order_id: first, purpose: 'platform_fee', amount: 99 }])
    const href = (await link.getAttribute('href')) ?? ''
    const upi = new URL(href)
    expect(upi.protocol).toBe('upi:')
    expect(upi.searchParams.get('am')).toBe('99.00')
    expect(upi.searchParams.get('cu')).toBe('INR')
    expect(upi.searchParams.get('tr')).toBe(first)
    expect(upi.searchParams.get('pa')).toMatch(/^[\w.-]+@[\w.-]+$/)
    // The button comes before the QR codes, which stay for a second phone.
    const buttonBox = await link.boundingBox()
    const qrBox = await page.getByTestId('qr-image-0').boundingBox()
    expect(buttonBox!.y).toBeLessThan(qrBox!.y)
    await shot('m-payment-fee')
  })

  it('takes the 12-digit UTR (refusing all zeros), and import-statement confirms the fee from the bank statement', async () => {
    const orderId = await shownOrderId()
    const utr = `4${String(crypto.randomInt(0, 1e11)).padStart(11, '0')}`
    const input = page.getByLabel('Paid? Enter the 12-digit UPI reference (UTR)')
    await input.fill('12345')
    await page.getByRole('button', { name: 'Send reference' }).click()
    await page.getByText('Enter the 12-digit UPI transaction reference (UTR)').waitFor()
    await input.fill('0000 0000 0000')
    await page.getByRole('button', { name: 'Send reference' }).click()
    await page.getByRole('alert').getByText('A UTR is never all zeros.', { exact: false }).waitFor()
    await shot('utr-zeros')
    await input.fill(utr)
    await page.getByRole('button', { name: 'Send reference' }).click()
    await page.getByTestId('utr-saved').getByText(utr).waitFor()
    await shot('utr-saved')
    const queue = await ops('payment-queue')
    expect(queue).toContain(orderId)
    expect(queue).toContain(utr)

    const csv = path.join(os.tmpdir(), `statement-${crypto.randomUUID()}.csv`)
    fs.writeFileSync(csv, `date,utr,amount,payer\n2026-11-23,${utr},99.00,ASHA RAO\n`)
    try {
      const out = await ops('import-statement', csv)
      expect(out).toContain('1 order(s) confirmed')
    } finally {
      fs.rmSync(csv, { force: true })
    }
    await page
      .getByText('Payment confirmed. Your platform fee is paid.')
      .waitFor({ timeout: 15_000 })
    await page.goto(`/payment-success?order_id=${orderId}`)
    await passResultLoading(page)
    await page.getByRole('heading', { name: 'Ticket Payment Successful' }).waitFor()
    await expect(page.getByText('Amount paid').locator('..').textContent()).resolves.toContain(
      '₹99',
    )
  })

  it('/payment-success?order_id=FAKE&amount=50000 shows no amount', async () => {
    await page.goto('/payment-success?order_id=FAKE&amount=50000')
    await passResultLoading(page)
    await page.getByRole('heading', { name: 'We could not find this payment' }).waitFor()
    const text = (await page.locator('main').textContent()) ?? ''
    expect(text).not.toMatch(/50,?000|₹/)
    await shot('payment-success-fake')
  })

  it('the Withdraw popup lists every enforced condition with the user’s progress', async () => {
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Withdraw' }).click()
    const dialog = page.getByRole('dialog', { name: 'Withdrawal requirements' })
    await dialog.getByText(/^At your plan's rate/).waitFor()
    const items = await dialog.getByRole('listitem').allTextContents()
    expect(items).toHaveLength(4)
    expect(items[0]).toContain('A balance of at least ₹999 (99,900 coins)')
    expect(items[0]).toContain('you have ₹123.45 (12,345 coins)')
    expect(items[1]).toContain('3 of 25 videos')
    expect(items[2]).toContain('0 of 3 friends')
    // The fee was paid in the test before: ticked.
    expect(items[3]).toContain('✓')
    await expect(dialog.getByTestId('withdrawal-payout-time').textContent()).resolves.toBe(
      'On your plan a withdrawal is paid within 7 days of your request.',
    )
    await shot('withdraw-popup')
    await dialog.getByRole('button', { name: 'OK' }).click()
  })

  it('the wallet shows the payout due date and fits 360 px', async () => {
    const created = new Date('2026-11-21T06:00:00Z')
    await e2e.product.app.db
      .insertInto('withdrawals')
      .values({
        user_id: person.id,
        upi_id: 'a.very.long.upi.handle.for.a.small.screen@okhdfcbank',
        amount: 1_23_456,
        fee: 1,
        coins: 0,
        status: 'requested',
        upi_reference: null,
        reason: null,
        idempotency_key: crypto.randomUUID(),
        created_at: created.toISOString(),
        updated_at: created.toISOString(),
        withdrawl_days: 7,
        due_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      })
      .execute()
    await page.goto('/wallet')
    const due = page.getByTestId('payout-due')
    await due.waitFor()
    expect(await due.textContent()).toMatch(/^expected by \d{1,2} [A-Z][a-z]{2}( \d{4})?$/)
    await page.getByText('To a.very.long.upi.handle.for.a.small.screen@okhdfcbank').waitFor()
    await page.getByText('₹1,23,456', { exact: true }).first().waitFor()
    expect(await sidewaysOverflow()).toBe(0)
    await shot('wallet', true)
  })

  it('every rupee figure and every "N days" on the rule pages is a value the server serves', async () => {
    const config = (
      await e2e.product.app.inject({ method: 'GET', url: '/api/v1/config/' })
    ).json() as {
      rules: Record<string, number | string | boolean>
    }
    const rules = config.rules
    const auth = { authorization: `Bearer ${person.token}` }
    const plans = (
      await e2e.product.app.inject({ method: 'GET', url: '/api/v1/get-membership/', headers: auth })
    ).json() as { deposit_point: string; video_point: number; withdrawl_days: number }[]
    const user = (
      await e2e.product.app.inject({ method: 'GET', url: '/api/v1/get-user/', headers: auth })
    ).json() as { points: number }
    const status = (
      await e2e.product.app.inject({
        method: 'GET',
        url: '/api/v1/withdrawal-status/',
        headers: auth,
      })
    ).json() as { data: { payout_days: number; days_to_min_balance: number | null } }
    const perRupee = Number(rules.coinsPerRupee)
    const coinRules = [
      'signupBonusCoins',
      'referralRewardReferrerCoins',
      'referralRewardFriendCoins',
    ].map((k) => Number(rules[k]) / perRupee)
    const rupees = new Set<number>([
      1, // "100 coins = ₹1"
      Number(rules.platformFeeRupees),
      Number(rules.withdrawMinBalanceRupees),
      Number(rules.transferFeeRupees),
      ...coinRules,
      ...plans.filter((p) => p.deposit_point !== 'FREE').map((p) => Number(p.deposit_point)),
      ...plans.map((p) => p.video_point / perRupee),
      user.points / perRupee,
    ])
    const days = new Set<number>([
      Number(rules.platformFeeRefundDays),
      ...plans.map((p) => p.withdrawl_days),
      status.data.payout_days,
      ...(status.data.days_to_min_balance ? [status.data.days_to_min_balance] : []),
    ])
    /**
     * Day counts a page states that are the server's own periods rather than served rules: the
     * privacy page's retention of the abuse signals is what the server's retention deletes by.
     */
    const pageDays: Record<string, number[]> = { '/privacy': [RETENTION_DAYS.accountEvents] }
    /** The rupee figures and day counts of a page's text that the server did not serve. */
    const seen = { rupees: 0, days: 0 }
    const strays = (route: string, text: string): string[] => {
      const found: string[] = []
      for (const m of text.matchAll(/₹\s?([\d,]+(?:\.\d+)?)/g)) {
        seen.rupees += 1
        const value = Number((m[1] ?? '').replace(/,/g, ''))
        if (!rupees.has(value)) found.push(`${route}: ${m[0]}`)
      }
      // "1 to 3 working days" is support's reply time (docs/product.md#what-it-is), not a rule of the product.
      for (const m of text.matchAll(/(\d+)(?: to (\d+))? (working )?days?\b/g)) {
        if (m[3]) continue
        seen.days += 1
        for (const n of [m[1], m[2]].filter(Boolean))
          if (!days.has(Number(n)) && !pageDays[route]?.includes(Number(n)))
            found.push(`${route}: ${m[0]}`)
      }
      return found
    }
    const stray: string[] = []
    /** Each page's API requests on their way, so a page is read once its answers are drawn. */
    const requests = new Map<Page, ApiRequests>()
    const read = async (p: Page, route: string) => {
      if (!requests.has(p)) requests.set(p, new ApiRequests(p))
      await p.goto(route)
      await screenSettled(p, requests.get(p)!)
      stray.push(...strays(route, (await p.locator('body').textContent()) ?? ''))
    }
    for (const route of [
      '/dashboard',
      '/deposit-fee',
      '/platform-fee',
      '/how-to-earn',
      '/referandearn',
      '/help-center',
      '/termsandcondition',
      '/privacy',
    ])
      await read(page, route)
    const guest = await e2e.browser.newContext({ baseURL: e2e.product.baseUrl })
    const guestPage = await guest.newPage()
    await read(guestPage, '/')
    await guestPage.getByTestId('withdrawal-conditions').waitFor()
    stray.push(...strays('/', (await guestPage.locator('body').textContent()) ?? ''))
    await guest.close()
    expect(stray).toEqual([])
    // The pages were read, not blank: they state dozens of figures.
    expect(seen.rupees).toBeGreaterThan(40)
    expect(seen.days).toBeGreaterThan(10)
  })

  it('no route scrolls sideways at 320 px', async () => {
    await page.setViewportSize({ width: 320, height: 740 })
    const routes = [
      '/dashboard',
      '/wallet',
      '/deposit-fee',
      '/platform-fee',
      '/m-payment?deposit=499&membership_plan_id=2',
      '/m-payment',
      '/amount-withdraw?balance=123&refercount=0',
      '/profile',
      '/referandearn',
      '/how-to-earn',
      '/termsandcondition',
      '/help-center',
      '/privacy',
      '/your-mistake',
      '/payment',
      '/payment-success?order_id=FAKE&amount=50000',
      '/payment-fail',
    ]
    const wide: string[] = []
    const requests = new ApiRequests(page)
    for (const route of routes) {
      await page.goto(route)
      // The screen drawn with its API answers.
      await passResultLoading(page)
      await screenSettled(page, requests)
      if ((await sidewaysOverflow()) > 0) wide.push(route)
    }
    // The guest pages, in a fresh context at 320 px.
    const guest = await e2e.browser.newContext({
      baseURL: e2e.product.baseUrl,
      viewport: { width: 320, height: 740 },
      isMobile: true,
      hasTouch: true,
    })
    const guestPage = await guest.newPage()
    const guestRequests = new ApiRequests(guestPage)
    for (const route of ['/', '/loginn', '/register', '/enter-email', '/verify-otp-signup']) {
      await guestPage.goto(route)
      await screenSettled(guestPage, guestRequests)
      const overflow = await guestPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      if (overflow > 0) wide.push(route)
    }
    await guest.close()
    expect(wide).toEqual([])
    await page.setViewportSize({ width: 360, height: 800 })
  })
})
