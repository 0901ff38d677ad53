/** Support contact (SPEC §1: support is by email only; replies in 1 to 3 working days). */

import { msg } from '@/i18n/msg'

/** The one support address shown on the help center and used by its Email Support button. */
export const SUPPORT_EMAIL = 'support@watchearn.app'

/** How long support takes to answer, as SPEC §1 and §9 state it. */
export const SUPPORT_REPLY_TIME = msg('1 to 3 working days')
