import { describe, expect, it } from 'vitest'
import { frameOf } from './last-frame-recorder'

/** A root element holding `html`. */
function rootWith(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  return root
}

describe('frameOf', () => {
  it('keeps a complete screen, without its dialogs, alerts and offline notice, its saved-copy lines dated', () => {
    const savedAt = new Date(2026, 10, 28, 9, 41).getTime()
    const root = rootWith(
      `<main><h1>Wallet</h1><span data-testid="saved-copy-label" data-saved-at="${savedAt}">Updated just now</span></main>` +
        '<dialog open><p>Get ₹100</p></dialog><p role="alert">Could not refresh.</p>' +
        '<div class="offline-notice" role="status">You are offline.</div>',
    )
    expect(frameOf(root)).toBe(
      `<main><h1>Wallet</h1><span data-testid="saved-copy-label" data-saved-at="${savedAt}">Saved at 28 Nov, 09:41</span></main>`,
    )
    // The page itself is untouched.
    expect(root.querySelector('dialog')).not.toBeNull()
    expect(root.textContent).toContain('Updated just now')
  })

  it('keeps nothing while placeholders or the spinner show', () => {
    expect(frameOf(rootWith('<main><span class="skel"></span></main>'))).toBeNull()
    expect(frameOf(rootWith('<main><div class="page-spinner"></div></main>'))).toBeNull()
    expect(frameOf(rootWith('<div data-testid="skeleton"></div>'))).toBeNull()
  })

  it('keeps nothing while a video plays, and the screen again once it stops', () => {
    const root = rootWith('<main><video></video><button>Pause</button></main>')
    const video = root.querySelector('video')!
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false })
    expect(frameOf(root)).toBeNull()
    Object.defineProperty(video, 'paused', { configurable: true, get: () => true })
    expect(frameOf(root)).toBe('<main><video></video><button>Pause</button></main>')
  })

  it('keeps nothing while the last frame itself is on screen', () => {
    const root = rootWith('<main><h1>Wallet</h1></main>')
    root.setAttribute('data-last-frame', '')
    expect(frameOf(root)).toBeNull()
  })
})
