import { describe, expect, it } from 'vitest'
import { fillLastFrame, lastFrameKey, sessionMark } from './page-html.ts'

const SHELL = [
  '<!doctype html>',
  '<html lang="en">',
  '  <body>',
  '    <div id="root" data-lang="en"><main><div class="page-spinner">Loading…</div></main></div>',
  '  </body>',
  '</html>',
].join('\n')

describe('fillLastFrame', () => {
  it("puts the frame in the shell's root, marked with its session and language", () => {
    const page = fillLastFrame(
      SHELL,
      { html: '<main><h1>Wallet</h1></main>', session: 'abc_-1' },
      'hi',
    )
    expect(page).toContain(
      '    <div id="root" data-last-frame data-session="abc_-1" data-lang="hi"><main><h1>Wallet</h1></main></div>',
    )
    expect(page).not.toContain('Loading…')
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page.endsWith('</html>')).toBe(true)
  })

  it('makes a frame with a form inert until the app has drawn it', () => {
    const page = fillLastFrame(
      SHELL,
      { html: '<form><input name="amount"></form>', session: 's' },
      'en',
    )
    expect(page).toContain('data-lang="en" inert>')
  })

  it('keeps a damaged session mark out of the attribute', () => {
    const page = fillLastFrame(SHELL, { html: '<p>x</p>', session: '"><script>' }, 'en')
    expect(page).toContain('data-session="script"')
  })

  it('throws on a page without a one-line root', () => {
    expect(() =>
      fillLastFrame('<html><body></body></html>', { html: '', session: '' }, 'en'),
    ).toThrow(/one-line <div id="root">/)
  })
})

describe('lastFrameKey and sessionMark', () => {
  it('keys a frame by language and path with its query', () => {
    expect(lastFrameKey('hi', '/m-payment?id=7')).toBe('/last-frame/hi/m-payment?id=7')
  })
  it("marks a session by its token's last 16 characters", () => {
    expect(sessionMark('x'.repeat(27) + 'ABCDEFGHIJKLMNOP')).toBe('ABCDEFGHIJKLMNOP')
  })
})

describe("fillLastFrame's preloads", () => {
  it('moves the module preloads after the root, to be appended once the frame is painted', () => {
    const shell = [
      '<html><head>',
      '<link rel="stylesheet" href="/assets/index.css">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react.js">',
      '<link rel="modulepreload" crossorigin href="/assets/wallet.js">',
      '</head><body>',
      '<div id="root" data-lang="en"><main>Loading…</main></div>',
      '</body></html>',
    ].join('\n')
    const page = fillLastFrame(shell, { html: '<main>Wallet</main>', session: 's' }, 'en')
    expect(page).toBe(
      [
        '<html><head>',
        '<link rel="stylesheet" href="/assets/index.css">',
        '</head><body>',
        '<div id="root" data-last-frame data-session="s" data-lang="en"><main>Wallet</main></div>',
        '<template id="app-preloads"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react.js"><link rel="modulepreload" crossorigin href="/assets/wallet.js"></template>',
        '</body></html>',
      ].join('\n'),
    )
  })
})
