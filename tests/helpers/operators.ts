/**
 * Console operators for tests whose subject is not the first login: enrolled as `create-admin`
 * does, with the one-time password already replaced (set back to the printed one), so every
 * console route opens after login; `loginNewOperator` enrols one and logs in. Also the operator command (`npm run ops`): `runOps` in the
 * test's process, `spawnOps` and `runOpsCommand` as a real process.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect } from 'vitest'
import { generate } from 'otplib'
import type { Db } from '../../server/db/index.ts'
import { createOperator, type OperatorEnrolment } from '../../server/ops/operators.ts'
import { runCli } from '../../server/ops/run-cli.ts'
import type { ApiHandle } from './api-app.ts'

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

/**
 * Enrols `email` (`createTestOperator`: `role`, enrolled at `enrolledAt`; an operator enrolled
 * now by default) and logs in through POST /api/v1/ops/login with its password and the TOTP code
 * at `now` (the test clock's time, which `api`'s app reads too). Fails the test unless the login
 * answers 200; returns the console session token.
 */
export async function loginNewOperator(
  api: Pick<ApiHandle, 'app' | 'call'>,
  email: string,
  now: Date,
  {
    role = 'operator',
    enrolledAt = new Date(),
  }: { role?: 'operator' | 'viewer'; enrolledAt?: Date } = {},
): Promise<string> {
  const e = await createTestOperator(api.app.db, email, role, enrolledAt)
  const login = await api.call('POST', '/api/v1/ops/login', {
    body: {
      email: e.operator.email,
      password: e.password,
      totp: await generate({ secret: e.totpSecret, epoch: Math.floor(now.getTime() / 1000) }),
    },
  })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  return login.body.token as string
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

/** What one operator command printed, and its exit code. */
export interface OpsRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs the operator command `npm run ops -- …args` in this process (what server/ops/cli.ts runs,
 * with its environment's DATABASE_URL set to `databaseUrl` and its output captured): the same
 * command on the same database, without starting Node and compiling TypeScript each time.
 */
export async function runOps(databaseUrl: string, ...args: string[]): Promise<OpsRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    out: (text) => {
      stdout += `${text}\n`
    },
    err: (text) => {
      stderr += `${text}\n`
    },
  })
  return { code, stdout, stderr }
}

/** Runs `npm run ops -- …args` as a real child process on `databaseUrl`: the entry operators use. */
export function spawnOps(databaseUrl: string, ...args: string[]): Promise<OpsRun> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'ops', '--', ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
