/**
 * Help center (SPEC §1–2): support by email only, the FAQ, the platform-fee refund note (what to
 * send, reply time) and the Email Support button. Numbers come from the served rules.
 */
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { useRules } from '@/stores/rules-store'
import { formatRupees } from '@/shared/rules'
import { SUPPORT_EMAIL, SUPPORT_REPLY_TIME } from '../support'
import { t } from '@/i18n/i18n'

export default function HelpCenter() {
  const rules = useRules()
  return (
    <>
      <AppHeader title={t('Help Center')} />
      <main className="page stack">
        <section>
          <h2>{t('Contact us by email')}</h2>
          <p>
            Support is by email only. Write to{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} data-testid="support-email">
              {SUPPORT_EMAIL}
            </a>{' '}
            and we reply in {SUPPORT_REPLY_TIME}.
          </p>
        </section>
        <section>
          <h2>{t('Frequently asked questions')}</h2>
          <p>
            Most questions are answered in <Link href="/how-to-earn">{t('How to earn')}</Link>, the{' '}
            <Link href="/termsandcondition">{t('Terms & Conditions')}</Link> and{' '}
            <Link href="/your-mistake">{t('common withdrawal mistakes')}</Link>
            {t('. Read them before writing to us.')}
          </p>
          <p data-testid="faq-withdrawal">
            When can I withdraw? When every condition below is met
            {rules.withdrawMinBalanceRupees > 0
              ? `, starting with a balance of ${formatRupees(rules.withdrawMinBalanceRupees)}`
              : ''}
            .
          </p>
        </section>
        <WithdrawalConditions rules={rules} />
        {rules.withdrawRequiresPlatformFee ? (
          <section className="notice">
            <h2>{t('Paid the platform fee and cannot withdraw?')}</h2>
            <p data-testid="refund-note">
              The {formatRupees(rules.platformFeeRupees)} platform fee is refundable within{' '}
              {rules.platformFeeRefundDays} days. Email support with:
            </p>
            <ul>
              <li>{t('a screenshot of your profile,')}</li>
              <li>{t('the fee transaction (a screenshot or its UPI reference),')}</li>
              <li>{t('the same UPI ID you used to pay the fee.')}</li>
            </ul>
            <p>We reply in {SUPPORT_REPLY_TIME}.</p>
          </section>
        ) : null}
        <a
          className="btn"
          href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Watch & Earn support')}`}
        >
          {t('Email Support')}
        </a>
      </main>
    </>
  )
}
