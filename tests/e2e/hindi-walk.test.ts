/**
 * No English left on a Hindi page: a browser that prefers Hindi walks the main routes, as a guest
 * and logged in (with the withdrawal and payment popups open and an API refusal shown), and every
 * visible text of the page (header, main, tab bar, dialogs, toasts) with two Latin words in a row
 * must be a name the app keeps in Latin script (UPI app names, the product's name, what UPI apps
 * call a reference, the user's own data); addresses and codes (UPI, PIN, OTP, IFSC…) are never
 * words to translate. A sentence someone forgot to put through t() fails here, with the route and
 * the text. At the 360 px width no text may run past its box or make the page scroll sideways
 * (Hindi words are longer than English ones). An operator's reason (the wallet's, a suspended
 * user's refusal) reads under a Hindi label.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startProduct, type RunningProduct } from '../helpers/server.ts'
import { launchBrowser } from '../helpers/browser.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { postLedgerEntry } from '../../server/earning/ledger.ts'
import { LOADING, passResultLoading } from '../helpers/screens.ts'

/** Latin-script names and codes Hindi pages keep as they are (as PhonePe or Paytm show them). */
const KEPT_IN_LATIN = [
  'Watch & Earn',
  'UPI ID',
  'Google Play',
  'Google Pay',
  'PhonePe',
  'GPay',
  'Paytm',
  'BHIM',
  'Add to Home Screen',
  'English',
  'UPI Ref No.', // what UPI apps call the reference, as they show it
  'Transaction ID',
  'Watch Earn Demo', // the test server's UPI payee name (configuration, UPI_PAYEES)
  'Meera Shah', // the walking user's own name
  // The seeded plan types (Free, Silver, Gold, Platinum) have Hindi names in the catalog; an
  // operator's reason is the operator's own words, quoted and marked lang="en" (pageTexts).
]

/**
 * E-mail and UPI IDs and bank handles, URLs (with or without their scheme: the invite link shows
 * `host/register?referralId=`), order and reference numbers, and codes in capitals (UPI, PIN, OTP,
 * IFSC, QR): never words to translate.
 */
const CODES = [
  /\S*@\S+/g,
  /https?:\/\/\S+/g,
  /\b[\w-]+(\.[\w-]+)+(:\d+)?\/\S*/g,
  /\b[A-Z0-9_-]{6,}\b/g,
  /\b[A-Z]{2,}\b/g,
]

