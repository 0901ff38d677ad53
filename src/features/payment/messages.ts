/**
 * The payment screens' texts (docs/product.md#messages), in one place for the screens and their tests; marked with
 * `msg()`, shown through `t()`.
 */
import { msg } from '@/i18n/msg'

/** Shown when no card provider is configured (the server's 501 message, same words). */
export const NO_PROVIDER_MESSAGE = msg(
  'Card payments are not set up on this server. Pay by UPI from the Membership Plans page.',
)

/** Any other failure of the card test form (docs/product.md#messages); the button resets. */
export const PAYMENT_ERROR = msg('Error processing payment. Please try again.')

/** The result pages' error (docs/product.md#messages). */
export const LOAD_DETAILS_ERROR = msg('Failed to load transaction details. Please try again.')

/** How long the result pages show Loading before their content (docs/product.md#flows, #rules), in ms. */
export const RESULT_LOADING_MS = 2000

/** A result page for an order the server does not know, or another user's (docs/product.md#transparency). */
export const NOT_FOUND_TITLE = msg('We could not find this payment')

/** A result page for an order still waiting for its payment. */
export const NOT_RECEIVED_TITLE = msg('We have not received this payment yet')
