/**
 * Keeps this instance's `config.rules` and `config.risk` (the risk rules) equal to the newest stored
 * rules (docs/product.md#rules): read once
 * at start, then every RULES_REFRESH_MS, so a rule an operator saves on any instance is enforced
 * and served by `GET /config/` on every instance within seconds. The object is updated in place:
 * every context holding `config.rules` sees the change. `refreshRules()` applies a change at once
 * (after a save on this instance).
 */
import fp from 'fastify-plugin'
import { RULES_REFRESH_MS, newestRules, splitLiveRules } from './live-rules.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the newest stored rules into `config.rules` now. */
    refreshRules(): Promise<void>
  }
}

export default fp(async (app) => {
  // The configured rules (defaults and overrides) under the stored ones.
  const base = { ...app.config.rules, ...app.config.risk }
  let applied = 0
  const refresh = async () => {
    const newest = await newestRules(app.db, base)
    if (newest && newest.id !== applied) {
      const { rules, risk } = splitLiveRules(newest.rules)
      Object.assign(app.config.rules, rules)
      Object.assign(app.config.risk, risk)
      applied = newest.id
    }
  }
  app.decorate('refreshRules', refresh)
  await refresh()
  const timer = setInterval(() => {
    refresh().catch((error: Error) => app.log.warn({ err: error }, 'reading the live rules failed'))
  }, RULES_REFRESH_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
})
