/**
 * The console's commands of `npm run ops` (docs/product.md#operators): `create-admin` enrols an operator (a
 * one-time password and a TOTP enrolment URI with its QR code in the terminal), `disable-admin`
 * ends an operator's access, and `backup` copies the SQLite database while the server runs
 * (better-sqlite3's online backup).
 */
import path from 'node:path'
import QRCode from 'qrcode'
import type { AppContext } from '../context.ts'
import { backupSqlite } from '../db/backup.ts'
import { cliActor, writeAudit } from './audit.ts'
import { UsageError } from './commands.ts'
import { createOperator, disableOperator } from './operators.ts'

export const CONSOLE_USAGE = `
  create-admin <email> --role operator|viewer          create (or re-enrol) a console operator: prints a
                                                        one-time password and the TOTP enrolment (QR code)
  disable-admin <email>                                 disable a console operator and end their sessions
  backup <FILE>                                         online copy of the SQLite database (server may run)`

/** Runs `create-admin` or `backup`; null for any other command. Throws UsageError or ApiError. */
export async function runConsoleCommand(
  ctx: AppContext,
  argv: string[],
  databaseUrl: string,
): Promise<string | null> {
  const [command, ...rest] = argv
  switch (command) {
    case 'create-admin': {
      const positional = rest.filter((a, i) => !a.startsWith('--') && rest[i - 1] !== '--role')
      const roleAt = rest.indexOf('--role')
      const role =
        roleAt >= 0 ? rest[roleAt + 1] : rest.find((a) => a.startsWith('--role='))?.slice(7)
      const email = positional[0]
      if (!email) throw new UsageError('Missing argument: expected <email>.')
      if (role !== 'operator' && role !== 'viewer')
        throw new UsageError('--role must be operator or viewer.')
      const now = ctx.now()
      const enrolment = await createOperator(ctx.db, email, role, now)
      await writeAudit(
        ctx.db,
        cliActor(),
        {
          action: enrolment.replaced ? 'operator.reenrol' : 'operator.create',
          entity: 'operators',
          entityId: enrolment.operator.id,
          after: enrolment.operator,
        },
        now,
      )
      const qr = await QRCode.toString(enrolment.otpauthUri, { type: 'terminal', small: true })
      return [
        `${enrolment.replaced ? 'Re-enrolled' : 'Created'} ${enrolment.operator.role} ${enrolment.operator.email}.`,
        '',
        `One-time password (shown only now): ${enrolment.password}`,
        `TOTP enrolment URI: ${enrolment.otpauthUri}`,
        '',
        'Scan this with an authenticator app (Google Authenticator, Aegis, 1Password, …):',
        qr,
        'Log in at /ops/ with the email, this password and the app’s 6-digit code.',
      ].join('\n')
    }
    case 'disable-admin': {
      const email = rest[0]
      if (!email) throw new UsageError('Missing argument: expected <email>.')
      const now = ctx.now()
      const id = await disableOperator(ctx.db, email, now)
      await writeAudit(
        ctx.db,
        cliActor(),
        { action: 'operator.disable', entity: 'operators', entityId: id },
        now,
      )
      return `Disabled ${email.trim().toLowerCase()}; their sessions ended.`
    }
    case 'backup': {
      const target = rest[0]
      if (!target) throw new UsageError('Missing argument: expected <FILE>.')
      const copied = await backupSqlite(databaseUrl, path.resolve(target))
      if ('refused' in copied) {
        throw new UsageError(
          copied.refused === 'postgres'
            ? 'backup copies a SQLite database; for PostgreSQL use pg_dump (docs/operations.md).'
            : 'An in-memory database has nothing to back up.',
        )
      }
      return `Backed up ${copied.source} to ${path.resolve(target)} (${copied.pages} pages).`
    }
    default:
      return null
  }
}
