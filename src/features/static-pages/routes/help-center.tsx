/**
 * Help center (docs/product.md#what-it-is, #screens): support by email only, the FAQ, the platform-fee refund note (what to
 * send, reply time) and the Email Support button. Numbers come from the served rules.
 */
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { useRules } from '@/stores/rules-store'
import { formatRupees } from '@contract/rules'
import { SUPPORT_EMAIL, SUPPORT_REPLY_TIME } from '../support'
import { t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'

export default function HelpCenter() {
  const rules = useRules()
  return (
    <>
      <AppHeader title={t('Help Center')} />
      <main className="page stack">
        <section>
          <h2>{t('Contact us by email')}</h2>
          <p>
            <T
              id="Support is by email only. Write to <0>{email}</0> and we reply in {time}."
              values={{ email: SUPPORT_EMAIL, time: t(SUPPORT_REPLY_TIME) }}
              components={{ 0: <a href={`mailto:${SUPPORT_EMAIL}`} data-testid="support-email" /> }}
            />
          </p>
        </section>
        <section>
          <h2>{t('Frequently asked questions')}</h2>
          <p>
            <T
              id="Most questions are answered in <0>How to earn</0>, the <1>Terms & Conditions</1> and <2>common withdrawal mistakes</2>. Read them before writing to us."
              components={{
                0: <Link href="/how-to-earn" />,
                1: <Link href="/termsandcondition" />,
                2: <Link href="/your-mistake" />,
              }}
            />
          </p>
          <p data-testid="faq-withdrawal">
            {rules.withdrawMinBalanceRupees > 0
              ? t(
                  'When can I withdraw? When every condition below is met, starting with a balance of {rupees}.',
                  { rupees: formatRupees(rules.withdrawMinBalanceRupees) },
                )
              : t('When can I withdraw? When every condition below is met.')}
          </p>
        </section>
        <WithdrawalConditions rules={rules} />
        {rules.withdrawRequiresPlatformFee ? (
          <section className="notice">
            <h2>{t('Paid the platform fee and cannot withdraw?')}</h2>
            <p data-testid="refund-note">
              {t('The {fee} platform fee is refundable within {days} days. Email support with:', {
                fee: formatRupees(rules.platformFeeRupees),
                days: rules.platformFeeRefundDays,
              })}
            </p>
            <ul>
              <li>{t('a screenshot of your profile,')}</li>
              <li>{t('the fee transaction (a screenshot or its UPI reference),')}</li>
              <li>{t('the same UPI ID you used to pay the fee.')}</li>
            </ul>
            <p>{t('We reply in {time}.', { time: t(SUPPORT_REPLY_TIME) })}</p>
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
