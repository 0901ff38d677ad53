/** Privacy policy (docs/product.md#screens): every section the product lists, then 'Continue Watching Videos' to /dashboard. */
import { AppHeader } from '@/components/app-header'
import { useRules } from '@/stores/rules-store'
import { formatIndianNumber, formatRupees } from '@contract/rules'
import { SIGNAL_RETENTION_DAYS } from '@contract/risk-rules'
import { ContinueWatching } from '../components/continue-watching'
import { SUPPORT_EMAIL } from '../support'
import { t } from '@/i18n/i18n'

export default function Privacy() {
  const rules = useRules()
  return (
    <>
      <AppHeader title={t('Privacy Policy')} />
      <main className="page stack">
        <section>
          <h2>{t('Data we collect')}</h2>
          <p>
            {t(
              'Your name, email address, phone number and 4-digit PIN (stored only as a secure hash), the videos you watch and when, your coin balance and its history, your referrals, the UPI IDs and bank details you give us for payouts, and the payments you make.',
            )}
          </p>
        </section>
        <section>
          <h2>{t('How we use your data')}</h2>
          <p>
            {t(
              'To run your account, credit coins for videos and referrals, process deposits and withdrawals, prevent fraud, and answer you when you write to support. We do not sell your data.',
            )}
          </p>
        </section>
        <section data-testid="privacy-abuse-signals">
          <h2>{t('What we keep to stop abuse')}</h2>
          <p>
            {t(
              'To stop abuse we also keep: a random device ID that the app makes on your phone, keeps there and sends with each request (it is not your phone number or any hardware ID); your network (IP) address and browser (user agent) when you sign up, log in, claim a reward and withdraw; the UPI IDs and bank accounts you withdraw to; who referred whom; and when you claimed each reward.',
            )}
          </p>
          <p>
            {t(
              'We use them only to stop one person running many accounts, rewards claimed by scripts, and rings that pay many accounts out to one UPI ID or bank account. When they point to abuse, a withdrawal may be held for review and a person on our team decides on it: never a machine alone. A held withdrawal keeps its payout date.',
            )}
          </p>
          <p>
            {t(
              'We keep device ID, network address and browser records for {days} days, and payout and referral records as long as your account’s coin ledger is kept.',
              { days: SIGNAL_RETENTION_DAYS },
            )}
          </p>
        </section>
        <section>
          <h2>{t('Cookies and local storage')}</h2>
          <p>
            {t(
              'We keep your login token and app data on your device so the app works offline. The card payment form sets one short-lived security cookie that protects it from forged requests. We use no advertising or tracking cookies.',
            )}
          </p>
        </section>
        <section>
          <h2>{t('Security')}</h2>
          <p>
            {t(
              'Data travels over encrypted connections. Your PIN and login tokens are stored only as hashes, and wrong PINs lock the account for a while.',
            )}
          </p>
        </section>
        <section>
          <h2>{t('Data retention')}</h2>
          <p>
            {t(
              'We keep your account data while your account is open, and payment and payout records for as long as the law requires. Write to {email} to close your account.',
              { email: SUPPORT_EMAIL },
            )}
          </p>
        </section>
        <section>
          <h2>{t('Changes to this policy')}</h2>
          <p>{t('We may update this policy; the app shows the current version on this page.')}</p>
        </section>
        <section>
          <h2>{t('Conversion of earnings to points')}</h2>
          <p data-testid="privacy-points">
            {t(
              'Earnings are counted in coins ({coins} coins = {rupees}). The company may convert rupee earnings into points at any time.',
              { coins: formatIndianNumber(rules.coinsPerRupee), rupees: formatRupees(1) },
            )}
          </p>
        </section>
        <section>
          <h2>{t('Liability disclaimer')}</h2>
          <p>
            {t(
              'The app is provided as it is. We are not liable for losses from a wrong UPI ID or bank details you enter, for delays of banks or UPI apps, or for interruptions of the service.',
            )}
          </p>
        </section>
        <ContinueWatching />
      </main>
    </>
  )
}
