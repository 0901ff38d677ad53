/**
 * Test helper: the setup every end-to-end file repeats, written once. A file calls
 * `productInChromiumForFile()` at its top level; that registers the file's `beforeAll` (the
 * product on a fresh SQLite database, from the built PWA in dist/, then one headless Chromium)
 * and `afterAll` (Chromium closed, then the product stopped and its database dropped). Vitest runs
 * after-hooks in reverse (`sequence.hooks: 'stack'`), so a file's own `afterAll`, registered
 * later, closes its contexts first.
 */
import { afterAll, beforeAll } from 'vitest'
import type { Browser } from 'playwright-core'
import type { AppConfig } from '../../server/config.ts'
import { launchBrowser } from './browser.ts'
import { startProduct, type RunningProduct } from './server.ts'

/** The file's running product and browser; reading either before the `beforeAll` ran throws. */
export interface ProductInChromium {
  readonly product: RunningProduct
  readonly browser: Browser
}

/**
 * Registers the start and stop of the product and Chromium around the calling file's tests.
 * `config` overrides the product's configuration; a function is called in the `beforeAll`, after
 * the hooks the file registered before this call (a stand-in server whose URL it needs, say).
 */
export function productInChromiumForFile(
  config: Partial<AppConfig> | (() => Partial<AppConfig>) = {},
): ProductInChromium {
  let product: RunningProduct | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    product = await startProduct('sqlite', typeof config === 'function' ? config() : config)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await product?.stop()
  })
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the ${name} is not started: use it in a test or hook`)
    return value
  }
  return {
    get product() {
      return started(product, 'product')
    },
    get browser() {
      return started(browser, 'browser')
    },
  }
}
