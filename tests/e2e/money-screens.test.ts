/**
 * The money screens in real Chromium at 360×800 and 320×640: no word in a wallet row is
 * split across lines (each word's text range lies on one line box), every control on /wallet and
 * /amount-withdraw is at least 48×48 px, the deposit confirm sheet opens on its title with Yes and
 * No inside the viewport (its conditions open or folded), and offline the withdraw form offers only
 * what is left after a queued withdrawal (to a known payee; a new one waits for the connection); a
 * queued withdrawal the server then refuses leaves "Waiting to be sent" and shows as refused with
 * the server's reason.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { loggedInPhoneContext } from '../helpers/browser.ts'
import { addReferredFriends, createTestUser, type TestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'
import { ApiRequests, screenSettled } from '../helpers/screens.ts'
import { postLedgerEntry } from '../../server/earning/ledger.ts'
import type { LedgerKind } from '../../server/db/schema/earning.ts'

const SIZES = [
  { width: 360, height: 800 },
  { width: 320, height: 640 },
] as const

const e2e = productInChromiumForFile()
let rich: TestUser
let poor: TestUser
const contexts: BrowserContext[] = []

/**
 * Makes `user` able to withdraw: videos watched, fee paid, three verified referrals who watch
 * too (idle referrals would have the withdrawal held for review: server/risk/assess.ts).
 */
async function makeEligible(user: TestUser): Promise<void> {
  const { app } = e2e.product
  await app.db
    .updateTable('users')
    .set({ views: 40, platform_fee_paid: 1 })
    .where('id', '=', user.id)
    .execute()
  await addReferredFriends(app, user, 3, { views: 25 })
}

/**
 * A withdrawal through the API, so its ledger rows are the server's own (with the PIN: the UPI ID
 * may be new to the user). Afterwards the UPI ID is a known payee of `user`.
 */
