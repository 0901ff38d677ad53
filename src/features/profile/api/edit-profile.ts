/** `PATCH /edit-profile/` (docs/product.md#api): saves the first name and phone number of the signed-in user. */
import { api } from '@/lib/api-client'
import type { ProfileFields, EditProfileAnswer as EditProfileResponse } from '@contract/api/profile'

export type { ProfileFields, EditProfileResponse }

/**
 * Saves the profile; resolves with the saved values. Rethrows the failure (ky `HTTPError` with
 * the server's `{message, code}`: 400 VALIDATION, 409 PHONE_TAKEN; or a network error) after
 * logging it (docs/product.md#messages: helpers log errors and rethrow them).
 */
export async function editProfile(fields: ProfileFields): Promise<EditProfileResponse> {
  try {
    return await api.patch('edit-profile/', { json: fields }).json<EditProfileResponse>()
  } catch (error) {
    console.error('edit-profile failed', error)
    throw error
  }
}
