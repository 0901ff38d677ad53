/**
 * Profile editing (docs/product.md#api payload first_name and phone_number; §5 rules and texts). The user is
 * the token's user (docs/product.md#security); a phone number is unique across accounts.
 */
import type { Db } from '../db/index.ts'
import { isUniqueViolation } from '../db/index.ts'
import { badRequest, conflict } from '../lib/errors.ts'
import { checkProfileName, checkProfilePhone } from '../../contract/validation.ts'
import type { ProfileFields } from '../../contract/api/profile.ts'

const PHONE_TAKEN_MESSAGE = 'This phone number is already used by another account.'

/**
 * Checks and saves the user's first name (trimmed, letters and spaces, 3–30) and phone number
 * (10 digits starting 6–9); returns the saved values.
 * @throws ApiError 400 VALIDATION with docs/product.md#validation's message for a bad name or phone.
 * @throws ApiError 409 PHONE_TAKEN when another account has that phone number.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  body: Partial<ProfileFields>,
): Promise<ProfileFields> {
  const firstName = (body.first_name ?? '').trim().replace(/\s+/g, ' ')
  const phone = (body.phone_number ?? '').trim()
  const error = checkProfileName(firstName) ?? checkProfilePhone(phone)
  if (error) throw badRequest('VALIDATION', error)

  const other = await db
    .selectFrom('users')
    .select('id')
    .where('phone_number', '=', phone)
    .where('id', '!=', userId)
    .executeTakeFirst()
  if (other) throw conflict('PHONE_TAKEN', PHONE_TAKEN_MESSAGE)
  try {
    await db
      .updateTable('users')
      .set({ first_name: firstName, phone_number: phone })
      .where('id', '=', userId)
      .execute()
  } catch (e) {
    // Another account took the number between the check and the update.
    if (isUniqueViolation(e)) throw conflict('PHONE_TAKEN', PHONE_TAKEN_MESSAGE)
    throw e
  }
  return { first_name: firstName, phone_number: phone }
}
