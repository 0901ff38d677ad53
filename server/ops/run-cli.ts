/**
 * The operator CLI's work (docs/product.md#operators), apart from its entry (cli.ts) so tests can run a command
 * in their own process: opens the database named by DATABASE_URL (default file:./data/app.db),
 * migrates it, runs one command and prints the result. Resolves with the exit code: 0 done, 1 bad
 * input or a refused action (the message says why).
 */
import { newestRules, splitLiveRules } from './live-rules.ts'
import { format } from 'node:util'
import { loadConfig } from '../config.ts'
import type { AppContext, Logger } from '../context.ts'
import { backgroundTasks } from '../plugins/background.ts'
import { createMailer } from '../plugins/mailer.ts'
import { DEFAULT_POOL_SIZE, openDatabase } from '../db/index.ts'
import { migrateOpened } from '../db/migrate.ts'
import { ApiError } from '../lib/errors.ts'
import { createPushNotifier } from '../push/notifier.ts'
import { loadVapidKeys } from '../push/vapid.ts'
import { USAGE, UsageError, runCommand } from './commands.ts'
import { STATEMENT_USAGE, runStatementCommand } from './statement-commands.ts'
import { CONSOLE_USAGE, runConsoleCommand } from './console-commands.ts'

/** Where a run reads its configuration and writes its output: the process's own by default. */
export interface CliIo {
  env: NodeJS.ProcessEnv
  /** The command's output (stdout), one call per printed block. */
  out(text: string): void
  /** Errors and the log (stderr). */
  err(text: string): void
}

const PROCESS_IO: CliIo = {
  env: process.env,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
}

/** Runs the command `argv` (`npm run ops -- …argv`); resolves with the exit code. */
export async function runCli(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  // The CLI's log: warnings and errors to stderr, beside the command's own output.
  const line = (obj: object, msg: string) => io.err(format(msg, obj))
  const log: Logger = { info: line, warn: line, error: line }
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.out(`${USAGE}\n${STATEMENT_USAGE}${CONSOLE_USAGE}`)
    return argv.length === 0 ? 1 : 0
  }
  const config = loadConfig(io.env)
  // No statement limit: an operator's command may migrate or read a large table on purpose.
  const handle = openDatabase(config.databaseUrl, DEFAULT_POOL_SIZE, 0)
  try {
    await migrateOpened(handle)
    // Orders and withdrawals changed here notify their users too.
    const push = createPushNotifier({
      db: handle.db,
      keys: await loadVapidKeys(handle.db, config.vapidKeys, new Date()),
      subject: config.vapidSubject,
      log,
    })
    const mailer = createMailer(config, log)
    // The rules in force: the newest stored version over the configured ones.
    const stored = await newestRules(handle.db, { ...config.rules, ...config.risk })
    const live = stored ? splitLiveRules(stored.rules) : config
    const ctx: AppContext = {
      db: handle.db,
      dialect: handle.dialect,
      rules: live.rules,
      risk: live.risk,
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
      io.out(output)
    } finally {
      await ctx.background.drain()
      await push.idle()
      mailer.close()
    }
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`Error: ${error.message}\n\n${USAGE}`)
      return 1
    }
    if (error instanceof ApiError) {
      io.err(`Error: ${error.message} (${error.code})`)
      return 1
    }
    io.err(`Error: ${(error as Error).message}`)
    return 1
  } finally {
    await handle.close()
  }
}
