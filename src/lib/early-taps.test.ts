/**
 * The taps held on a page before the app has taken it over (src/lib/early-taps.ts): given back to
 * the same button once hydrated, or to its counterpart once a page drawn anew (a route's first
 * frame) has its screen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdEarlyTaps, releaseEarlyTap } from './early-taps'

afterEach(() => {
  releaseEarlyTap() // drops anything a test left held
  document.body.innerHTML = ''
})

/** A root with one button labelled `label`, and a listener counting its clicks. */
function page(label: string) {
  document.body.innerHTML = `<div id="root"><button aria-label="${label}">Deposit</button></div>`
  const root = document.getElementById('root')!
  return { root, button: root.querySelector('button')! }
}

describe('early taps', () => {
  it('holds a tap (no default, not passed on) and starts the app', () => {
    const { root, button } = page('Deposit ₹499 for Silver')
    const start = vi.fn()
    const seen = vi.fn()
    root.addEventListener('click', seen)
    holdEarlyTaps(root, start)
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    button.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(seen).not.toHaveBeenCalled()
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('gives the tap back to the same button when it is still on the page (hydrated)', () => {
    const { root, button } = page('Deposit ₹499 for Silver')
    holdEarlyTaps(root, () => undefined)
    button.click()
    const answered = vi.fn()
    button.addEventListener('click', answered)
    releaseEarlyTap(root)
    expect(answered).toHaveBeenCalledTimes(1)
  })

  it('gives the tap to the button with the same label once the screen drawn anew has it, focused after a key press', async () => {
    const { root, button } = page('Deposit ₹999 for Silver')
    holdEarlyTaps(root, () => undefined)
    button.focus()
    button.click()
    root.innerHTML = '' // the app's render replaced the first frame; the screen comes later
    releaseEarlyTap(root)
    const other = document.createElement('button')
    other.setAttribute('aria-label', 'Deposit ₹499 for Silver')
    const twin = document.createElement('button')
    twin.setAttribute('aria-label', 'Deposit ₹999 for Silver')
    const wrong = vi.fn()
    const answered = vi.fn()
    other.addEventListener('click', wrong)
    twin.addEventListener('click', answered)
    root.append(other, twin)
    await vi.waitFor(() => expect(answered).toHaveBeenCalledTimes(1))
    expect(wrong).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(twin)
  })

  it('drops a tap whose button the screen never draws', async () => {
    vi.useFakeTimers()
    try {
      const { root, button } = page('वापस जाएँ')
      holdEarlyTaps(root, () => undefined)
      button.click()
      root.innerHTML = '<button aria-label="Go back">←</button>'
      const back = root.querySelector('button')!
      const answered = vi.fn()
      back.addEventListener('click', answered)
      releaseEarlyTap(root)
      await vi.advanceTimersByTimeAsync(6000)
      root.append(document.createElement('button'))
      expect(answered).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('moves the focus a key put on a button that is gone to its counterpart, without a tap', async () => {
    const { root, button } = page('Deposit ₹499 for Silver')
    holdEarlyTaps(root, () => undefined)
    button.focus()
    const twin = document.createElement('button')
    twin.setAttribute('aria-label', 'Deposit ₹499 for Silver')
    const clicked = vi.fn()
    twin.addEventListener('click', clicked)
    root.replaceChildren(twin) // the app's render replaced the first frame; the focus fell
    releaseEarlyTap(root)
    expect(document.activeElement).toBe(twin)
    expect(clicked).not.toHaveBeenCalled()
  })
})
