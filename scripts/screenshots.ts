// The README's screenshots, from the real build: the dashboard, wallet, withdraw form, deposit
// confirm sheet, refer screen and the reward moment at 360×800 in light and dark, English and
// Hindi (docs/screenshots/<screen>-<theme>-<lang>.webp), and the operators' console's queues and
// user view at 1280×800 (docs/screenshots/console-<view>-light-en.webp). Drives the built PWA in
// headless Chromium against the real API on a fresh SQLite database, with a user who can withdraw
// (a balance, videos watched, the fee paid, three friends), a few ledger rows, a withdrawal and a
// payment waiting for an operator. Run after a build: `npm run build && npx tsx
// scripts/screenshots.ts` (both languages; `SHOT_LANGUAGES=hi` for one, `SHOT_CONSOLE=0` to leave
// the console out). A PNG copy of each goes to tests/screenshots/readme-*.png (git-ignored).
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { startProduct, type RunningProduct } from '../tests/helpers/server.ts'
import { launchBrowser, logInToConsole, phoneContext } from '../tests/helpers/browser.ts'
import { createEligibleUser, createTestUser, type TestUser } from '../tests/helpers/users.ts'
import { createTestOperator } from '../tests/helpers/operators.ts'
import { ApiRequests, screenSettled } from '../tests/helpers/screens.ts'
import { postLedgerEntry } from '../server/earning/ledger.ts'
import type { LedgerKind } from '../server/db/schema/earning.ts'

const OUT = 'docs/screenshots'
const PNG_OUT = 'tests/screenshots'
/** Watch time of every video, in seconds: the reward moment comes after one short video. */
const VIDEO_SECONDS = 3

/** A screen: where it is, and what to do once it is settled (open a popup, watch a video). */
interface Screen {
  name: string
  path: string
  then?: (page: Page) => Promise<void>
}

const SCREENS: Screen[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'wallet', path: '/wallet' },
  { name: 'withdraw', path: '/amount-withdraw' },
  {
    name: 'deposit-confirm',
    path: '/deposit-fee',
    then: async (page) => {
      // The first plan's Deposit button (named in the page's language): its confirm sheet.
      await page.locator('.plan-row button').first().click()
      await page.locator('dialog[open]').waitFor()
    },
  },
  { name: 'refer', path: '/referandearn' },
  {
    // Last: the claim changes the balance the other screens show.
    name: 'reward',
    path: '/dashboard',
    then: async (page) => {
      await page.locator('.player-controls button').click()
      // The popup with the credited claim's new balance.
      await page.getByTestId('reward-popup-balance').waitFor({ timeout: 30_000 })
    },
  },
]
const THEMES = ['light', 'dark'] as const
/** The languages to take (`SHOT_LANGUAGES=en,hi`), each as the language switch's stored choice. */
const LANGUAGES = (process.env.SHOT_LANGUAGES ?? 'en,hi').split(',')

/** An API call as `user`, through the running app; throws unless it answers 200. */
async function call(product: RunningProduct, user: TestUser, url: string, body: unknown) {
  const res = await product.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    payload: body as Record<string, unknown>,
  })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json() as { data: Record<string, unknown> }
}

/** Writes the page as it is to docs/ (WebP, for the README) and tests/screenshots/ (PNG). */
async function shoot(context: BrowserContext, page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  // The popups' and toasts' entry transitions end.
  await page.waitForTimeout(400)
  const cdp = await context.newCDPSession(page)
  const { data } = (await cdp.send('Page.captureScreenshot', { format: 'webp', quality: 80 })) as {
    data: string
  }
  await cdp.detach()
  const file = `${OUT}/${name}.webp`
  fs.writeFileSync(file, Buffer.from(data, 'base64'))
  await page.screenshot({ path: `${PNG_OUT}/readme-${name}.png` })
  console.log(file, Math.round(Buffer.from(data, 'base64').length / 1024), 'KB')
}

/** The coins Meera's withdrawal takes: ₹200 and the ₹1 transfer fee. */
const WITHDRAWAL = { rupees: 200, coins: 20_100 }

/**
 * A user who meets the withdrawal conditions (videos watched, the fee paid, three friends) with
 * ledger rows: a welcome bonus, an operator's credit of `credit` coins (a seven-digit row, whose
 * title stays whole beside the amount), a few rewards; and, with `withdrawRupees`, a withdrawal
 * on its way to `<first name>@okaxis`.
 */
async function makeEarner(
  product: RunningProduct,
  firstName: string,
  credit: number,
  withdrawRupees?: number,
): Promise<TestUser> {
  const { app } = product
  const user = await createEligibleUser(app, { firstName, views: 40, friendViews: 12, coins: 0 })
  const rows = [
    { kind: 'signup_bonus', coins: 10_000, description: 'Welcome bonus' },
    {
      kind: 'manual_adjustment',
      coins: credit,
      description: 'Goodwill credit for a delayed payout',
    },
    { kind: 'video_reward', coins: 50, description: 'Video 1' },
    { kind: 'video_reward', coins: 50, description: 'Video 2' },
    { kind: 'referral_reward', coins: 100, description: 'Friend Asha verified' },
    { kind: 'video_reward', coins: 50, description: 'Video 3' },
  ] as const
  for (const [i, row] of rows.entries()) {
    await app.db.transaction().execute((tx) =>
      postLedgerEntry(tx, {
        userId: user.id,
        ...row,
        // An operator's adjustment (server/ops/users.ts writes it the same way).
        kind: row.kind as LedgerKind,
        status: 'confirmed',
        idempotencyKey: `shot:${crypto.randomUUID()}`,
        at: new Date(Date.now() - (rows.length - i) * 3_600_000),
      }),
    )
  }
  if (withdrawRupees) {
    const upi = `${firstName.split(' ')[0]!.toLowerCase()}@okaxis`
    await call(product, user, '/api/v1/add-withdraw/', {
      upi_id: upi,
      amount: withdrawRupees,
      pin: user.pin,
    })
  }
  return user
}