async function withdraw(
  user: TestUser,
  rupees: number,
  upiId = 'meera.shah@okaxis',
): Promise<void> {
  const response = await fetch(`${e2e.product.baseUrl}/api/v1/add-withdraw/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${user.token}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ upi_id: upiId, amount: rupees, pin: user.pin }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

beforeAll(async () => {
  const { app } = e2e.product
  // Six- and seven-digit amounts: the rows whose titles used to break mid-word.
  rich = await createTestUser(app, { firstName: 'Meera Shah' })
  await makeEligible(rich)
  await grantCoins(app, rich.id, 10_000)
  await app.db.transaction().execute((tx) =>
    postLedgerEntry(tx, {
      userId: rich.id,
      // An operator's adjustment (server/ops/users.ts writes it the same way).
      kind: 'manual_adjustment' as LedgerKind,
      coins: 14_34_550,
      status: 'confirmed',
      description: 'Goodwill credit for a delayed payout',
      idempotencyKey: `e2e-money:${crypto.randomUUID()}`,
      at: new Date(),
    }),
  )
  await withdraw(rich, 2000)
  poor = await createTestUser(app, { firstName: 'Ravi', views: 3 })
  await grantCoins(app, poor.id, 10_000)
})

afterAll(async () => {
  for (const context of contexts) await context.close()
})

/**
 * Opens `path` logged in as `user` in a fresh phone context and waits until it is settled. With
 * `worker`, the service worker runs and controls the page first (it precaches the app's code, so
 * screens still load offline, as on a phone).
 */
async function open(
  user: TestUser,
  path: string,
  viewport: { width: number; height: number },
  worker = false,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, user.token, {
    viewport,
    serviceWorkers: worker ? 'allow' : 'block',
  })
  contexts.push(context)
  const page = await context.newPage()
  if (worker) {
    await page.goto(path)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    })
  }
  const requests = new ApiRequests(page)
  await page.goto(path)
  await screenSettled(page, requests)
  return { page, context }
}

/** The words of the money rows whose text ranges span more than one line box. */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rows = document.querySelectorAll(
      '[data-testid=ledger-row], [data-testid=withdrawal-row], [data-testid=order-row], [data-testid=outbox-row], [data-testid=refused-row]',
    )
    const split: string[] = []
    for (const row of rows) {
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          )
          if (lines.size > 1) split.push(match[0])
        }
      }
    }
    return split
  })
}

/** The visible controls smaller than 48×48 px, described. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])',
    )
    return [...controls]
      .filter((el) => el.checkVisibility() && !el.closest('[inert], [aria-hidden=true]'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 48 || r.height < 48)
      .map(
        ({ el, r }) =>
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
      )
  })
}

describe.each(SIZES)('money screens at $width×$height', (viewport) => {
  it('splits no word of a wallet row across lines, in English and Hindi', async () => {
    const { page } = await open(rich, '/wallet', viewport)
    const rows = page.locator('[data-testid=ledger-row]')
    expect(await rows.count()).toBeGreaterThanOrEqual(4)
    await expect
      .poll(() => page.getByTestId('ledger-row').allTextContents())
      .toContainEqual(expect.stringContaining('Adjustment by support'))
    expect(await splitWords(page)).toEqual([])
    await page.evaluate(() => localStorage.setItem('lang', 'hi'))
    const requests = new ApiRequests(page)
    await page.reload()
    await screenSettled(page, requests)
    await page.locator('html[lang=hi]').waitFor()
    expect(await splitWords(page)).toEqual([])
  })

  it('makes every control on /wallet and /amount-withdraw at least 48×48 px', async () => {
    const wallet = await open(rich, '/wallet', viewport)
    await wallet.page.getByTestId('ledger-row').first().waitFor()
    // The late parts too: Refresh (40 px before) and the notifications card.
    await wallet.page.getByRole('button', { name: 'Refresh' }).waitFor()
    await wallet.page.getByTestId('push-opt-in').waitFor()
    expect(await smallTargets(wallet.page)).toEqual([])
    const form = await open(rich, '/amount-withdraw', viewport)
    await form.page.getByLabel('Amount to withdraw').waitFor()
    expect(await smallTargets(form.page)).toEqual([])
    const closed = await open(poor, '/amount-withdraw', viewport)
    await closed.page.getByTestId('not-eligible').waitFor()
    expect(await smallTargets(closed.page)).toEqual([])
  })

  it('opens the deposit confirm on its title with Yes and No inside the viewport', async () => {
    const { page } = await open(poor, '/deposit-fee', viewport)
    await page
      .getByRole('button', { name: /^Deposit ₹/ })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Payment' })
    await dialog.waitFor()
    const inView = () =>
      page.evaluate(() => {
        const dialog = document.querySelector('dialog[open]')
        const items = [...(dialog?.querySelectorAll('button') ?? [])]
        const active = document.activeElement as HTMLElement
        return {
          focused: `${active.tagName}:${active.textContent ?? ''}`,
          focusInView:
            active.getBoundingClientRect().top >= 0 &&
            active.getBoundingClientRect().bottom <= window.innerHeight,
          buttons: items.map((b) => {
            const r = b.getBoundingClientRect()
            return `${b.textContent}:${r.top >= 0 && r.bottom <= window.innerHeight && r.height >= 48}`
          }),
        }
      })
    expect(await inView()).toEqual({
      focused: 'H2:Confirm Payment',
      focusInView: true,
      buttons: ['Yes:true', 'No:true'],
    })
    // The conditions unfolded: the body scrolls, the actions stay in view.
    await dialog.getByText('What you need to withdraw').click()
    await dialog.getByTestId('withdrawal-conditions').waitFor()
    expect((await inView()).buttons).toEqual(['Yes:true', 'No:true'])
  })
})

describe('offline withdrawals', () => {
  it('offers only what is left after a queued withdrawal, and a refused one leaves the waiting list', async () => {
    const user = await createTestUser(e2e.product.app, { firstName: 'Asha' })
    await makeEligible(user)
    // ₹1,500 left after a first ₹100 withdrawal (₹101 with the fee), which makes asha@okaxis a
    // known payee: only a known payee is queued offline (a new one needs the PIN, online).
    await grantCoins(e2e.product.app, user.id, 1_60_100)
    await withdraw(user, 100, 'asha@okaxis')
    // Online first, with the service worker: the app's code is on the phone before it goes offline.
    const { page, context } = await open(user, '/wallet', SIZES[0], true)
    // The wallet's late chunks (Refresh, the notifications card) are in before the phone goes offline.
    await page.getByRole('button', { name: 'Refresh' }).waitFor()
    await page.getByTestId('push-opt-in').waitFor()
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/amount-withdraw')
    const amount = page.getByLabel('Amount to withdraw')
    await page.getByRole('button', { name: /All/ }).getByText('₹1,500').waitFor()

    await context.setOffline(true)
    await amount.fill('1000')
    await page.getByLabel('UPI ID').fill('asha@okaxis')
    await page.getByRole('button', { name: 'Review withdrawal' }).click()
    // Offline, a known payee: confirmed on the review sheet without a PIN, then queued.
    const sheet = page.getByRole('dialog', { name: 'Review your withdrawal' })
    expect(await sheet.getByLabel('Your 4-digit PIN').count()).toBe(0)
    await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')
    const waiting = page.getByRole('list', { name: 'Waiting to be sent' })
    await waiting.getByTestId('outbox-row').waitFor()
    // ₹1,500 − (₹999 sent + ₹1 fee) = ₹500 left.
    await page
      .getByTestId('queued-note')
      .getByText('₹1,000 waiting to be sent; ₹500 left')
      .waitFor()

    // Back on the form (a client-side navigation: the phone is offline).
    await page.getByRole('link', { name: 'Withdraw', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/amount-withdraw')
    await page.getByText('From ₹2 to ₹500. Transfer fee: ₹1.').waitFor()
    await page.getByRole('button', { name: /All/ }).getByText('₹500').waitFor()

    // A UPI ID this account never withdrew to waits for the connection: not queued.
    await page.getByLabel('Amount to withdraw').fill('100')
    await page.getByLabel('UPI ID').fill('new.payee@okaxis')
    await page.getByRole('button', { name: 'Review withdrawal' }).click()
    const waitingSheet = page.getByRole('dialog', { name: 'Review your withdrawal' })
    await waitingSheet
      .getByText(/^You are offline\. You have not withdrawn to this UPI ID before/)
      .waitFor()
    expect(
      await waitingSheet.getByRole('button', { name: 'Confirm withdrawal' }).isDisabled(),
    ).toBe(true)
    await waitingSheet.getByRole('button', { name: 'Edit' }).click()

    // Meanwhile the server stops accepting it: the fee is marked unpaid (a refund).
    await e2e.product.app.db
      .updateTable('users')
      .set({ platform_fee_paid: 0 })
      .where('id', '=', user.id)
      .execute()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/wallet')
    await context.setOffline(false)
    const refused = page.getByRole('list', { name: 'Refused' })
    await refused.getByTestId('refused-row').waitFor({ timeout: 20_000 })
    expect(await page.getByRole('list', { name: 'Waiting to be sent' }).count()).toBe(0)
    expect(await refused.getByTestId('refused-row').textContent()).toMatch(/refused/i)
    expect(await refused.getByTestId('refused-row').textContent()).toMatch(/platform fee/i)
  })
})
