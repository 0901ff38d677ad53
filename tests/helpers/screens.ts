/**
 * Waiting for what a page shows rather than for time. A screen is drawn when React has rendered
 * (or taken over) its `main`, the page has its `h1`, and no loading placeholder is left on the page:
 * no spinner, no skeleton (src/components/skeleton.tsx), no `aria-busy` region. The screen's route
 * guard has then chosen the screen (a guard that redirects renders no screen). A screen is settled
 * when, besides, none of the page's API requests is on its way, so what their answers draw is
 * drawn too.
 */
import type { Page, Request } from 'playwright-core'

/** The loading placeholders: the spinner, the skeletons, a region that says it is busy. */
export const LOADING = '.page-spinner, [data-testid=skeleton], .skeleton, [aria-busy="true"]'

/** Resolves once the page shows a screen drawn by the app with nothing left loading. */
export async function screenDrawn(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (loading) => {
      const main = [...document.querySelectorAll('main')].find((el) => el.checkVisibility())
      return (
        main !== undefined &&
        Object.keys(main).some((key) => key.startsWith('__reactFiber')) &&
        document.querySelector('h1') !== null &&
        document.querySelector(loading) === null
      )
    },
    LOADING,
    { timeout },
  )
}

/**
 * Resolves after the browser has drawn two more frames: what the page did in reaction to the last
 * event (a layout shift, an observer's entry) has been delivered by then.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  )
}

/** The API requests of a page not answered yet, counted from when it is made. */
export class ApiRequests {
  private readonly pending = new Set<Request>()
  private waiting: (() => void)[] = []

  constructor(page: Page) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) this.pending.add(request)
    })
    const done = (request: Request) => {
      if (this.pending.delete(request) && this.pending.size === 0) {
        for (const resolve of this.waiting.splice(0)) resolve()
      }
    }
    // Answered once its response has arrived: an early GET the app does not take keeps its body
    // unread (src/lib/early-gets.ts), so it would not finish until its timeout.
    page.on('response', (response) => done(response.request()))
    page.on('requestfinished', done)
    page.on('requestfailed', done)
  }

  get inFlight(): number {
    return this.pending.size
  }

  /** Resolves when no API request is on its way (at once when none is). */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.waiting.push(resolve))
  }
}

/**
 * Resolves once the page shows a drawn screen (screenDrawn) and none of its API requests is on its
 * way, and still so after the frames that follow the last answer (which may ask for more).
 */
export async function screenSettled(
  page: Page,
  requests: ApiRequests,
  timeout = 30_000,
): Promise<void> {
  const until = Date.now() + timeout
  const left = () => Math.max(until - Date.now(), 1)
  for (;;) {
    await screenDrawn(page, left())
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        requests.idle(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(`${requests.inFlight} API request(s) unanswered after ${timeout} ms`),
              ),
            left(),
          )
        }),
      ])
    } finally {
      clearTimeout(timer)
    }
    await nextFrames(page)
    if (requests.inFlight === 0) {
      await screenDrawn(page, left())
      if (requests.inFlight === 0) return
    }
  }
}

/** How long the payment result pages show Loading whatever the answer (RESULT_LOADING_MS, docs/product.md#rules). */
export const RESULT_LOADING_MS = 2_000

/** The payment result pages, which show Loading for RESULT_LOADING_MS. */
export const RESULT_PAGES = ['/payment-success', '/payment-fail']

/**
 * On a payment result page, once it shows its Loading (and has started its timer), moves the
 * page's clock past RESULT_LOADING_MS, so a test waits for the page's answer rather than for the
 * time. The page's clock must have been installed (`page.clock.install()`) before it loaded; on any
 * other page this does nothing.
 */
export async function passResultLoading(page: Page): Promise<void> {
  if (!RESULT_PAGES.includes(new URL(page.url()).pathname)) return
  // Its Loading, or (on a slow machine) already its answer: a heading of its own.
  const loading = await page.waitForFunction(() =>
    document.querySelector('[data-testid=skeleton]') !== null
      ? 'loading'
      : document.querySelector('main h1:not(.sr-only)') !== null
        ? 'drawn'
        : null,
  )
  if ((await loading.jsonValue()) !== 'loading') return
  // The frames after the Loading was drawn: the effect that starts its timer has run.
  await nextFrames(page)
  await page.clock.fastForward(RESULT_LOADING_MS)
}

/**
 * The elements matching `selectors` whose content is wider than their box (a table the screen
 * must scroll sideways to show): their selectors, empty when every one fits.
 */
export function scrollsSideways(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate(
    (list) =>
      list.filter((selector) =>
        [...document.querySelectorAll(selector)].some((e) => e.scrollWidth > e.clientWidth),
      ),
    selectors,
  )
}

/**
 * Resolves once the app's React root has taken the page over (hydrated, or rendered into) and has
 * no render left to do, the deferred renders after the first screen's included, and still so after
 * two more frames. Read from React's root as it keeps it (`pendingLanes`, the root's
 * `isDehydrated`), as screenDrawn reads a node's React fiber.
 */
export async function appSettled(page: Page, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout
  const idle = () =>
    page.waitForFunction(
      () => {
        const root = document.getElementById('root') as
          (HTMLElement & Record<string, unknown>) | null
        const key = root ? Object.keys(root).find((k) => k.startsWith('__reactContainer')) : null
        const fiber = key ? (root![key] as { stateNode?: ReactRoot } | null) : null
        const state = fiber?.stateNode
        return (
          state !== undefined &&
          state.pendingLanes === 0 &&
          state.current.memoizedState?.isDehydrated !== true
        )
      },
      null,
      { timeout: Math.max(until - Date.now(), 1) },
    )
  await idle()
  await nextFrames(page)
  await idle()
}

/** What appSettled reads of React's root (react-reconciler's FiberRoot). */
interface ReactRoot {
  pendingLanes: number
  current: { memoizedState?: { isDehydrated?: boolean } }
}

/**
 * Records whether the page asks for the toaster's code (src/lib/toaster.tsx), which it does with
 * its first toast (src/lib/notify.ts): call before what could show one.
 */
export function watchToaster(page: Page): { requested: () => boolean } {
  let requested = false
  page.on('request', (request) => {
    if (/\/assets\/toaster-[\w-]+\.js$/.test(new URL(request.url()).pathname)) requested = true
  })
  return { requested: () => requested }
}
