/**
 * The popups from the keyboard in real headless Chromium, against the built PWA and the real API:
 * the native modal `<dialog>` takes focus, Tab and Shift+Tab stay inside it, the page behind is
 * inert, Escape closes a dismissible popup and leaves the bonus popup open, and focus comes back to
 * the opener (or the player's button for the popup that opened on load).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { loggedInPhoneContext } from '../helpers/browser.ts'
import { productInChromiumForFile } from '../helpers/e2e-suite.ts'
import { createTestUser } from '../helpers/users.ts'

const e2e = productInChromiumForFile()
let context: BrowserContext
let page: Page

/** The focused element, described by its role-ish tag and text or label. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    const inDialog = el.closest('dialog') ? 'dialog ' : ''
    return `${inDialog}${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`
  })

beforeAll(async () => {
  const newcomer = await createTestUser(e2e.product.app, { firstName: 'Key Tester', views: 0 })
  context = await loggedInPhoneContext(e2e.browser, e2e.product.baseUrl, newcomer.token)
  page = await context.newPage()
})

afterAll(async () => {
  await context?.close()
})

describe('popups from the keyboard in Chromium', () => {
  it('the bonus popup on load: focus inside, trapped, Escape ignored, then focus on the player', async () => {
    await page.goto('/dashboard', { waitUntil: 'load' })
    const dialog = page.getByRole('dialog', { name: 'Congratulations!' })
    await dialog.waitFor()
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).matches(':modal'))).toBe(true)
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null)
    expect(await focused(page)).toBe('dialog button:Get Started')
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await focused(page)).toBe('dialog button:Get Started')
    }
    // The page behind cannot be reached by a click either.
    const behind = await page.evaluate(() => {
      const withdraw = [...document.querySelectorAll('main button')].find(
        (b) => b.textContent === 'Withdraw',
      )
      const box = withdraw!.getBoundingClientRect()
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      return top === withdraw
    })
    expect(behind).toBe(false)
    // Every cancel and close of the dialog from now on, seen after the popup's own listeners.
    await dialog.evaluate((d) => {
      const seen: { type: string; prevented: boolean }[] = []
      ;(window as unknown as { dialogEvents: typeof seen }).dialogEvents = seen
      for (const type of ['cancel', 'close'])
        d.addEventListener(type, (e) => seen.push({ type, prevented: e.defaultPrevented }))
    })
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    // Both Escapes handled: each a cancel the popup prevented, or (Chromium closes a dialog on a
    // second Escape) its close, in which the popup has shown itself again.
    await page.waitForFunction(() => {
      const seen = (window as unknown as { dialogEvents: { type: string; prevented: boolean }[] })
        .dialogEvents
      return (
        seen.some((e) => e.type === 'close') ||
        seen.filter((e) => e.type === 'cancel' && e.prevented).length >= 2
      )
    })
    expect(await dialog.isVisible()).toBe(true)
    expect(await focused(page)).toBe('dialog button:Get Started')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    // Get Started started nothing: focus waits on Play, which starts the video.
    expect(await focused(page)).toBe('button:Play')
    await page.keyboard.press('Enter')
    expect(await focused(page)).toBe('button:Pause')
  })

  it('the requirements popup: opened by keyboard, trapped, Escape closes it, focus back on Withdraw', async () => {
    const withdraw = page.getByRole('button', { name: 'Withdraw', exact: true })
    await withdraw.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Withdrawal requirements' })
    await dialog.waitFor()
    expect(await focused(page)).toBe('dialog button:OK')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('dialog button:OK')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('dialog button:OK')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe('button:Withdraw')
  })

  it('the Confirm Payment sheet: opens on its title, then the conditions, Yes and No in a loop, Escape answers No, focus back on Deposit', async () => {
    await page.goto('/deposit-fee', { waitUntil: 'load' })
    const deposit = page.getByRole('button', { name: /^Deposit / }).first()
    await deposit.waitFor()
    const label = await deposit.getAttribute('aria-label')
    await deposit.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Confirm Payment' })
    await dialog.waitFor()
    // Opens on its title, in view; then the folded conditions, Yes and No, in a loop.
    expect(await focused(page)).toMatch(/^dialog h\d:Confirm Payment$/)
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('dialog summary:What you need to withdraw')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('dialog button:Yes')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('dialog button:No')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('dialog summary:What you need to withdraw')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('dialog button:No')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await focused(page)).toBe(`button:${label}`)
  })
})
