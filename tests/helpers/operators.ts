/**
 * Console operators for tests whose subject is not the first login: enrolled as `create-admin`
 * does, with the one-time password already replaced (set back to the printed one), so every
 * console route opens after login. Also `runOpsCommand`, the operator command as a real process.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Db } from '../../server/db/index.ts'
import { createOperator, type OperatorEnrolment } from '../../server/ops/operators.ts'

/** Enrols `email` with `role` and clears `password_must_change`; the printed password logs in. */
export async function createTestOperator(
  db: Db,
  email: string,
  role: 'operator' | 'viewer',
  now: Date = new Date(),
): Promise<OperatorEnrolment> {
  const enrolment = await createOperator(db, email, role, now)
  await db
    .updateTable('operators')
    .set({ password_must_change: 0 })
    .where('id', '=', enrolment.operator.id)
    .execute()
  return { ...enrolment, operator: { ...enrolment.operator, password_must_change: false } }
}

const execFileAsync = promisify(execFile)

/**
 * Runs the operator command (`npm run ops -- …args`, i.e. `npx tsx server/ops/cli.ts …args`) as a
 * separate process on the database at `databaseUrl`, and resolves with what it printed; rejects
 * when it exits with an error.
 */
export async function runOpsCommand(databaseUrl: string, ...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync('npx', ['tsx', 'server/ops/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
  return stdout
}
