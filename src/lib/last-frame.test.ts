import { describe, expect, it } from 'vitest'
import { checkLastFrame } from './last-frame'

const TOKEN = 'token-of-the-session-0123456789abcdef'

/** A root as the service worker serves it with a frame of `session` in `lang`. */
function servedRoot(session: string, lang: string): HTMLElement {
  const root = document.createElement('div')
  root.setAttribute('data-last-frame', '')
  root.setAttribute('data-session', session)
  root.setAttribute('data-lang', lang)
  root.innerHTML = '<main><h1>Wallet</h1></main>'
  return root
}

describe('checkLastFrame', () => {
  it("keeps a frame of the visitor's session and language", () => {
    const root = servedRoot(TOKEN.slice(-16), 'en')
    expect(checkLastFrame(root, TOKEN, 'en')).toBe(true)
    expect(root.textContent).toBe('Wallet')
  })

  it('takes off a frame of another session, another language, or with no token', () => {
    for (const [root, token, lang] of [
      [servedRoot('someone-elses-16', 'en'), TOKEN, 'en'],
      [servedRoot(TOKEN.slice(-16), 'en'), TOKEN, 'hi'],
      [servedRoot(TOKEN.slice(-16), 'en'), null, 'en'],
    ] as const) {
      expect(checkLastFrame(root, token, lang)).toBe(false)
      expect(root.textContent).toBe('')
      expect(root.hasAttribute('data-last-frame')).toBe(false)
    }
  })

  it('is false on the plain app shell', () => {
    const root = document.createElement('div')
    root.innerHTML = '<main>Loading…</main>'
    expect(checkLastFrame(root, TOKEN, 'en')).toBe(false)
    expect(root.textContent).toBe('Loading…')
  })
})