/**
 * The phone screens in every language and theme, as Meera (a withdrawal on its way). The reward
 * moment is each time a Meera of its own with the same balance and no withdrawal: each claims her
 * first video of the day (a user's videos are handed out once a day).
 */
async function phoneScreens(
  product: RunningProduct,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  meera: TestUser,
): Promise<void> {
  for (const lang of LANGUAGES) {
    for (const theme of THEMES) {
      const rewarded = await makeEarner(product, 'Meera Shah', 1_50_000 - WITHDRAWAL.coins)
      const context = await phoneContext(browser, product.baseUrl, {
        locale: lang === 'hi' ? 'hi-IN' : 'en-IN',
        colorScheme: theme,
        serviceWorkers: 'block',
      })
      const page = await context.newPage()
      const logIn = (token: string) =>
        page.evaluate(
          ([t, language]) => {
            localStorage.setItem('access_token', t)
            localStorage.setItem('lang', language)
          },
          [token, lang] as const,
        )
      await page.goto('/robots.txt')
      await logIn(meera.token)
      for (const screen of SCREENS) {
        if (screen.name === 'reward') await logIn(rewarded.token)
        const requests = new ApiRequests(page)
        await page.goto(screen.path)
        await screenSettled(page, requests)
        await screen.then?.(page)
        await shoot(context, page, `${screen.name}-${theme}-${lang}`)
      }
      await context.close()
    }
  }
}

/** The console at 1280×800: an operator logged in, the queues, and Meera's user view. */
async function consoleScreens(
  product: RunningProduct,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  user: TestUser,
) {
  // Three payments waiting for an operator, each with the UTR entered: the fee and two plans.
  const plans = await product.app.db
    .selectFrom('membership_plans')
    .select(['id', 'deposit_point'])
    .where('deposit_point', '!=', 'FREE')
    .orderBy('id')
    .limit(2)
    .execute()
  const orders = [
    { name: 'Ravi Kumar', body: { amount: 99 } },
    ...plans.map((plan, i) => ({
      name: i === 0 ? 'Asha Verma' : 'Kiran Rao',
      body: { amount: Number(plan.deposit_point), membership_plan_id: plan.id },
    })),
  ]
  for (const [i, { name, body }] of orders.entries()) {
    const payer = await createTestUser(product.app, { firstName: name })
    const order = await call(product, payer, '/api/v1/create-order/', body)
    await call(product, payer, `/api/v1/orders/${order.data.order_id as string}/utr/`, {
      utr: `61234567890${i + 1}`,
    })
  }
  // Two more withdrawals in the queue.
  await makeEarner(product, 'Asha Verma', 2_00_000, 1000)
  await makeEarner(product, 'Kiran Rao', 1_20_000, 500)
  const operator = await createTestOperator(product.app.db, 'ops@example.com', 'operator')
  const context = await browser.newContext({
    baseURL: product.baseUrl,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
  })
  const page = await context.newPage()
  await logInToConsole(page, 'ops@example.com', operator)
  await page.locator('tr[data-order]').first().waitFor()
  // The pointer off the tables: no row drawn hovered.
  await page.mouse.move(1270, 790)
  await shoot(context, page, 'console-orders-light-en')
  await page.getByRole('button', { name: 'Withdrawals' }).click()
  // Every status: a new user's withdrawal may be held for review rather than requested.
  await page.getByLabel('Status').selectOption('all')
  await page.locator('tr[data-withdrawal]').first().waitFor()
  await shoot(context, page, 'console-withdrawals-light-en')
  await page.getByRole('button', { name: 'Users' }).click()
  await page.getByLabel(/^Email, phone/).fill(user.email)
  await page.getByRole('button', { name: 'Find' }).click()
  await page.getByRole('table', { name: 'Ledger' }).waitFor()
  await shoot(context, page, 'console-user-light-en')
  await context.close()
}

const product = await startProduct('sqlite')
const browser = await launchBrowser()
try {
  fs.mkdirSync(OUT, { recursive: true })
  fs.mkdirSync(PNG_OUT, { recursive: true })
  await product.app.db.updateTable('videos').set({ timer: VIDEO_SECONDS }).execute()
  const meera = await makeEarner(product, 'Meera Shah', 1_50_000, WITHDRAWAL.rupees)
  await phoneScreens(product, browser, meera)
  if (process.env.SHOT_CONSOLE !== '0') await consoleScreens(product, browser, meera)
} finally {
  await browser.close()
  await product.stop()
}