/** Two Latin words in a row: the mark of an English phrase. */
const ENGLISH_PHRASE = /[A-Za-z]{2,}[\s,.;:'’&-]+[A-Za-z]{2,}/

/**
 * `text` when it reads as untranslated English, else null: two Latin words in a row, or a text
 * with a Latin word and no Devanagari at all (a button's "Play").
 */
function englishIn(text: string): string | null {
  let rest = text
  for (const name of KEPT_IN_LATIN) rest = rest.split(name).join(' · ')
  for (const code of CODES) rest = rest.replace(code, ' · ')
  const loneWord = /[A-Za-z]{2,}/.test(rest) && !/[\u0900-\u097F]/.test(text)
  return ENGLISH_PHRASE.test(rest) || loneWord ? text.trim() : null
}

/** Every visible text node of the page, trimmed, one per node. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = node.textContent?.trim()
      if (!text || !parent || parent.closest('script, style, noscript, [aria-hidden="true"]'))
        continue
      // An operator's reason: their own words, shown as such under a Hindi label.
      if (parent.closest('[data-testid="operator-reason"] q[lang="en"]')) continue
      // A name marked never to be translated (a partner brand's own name).
      if (parent.closest('[translate="no"]')) continue
      if (parent.getClientRects().length === 0) continue
      texts.push(text)
    }
    return texts
  })
}

/**
 * Elements whose content runs past their own box sideways (the page scrolling sideways counts
 * too), as `tag.class "text"`: a Hindi label too long for its button, a word wider than the
 * screen. Scrolling boxes (the QR slider), boxes that cut their text with an ellipsis on purpose (the
 * invite link's start: the whole link is in its title and copied whole) and visually hidden text
 * (`.sr-only`, 1 px) are left out.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page is ${root.scrollWidth} px wide at ${root.clientWidth} px`)
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.clientWidth <= 1 || !el.checkVisibility()) continue
      const { overflowX, textOverflow } = getComputedStyle(el)
      if (overflowX === 'auto' || overflowX === 'scroll') continue
      if (overflowX === 'hidden' && textOverflow === 'ellipsis') continue
      if (el.closest('[aria-hidden="true"]')) continue
      if (el.scrollWidth > el.clientWidth + 1) {
        const text = el.innerText.trim().replace(/\s+/g, ' ').slice(0, 60)
        found.push(
          `${el.tagName.toLowerCase()}.${el.className} is ${el.scrollWidth} px in ${el.clientWidth} px: "${text}"`,
        )
      }
    }
    return found
  })
}

const GUEST_ROUTES = [
  '/',
  '/loginn',
  '/register',
  '/enter-email',
  '/enter-email-otp?email=asha%40example.com',
  '/verify-otp-signup?email=asha%40example.com',
  '/update-password?email=asha%40example.com',
  '/termsandcondition',
  '/privacy',
  '/help-center',
  '/your-mistake',
  '/how-to-play',
  '/payment',
  '/payment-success',
  '/payment-fail?order_id=unknown',
  '/bank-details-confirmation',
  '/no-such-page',
]

/** A screen in a state reached by a tap or two: a popup open, or the API's refusal shown. */
interface Step {
  path: string
  then(page: Page): Promise<void>
}

const USER_ROUTES: (string | Step)[] = [
  '/dashboard',
  {
    // The withdrawal requirements popup (a balance under the minimum).
    path: '/dashboard',
    async then(page) {
      await page.locator('main').getByRole('button', { name: 'निकालें' }).first().click()
      await page.getByRole('dialog', { name: 'पैसे निकालने की शर्तें' }).waitFor()
    },
  },
  {
    // The rejected payment's and the returned payout's reasons, under the Hindi label.
    path: '/wallet',
    async then(page) {
      const reasons = page.getByTestId('operator-reason')
      await reasons.first().waitFor()
      const texts = await reasons.allInnerTexts()
      if (texts.length !== 2 || !texts.every((text) => text.startsWith('हमारी टीम का बताया कारण:')))
        throw new Error(`the wallet's reasons read ${JSON.stringify(texts)}`)
    },
  },
  '/deposit-fee',
  {
    // The Confirm Payment popup of a plan's Deposit.
    path: '/deposit-fee',
    async then(page) {
      await page
        .getByRole('button', { name: /जमा करें/ })
        .first()
        .click()
      await page.getByRole('dialog', { name: 'भुगतान की पुष्टि करें' }).waitFor()
    },
  },
  '/platform-fee',
  '/m-payment?deposit=99&KeyFrom=Platform%20Fee',
  '/amount-withdraw?balance=150&refercount=0',
  '/referandearn?keyfrom=withdrawal&referralCount=1',
  '/how-to-earn',
  '/profile',
  '/edit-profile',
  {
    // The API refuses a phone number another account has (409 PHONE_TAKEN): said in Hindi.
    path: '/edit-profile',
    async then(page) {
      await page.getByLabel('फ़ोन').fill(takenPhone)
      await page.locator('main button[type="submit"]').click()
      await page.getByText('यह फ़ोन नंबर पहले से किसी और अकाउंट में इस्तेमाल हो रहा है।').waitFor()
    },
  },
  '/add-bank-details',
]

let product: RunningProduct
let browser: Browser
let user: TestUser
let takenPhone: string

beforeAll(async () => {
  product = await startProduct('sqlite')
  browser = await launchBrowser()
  user = await createTestUser(product.app, { firstName: 'Meera Shah', views: 3 })
  takenPhone = (await createTestUser(product.app)).phone
  // A ledger row, so the wallet's lists have a kind, a status and a date to show.
  await product.app.db.transaction().execute((tx) =>
    postLedgerEntry(tx, {
      userId: user.id,
      kind: 'signup_bonus',
      coins: 10_000,
      description: 'Signup bonus', // the server's own English, which a Hindi wallet leaves out
      status: 'confirmed',
      idempotencyKey: `walk:${crypto.randomUUID()}`,
      at: new Date(),
    }),
  )
})

beforeAll(async () => {
  // A payment an operator rejected and a payout the bank returned, each with its reason: the wallet
  // shows them under a Hindi label, the operator's English words quoted.
  const at = new Date().toISOString()
  await product.app.db
    .insertInto('orders')
    .values({
      order_id: 'WE0000000000000077',
      user_id: user.id,
      amount: 1999,
      purpose: 'membership',
      membership_plan_id: null,
      status: 'rejected',
      upi_reference: null,
      reason: 'The UTR you entered is not on our bank statement',
      idempotency_key: null,
      created_at: at,
      updated_at: at,
      expires_at: at,
      utr: '412345678977',
      utr_submitted_at: at,
    })
    .execute()
  await product.app.db
    .insertInto('withdrawals')
    .values({
      user_id: user.id,
      upi_id: 'meera.shah.savings@okhdfcbank',
      amount: 1234,
      fee: 12,
      coins: 124_600,
      status: 'failed',
      upi_reference: null,
      reason: 'bank says returned',
      idempotency_key: `walk:${crypto.randomUUID()}`,
      created_at: at,
      updated_at: at,
      withdrawl_days: 5,
      due_at: at,
    })
    .execute()
})

afterAll(async () => {
  await browser?.close()
  await product?.stop()
})

/**
 * Walks `routes` in a Hindi phone (logged in when `token` is given): the English texts found, and
 * the texts running past their box.
 */
async function walk(
  routes: (string | Step)[],
  token?: string,
): Promise<{ english: string[]; overflow: string[] }> {
  const context = await browser.newContext({
    baseURL: product.baseUrl,
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
    locale: 'hi-IN',
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  // The result pages' Loading passes on the page's own clock (passResultLoading).
  await page.clock.install()
  if (token) {
    await page.goto('/robots.txt')
    await page.evaluate((value) => localStorage.setItem('access_token', value), token)
  }
  const found: string[] = []
  const overflow: string[] = []
  for (const step of routes) {
    const route = typeof step === 'string' ? step : `${step.path} (then a tap)`
    await page.goto(typeof step === 'string' ? step : step.path, { waitUntil: 'networkidle' })
    await passResultLoading(page)
    await page.locator('main').first().waitFor()
    await page.locator('h1').first().waitFor({ timeout: 10_000 })
    // Skeletons and "Loading…" give way to the screen's own texts.
    await expect
      .poll(() => page.locator('[aria-busy="true"], .skeleton').count(), { timeout: 10_000 })
      .toBe(0)
      .catch(() => undefined)
    expect(await page.getAttribute('html', 'lang'), route).toBe('hi')
    // A step ends on the sign of its state (the popup open, the refusal shown); the texts are read
    // once nothing on the page is loading any more.
    if (typeof step !== 'string') {
      await step.then(page)
      await page.locator(LOADING).first().waitFor({ state: 'detached', timeout: 10_000 })
    }
    for (const text of await pageTexts(page)) {
      const english = englishIn(text)
      if (english) found.push(`${route}: ${english}`)
    }
    for (const line of await overflowing(page)) overflow.push(`${route}: ${line}`)
  }
  await context.close()
  return { english: found, overflow }
}

describe('a Hindi walk of the main routes', () => {
  it('recognises an English sentence as one (the check works)', () => {
    expect(englishIn('बैलेंस: ₹100')).toBeNull()
    expect(englishIn('Balance: ₹100')).toBe('Balance: ₹100')
    expect(englishIn('Pay to Watch & Earn (pay@okaxis)')).toBe('Pay to Watch & Earn (pay@okaxis)')
    expect(englishIn('अपनी UPI ID डालें')).toBeNull()
    expect(englishIn('PhonePe, GPay, Paytm या BHIM')).toBeNull()
    expect(englishIn('12 अंकों का UPI रेफ़रेंस (UTR) डालें')).toBeNull()
    expect(englishIn('Resend code in 00:09')).toBe('Resend code in 00:09')
    expect(englishIn('Order number: 42')).toBe('Order number: 42')
    expect(englishIn('Pause')).toBe('Pause')
    expect(englishIn('₹1,500 · UPI')).toBeNull()
  })

  it('finds text running past its box (the check works)', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } })
    try {
      await page.setContent(
        '<main><button style="width: 100px; white-space: nowrap">पैसे निकालने की शर्तें देखें</button>' +
          '<p class="sr-only" style="position: absolute; width: 1px; overflow: hidden">छिपा हुआ लंबा पाठ</p>' +
          '<div style="overflow-x: auto"><div style="width: 600px">स्लाइडर</div></div></main>',
      )
      const found = await overflowing(page)
      expect(found).toHaveLength(1)
      expect(found[0]).toMatch(/^button\. is \d+ px in \d+ px: "पैसे निकालने की शर्तें देखें"$/)
      await page.setContent('<p style="width: 500px">बहुत चौड़ा</p>')
      // 500 px and the body's 8 px margin.
      expect(await overflowing(page)).toEqual(['the page is 508 px wide at 360 px'])
    } finally {
      await page.close()
    }
  })

  it('finds no English sentence and no text running past its box on the guest screens', async () => {
    expect(await walk(GUEST_ROUTES)).toEqual({ english: [], overflow: [] })
  })

  it('finds no English sentence and no text running past its box on the logged-in screens', async () => {
    const seen = await walk(USER_ROUTES, user.token)
    expect(seen).toEqual({ english: [], overflow: [] })
  })

  it("tells a suspended user why in Hindi, the operator's words labelled as theirs", async () => {
    // Videos of 2 s, so the claim is made within the test's time.
    await product.app.db.updateTable('videos').set({ timer: 2 }).execute()
    const suspended = await createTestUser(product.app, { firstName: 'Meera Shah', views: 3 })
    await product.app.db
      .insertInto('user_moderation')
      .values({
        user_id: suspended.id,
        flagged: 0,
        suspended: 1,
        reason: 'many accounts from one phone',
        updated_by: null,
        updated_at: new Date().toISOString(),
      })
      .execute()
    const context = await browser.newContext({
      baseURL: product.baseUrl,
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
      locale: 'hi-IN',
      serviceWorkers: 'block',
    })
    try {
      const page = await context.newPage()
      await page.goto('/robots.txt')
      await page.evaluate((value) => localStorage.setItem('access_token', value), suspended.token)
      await page.goto('/dashboard', { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'चलाएँ', exact: true }).click()
      const refusal = page.getByText('आपका अकाउंट निलंबित है')
      await refusal.waitFor({ timeout: 20_000 })
      expect(await refusal.innerText()).toContain(
        'हमारी टीम का बताया कारण: “many accounts from one phone”',
      )
    } finally {
      await context.close()
    }
  })
})
