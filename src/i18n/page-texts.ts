/**
 * The texts of the static HTML pages the build writes (index.html's title and description,
 * app.html's loading indicator), which vite.config.ts puts into each page in each language.
 */
import { msg } from './msg.ts'

export const PAGE_TEXTS = {
  title: msg('Watch & Earn — earn coins for every video'),
  description: msg(
    'Watch videos, earn coins, refer friends and withdraw to your UPI ID. 100 coins = ₹1.',
  ),
  loading: msg('Loading…'),
}
