/**
 * The product for `npm run bench:web`, in a process of its own: started by tests/bench/web.ts
 * with `nice` (a lower CPU priority), so the server's work competes less with the Chromium being
 * measured on a small machine. Serves BENCH_DIST on SQLite, creates the logged-in bench user (a
 * verified account with its signup bonus, as every verified account has), prints one JSON line
 * `{ "baseUrl", "login": { "identifier", "pin" } }`, and stops on SIGTERM.
 */
import { startProduct } from '../helpers/server.ts'
import { createTestUser } from '../helpers/users.ts'
import { grantSignupRewards } from '../../server/earning/signup-rewards.ts'

const staticDir = process.env.BENCH_DIST
if (!staticDir) throw new Error('BENCH_DIST (the build to serve) is not set')
const product = await startProduct('sqlite', { staticDir })
const user = await createTestUser(product.app, { views: 3, firstName: 'Bench User' })
await product.app.db
  .transaction()
  .execute((tx) => grantSignupRewards(tx, user.id, product.app.config.rules))
console.log(
  JSON.stringify({ baseUrl: product.baseUrl, login: { identifier: user.email, pin: user.pin } }),
)
process.once('SIGTERM', () => {
  void product.stop().finally(() => process.exit(0))
})
