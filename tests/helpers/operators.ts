/**
 * Console operators for tests whose subject is not the first login: enrolled as `create-admin`
 * does, with the one-time password already replaced (set back to the printed one), so every
 * console route opens after login.
 */
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
