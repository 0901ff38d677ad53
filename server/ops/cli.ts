/**
 * The operator CLI (docs/product.md#operators): `npm run ops -- <command>`. Runs one command (run-cli.ts) on the
 * database named by DATABASE_URL and exits 0 when done, 1 on bad input or a refused action.
 */
import { runCli } from './run-cli.ts'

process.exitCode = await runCli(process.argv.slice(2))
