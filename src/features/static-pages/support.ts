/** Support contact (docs/product.md#what-it-is: support is by email only; replies in 1 to 3 working days). */

import { msg } from '@/i18n/msg'

/** The one support address shown on the help center and used by its Email Support button. */
export const SUPPORT_EMAIL = 'support@watchearn.app'

/** How long support takes to answer, as docs/product.md#what-it-is, #rules state it. */
export const SUPPORT_REPLY_TIME = msg('1 to 3 working days')
