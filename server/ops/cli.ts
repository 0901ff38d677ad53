/**
 * The operator CLI (DECISIONS §8): `npm run ops -- <command>`. Opens the database named by
 * DATABASE_URL (default file:./data/app.db), migrates it, runs one command and prints the result.
 * Exit codes: 0 done, 1 bad input or a refused action (the message says why).
 */
import { loadConfig } from '../config.ts'
import type { AppContext, Logger } from '../context.ts'
import { backgroundTasks } from '../plugins/background.ts'
import { createMailer } from '../plugins/mailer.ts'
import { openDatabase } from '../db/index.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { ApiError } from '../lib/errors.ts'
import { createPushNotifier } from '../push/notifier.ts'
import { loadVapidKeys } from '../push/vapid.ts'
import { USAGE, UsageError, runCommand } from './commands.ts'
import { STATEMENT_USAGE, runStatementCommand } from './statement-commands.ts'
import { CONSOLE_USAGE, runConsoleCommand } from './console-commands.ts'

/** The CLI's log: warnings and errors to stderr, beside the command's own output. */
const log: Logger = {
  info: (obj, msg) => console.error(msg, obj),
  warn: (obj, msg) => console.error(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    console.log(`${USAGE}\n${STATEMENT_USAGE}${CONSOLE_USAGE}`)
    return argv.length === 0 ? 1 : 0
  }
  const config = loadConfig()
  const handle = openDatabase(config.databaseUrl)
  try {
    await migrateToLatest(handle.db as never, handle.engine)
    // Orders and withdrawals changed here notify their users too.
    const push = createPushNotifier({
      db: handle.db,
      keys: await loadVapidKeys(handle.db, config.vapidKeys, new Date()),
      subject: config.vapidSubject,
      log,
    })
    const mailer = createMailer(config, log)
    const ctx: AppContext = {
      db: handle.db,
      engine: handle.engine,
      rules: config.rules,
      now: () => new Date(),
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      log,
      mailer,
      background: backgroundTasks(log),
      onMoneyMoved: push.moneyMoved,
    }
    try {
      const output =
        (await runStatementCommand(ctx, argv)) ??
        (await runConsoleCommand(ctx, argv, config.databaseUrl)) ??
        (await runCommand(ctx, argv))
      console.log(output)
    } finally {
      await ctx.background.drain()
      await push.idle()
      mailer.close()
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`)
      return 1
    }
    if (error instanceof ApiError) {
      console.error(`Error: ${error.message} (${error.code})`)
      return 1
    }
    console.error(`Error: ${(error as Error).message}`)
    return 1
  } finally {
    await handle.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
