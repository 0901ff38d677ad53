/**
 * Upkeep that keeps every query's cost independent of time and size (docs/product.md#scale), on timers
 * that never hold the process open: every FOLD_INTERVAL_MS the ledger's pending total changes are
 * folded into `ledger_totals` (server/db/ledger-totals.ts; the metrics scrape folds too), and
 * every RETENTION_INTERVAL_MS (first after RETENTION_FIRST_DELAY_MS) the rows past their
 * retention are deleted (server/db/retention.ts). Failures are logged; the next tick tries again.
 * Closing the app stops the timers and waits for a running pass to end its batch.
 */
import fp from 'fastify-plugin'
import { foldLedgerTotals } from '../db/ledger-totals.ts'
import { enforceRetention } from '../db/retention.ts'

const FOLD_INTERVAL_MS = 60_000
const RETENTION_INTERVAL_MS = 3_600_000
const RETENTION_FIRST_DELAY_MS = 600_000

export default fp(async (app) => {
  const stop = new AbortController()
  let running: Promise<unknown> = Promise.resolve()
  const now = () => app.config.clock?.() ?? new Date()
  const run = (label: string, task: () => Promise<unknown>) => {
    running = running
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error }, `maintenance failed: ${label}`))
  }
  const fold = setInterval(
    () => run('ledger totals', () => foldLedgerTotals(app.db, app.engine)),
    FOLD_INTERVAL_MS,
  )
  const retain = () =>
    run('retention', async () => {
      const report = await enforceRetention(app.db, now(), { signal: stop.signal })
      if (Object.values(report).some((n) => n > 0)) app.log.info({ report }, 'retention pass')
    })
  let retention: NodeJS.Timeout | undefined
  const first = setTimeout(() => {
    retain()
    retention = setInterval(retain, RETENTION_INTERVAL_MS).unref()
  }, RETENTION_FIRST_DELAY_MS).unref()
  fold.unref()
  app.addHook('onClose', async () => {
    stop.abort()
    clearInterval(fold)
    clearTimeout(first)
    clearInterval(retention)
    await running
  })
})
