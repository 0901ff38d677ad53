/**
 * Withdraw amount (SPEC §2, §4, §5, DECISIONS §3): a slider over the balance in whole rupees, the
 * UPI ID with its format rule, the transfer fee line, and the request sent through the outbox.
 * Refusals send the user where SPEC says: the platform fee page, the refer page (n/3), or the
 * minimum balance message.
 */
import { useId, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import toast from 'react-hot-toast'
import { AppHeader } from '@/components/app-header'
import { refreshUser } from '@/stores/get-user'
import { dismissOutboxItem } from '@/lib/outbox/outbox'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { formatRupees } from '@contract/rules'
import { checkUpiId } from '@contract/validation'
import { addWithdraw } from '../api/add-withdraw'
import '../withdraw.css'
import { msg, t } from '@/i18n/i18n'
import { apiErrorText } from '@/lib/api-error-text'

/** SPEC §8 texts. */
export const WITHDRAW_FAILED = msg(
  'There was an issue with your withdrawal request. Please try again.',
)
export const WITHDRAW_OK = msg('Withdrawal request submitted successfully!')
export const WITHDRAW_QUEUED = msg(
  'You are offline. Your withdrawal request is saved and will be sent when you are back online.',
)

export default function AmountWithdraw() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const rules = useRules()
  const query = new URLSearchParams(search)
  const points = useUserStore((s) => s.user?.points)
  // The server's balance when the user is known; SPEC's `balance` query otherwise (whole rupees).
  const balanceParam = query.get('balance')
  const balance =
    points !== undefined
      ? Math.floor(points / rules.coinsPerRupee)
      : Math.max(0, Math.floor(Number(balanceParam ?? 0)) || 0)
  const knowsBalance = points !== undefined || balanceParam !== null
  const referCount = Number(query.get('refercount') ?? 0) || 0
  const [amount, setAmount] = useState(balance)
  const [upiId, setUpiId] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const sliderId = useId()
  const upiFieldId = useId()
  const upiErrorId = useId()

  const upiError = upiId === '' ? null : checkUpiId(upiId)
  const payout = amount - rules.transferFeeRupees
  const canSubmit = upiId !== '' && upiError === null && payout > 0 && !busy

  const submit = async () => {
    setTouched(true)
    if (!canSubmit) return
    setBusy(true)
    setFailure(null)
    try {
      const result = await addWithdraw(upiId.trim(), payout)
      if (result.kind === 'done') {
        toast.success(t(WITHDRAW_OK))
        // Offer notifications for the payout; its code loads only now.
        void import('../components/push-offer').then(
          (m) => m.offerPushAfterWithdrawal(),
          () => undefined,
        )
        void refreshUser().catch(() => undefined)
        navigate('/dashboard?keyfrom=withdrawal')
        return
      }
      if (result.kind === 'queued') {
        toast(t(WITHDRAW_QUEUED))
        navigate('/wallet')
        return
      }
      // Refused for good: shown here, so the outbox need not keep it.
      const { error } = result
      void dismissOutboxItem(result.id)
      if (error.code === 'PLATFORM_FEE_REQUIRED') {
        navigate(`/platform-fee?amount=${rules.platformFeeRupees}`)
      } else if (error.code === 'REFERRALS_REQUIRED') {
        const count = Number(error.extra?.referral_count ?? referCount) || 0
        navigate(`/referandearn?keyfrom=withdrawal&referralCount=${count}`)
      } else if (error.code === 'MIN_BALANCE') {
        setFailure(
          apiErrorText(error) ||
            t('You need a minimum balance of {rupees} to withdraw earnings.', {
              rupees: formatRupees(rules.withdrawMinBalanceRupees),
            }),
        )
      } else {
        setFailure(t(WITHDRAW_FAILED))
        toast.error(t(WITHDRAW_FAILED))
      }
    } catch (err) {
      console.error('withdraw failed', err)
      setFailure(t(WITHDRAW_FAILED))
      toast.error(t(WITHDRAW_FAILED))
    } finally {
      setBusy(false)
    }
  }

  return (
    // The header inside the screen's one landmark: every state has one <main> and one h1.
    <main>
      <AppHeader title={t('Withdraw')} />
      <form
        className="page stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        {knowsBalance ? (
          <p>
            {t('Balance:')} <strong>{formatRupees(balance)}</strong>
          </p>
        ) : (
          // Opened without ?balance= and no user yet: say so, not "Balance: ₹0".
          <p className="error-text" role="alert">
            {t('Your balance is not known yet. Open Withdraw from your dashboard.')}
          </p>
        )}
        <div className="field">
          <label htmlFor={sliderId}>
            {t('Amount to withdraw: {rupees}', { rupees: formatRupees(amount) })}
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={balance}
            step={1}
            value={amount}
            onChange={(e) => setAmount(Number(e.target.value))}
            className="range"
          />
        </div>
        <div className="field">
          <label htmlFor={upiFieldId}>{t('UPI ID')}</label>
          <input
            id={upiFieldId}
            className="input"
            type="text"
            inputMode="email"
            autoComplete="off"
            maxLength={50}
            placeholder="name@bank"
            value={upiId}
            aria-invalid={upiError !== null}
            aria-describedby={upiError ? upiErrorId : undefined}
            onChange={(e) => setUpiId(e.currentTarget.value.trim())}
            onBlur={() => setTouched(true)}
          />
          {upiError && touched ? (
            <p id={upiErrorId} className="error-text">
              {t(upiError)}
            </p>
          ) : null}
        </div>
        <p data-testid="fee-line">
          {t('Transfer fee: {fee}. You receive {rupees}', {
            fee: formatRupees(rules.transferFeeRupees),
            rupees: formatRupees(Math.max(0, payout)),
          })}
        </p>
        {failure ? (
          <p className="error-text" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn" disabled={!canSubmit}>
          {busy ? t('Submitting…') : t('Withdraw')}
        </button>
      </form>
    </main>
  )
}
