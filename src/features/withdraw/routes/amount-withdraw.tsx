/**
 * Withdraw amount (SPEC §2, §4, §5, DECISIONS §3): the balance card, a typed amount in whole
 * rupees with quick chips (what is left after withdrawals still waiting in this phone's outbox),
 * the UPI ID with its format rule, the transfer fee line, and the request sent through the outbox.
 * Why the Withdraw button cannot be used yet stands beside it. A user the server says is not
 * eligible (GET /withdrawal-status/) sees the conditions still to meet instead of a form.
 * Refusals send the user where SPEC says: the platform fee page, the refer page (n/3), or the
 * minimum balance message.
 */
import { useId, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import toast from 'react-hot-toast'
import { AppHeader } from '@/components/app-header'
import { AmountField, amountProblem } from '@/components/amount-field'
import { BalanceCard } from '@/components/balance-card'
import { unmetConditionText } from '@/components/withdrawal-conditions'
import { refreshUser } from '@/stores/get-user'
import { dismissOutboxItem } from '@/lib/outbox/outbox'
import { useOutboxItems } from '@/lib/outbox/outbox-store'
import { queuedWithdrawalRupees } from '@/lib/outbox/queued-withdrawals'
import { useWithdrawalStatus, type WithdrawalStatus } from '@/lib/withdrawal-status'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { formatRupees, type Rules } from '@contract/rules'
import { checkUpiId } from '@contract/validation'
import { addWithdraw } from '../api/add-withdraw'
import { WITHDRAWAL_TOAST_ID, WITHDRAW_OK } from '../lib/withdrawal-requests'
import '../withdraw.css'
import { msg, t } from '@/i18n/i18n'
import { apiErrorText } from '@/lib/api-error-text'

/** SPEC §8 texts. */
export const WITHDRAW_FAILED = msg(
  'There was an issue with your withdrawal request. Please try again.',
)
export { WITHDRAW_OK }
export const WITHDRAW_QUEUED = msg(
  'You are offline. Your withdrawal request is saved and will be sent when you are back online.',
)

/** The not-eligible state: each condition still to meet, and where to meet it. */
function NotEligible({ status, rules }: { status: WithdrawalStatus; rules: Rules }) {
  const unmet = status.conditions.filter((c) => !c.met)
  const referrals = unmet.find((c) => c.key === 'referrals')
  return (
    <section className="card stack" aria-labelledby="not-eligible-title" data-testid="not-eligible">
      <h2 id="not-eligible-title" style={{ margin: 0 }}>
        {t('You cannot withdraw yet')}
      </h2>
      <p style={{ margin: 0 }}>{t('To withdraw you still need:')}</p>
      <ul className="conditions-list">
        {unmet.map((c) => {
          const text = unmetConditionText(c, rules)
          return text ? <li key={c.key}>{text}</li> : null
        })}
      </ul>
      {unmet.some((c) => c.key === 'platformFee') ? (
        <Link href={`/platform-fee?amount=${rules.platformFeeRupees}`} className="btn">
          {t('Pay the platform fee')}
        </Link>
      ) : null}
      {referrals ? (
        <Link
          href={`/referandearn?keyfrom=withdrawal&referralCount=${referrals.have}`}
          className="btn btn-outline"
        >
          {t('Refer friends')}
        </Link>
      ) : null}
      <Link href="/dashboard" className="btn btn-outline">
        {t('Watch videos')}
      </Link>
    </section>
  )
}

export default function AmountWithdraw() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const rules = useRules()
  const query = new URLSearchParams(search)
  const points = useUserStore((s) => s.user?.points)
  const status = useWithdrawalStatus()
  const outbox = useOutboxItems()
  // The server's balance when the user is known; SPEC's `balance` query otherwise (whole rupees).
  const balanceParam = query.get('balance')
  const balance =
    points !== undefined
      ? Math.floor(points / rules.coinsPerRupee)
      : Math.max(0, Math.floor(Number(balanceParam ?? 0)) || 0)
  const knowsBalance = points !== undefined || balanceParam !== null
  const referCount = Number(query.get('refercount') ?? 0) || 0
  // What withdrawals still waiting on this phone will take: not offered again.
  const queued = queuedWithdrawalRupees(outbox, rules.transferFeeRupees)
  const available = Math.max(0, balance - queued)
  const minAmount = rules.transferFeeRupees + 1
  // Untouched, the amount is all that is available (as SPEC's slider started at the balance).
  const [chosen, setChosen] = useState<number | null | undefined>(undefined)
  const amount = chosen === undefined ? (available >= minAmount ? available : null) : chosen
  const [upiId, setUpiId] = useState('')
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const upiFieldId = useId()
  const upiErrorId = useId()
  const feeLineId = useId()
  const blockerId = useId()

  const upiError = upiId === '' ? null : checkUpiId(upiId)
  const payout = (amount ?? 0) - rules.transferFeeRupees
  // Why Withdraw cannot be used yet, the first reason that applies; null when it can.
  const blocker = !knowsBalance
    ? null
    : available < minAmount
      ? queued > 0
        ? t('Nothing left to withdraw: {queued} is already waiting to be sent.', {
            queued: formatRupees(queued),
          })
        : t('Your balance is too low to withdraw.')
      : amount === null
        ? t('Enter an amount, or pick one above.')
        : amountProblem(amount, minAmount, available)
          ? t('Choose an amount from {min} to {max}.', {
              min: formatRupees(minAmount),
              max: formatRupees(available),
            })
          : upiId === ''
            ? t('Enter your UPI ID.')
            : upiError
              ? t('Enter a valid UPI ID, like name@bank.')
              : null
  const canSubmit = knowsBalance && blocker === null && payout > 0 && !busy

  const submit = async () => {
    setTouched(true)
    if (!canSubmit) return
    setBusy(true)
    setFailure(null)
    try {
      const result = await addWithdraw(upiId.trim(), payout)
      if (result.kind === 'done') {
        // One message: the success toast, which the notification offer grows into.
        toast.success(t(WITHDRAW_OK), { id: WITHDRAWAL_TOAST_ID })
        void import('../components/push-offer').then(
          (m) => m.offerPushAfterWithdrawal(),
          () => undefined,
        )
        void refreshUser().catch(() => undefined)
        navigate('/dashboard?keyfrom=withdrawal')
        return
      }
      if (result.kind === 'queued') {
        toast(t(WITHDRAW_QUEUED), { id: WITHDRAWAL_TOAST_ID })
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
        toast.error(t(WITHDRAW_FAILED), { id: WITHDRAWAL_TOAST_ID })
      }
    } catch (err) {
      console.error('withdraw failed', err)
      setFailure(t(WITHDRAW_FAILED))
      toast.error(t(WITHDRAW_FAILED), { id: WITHDRAWAL_TOAST_ID })
    } finally {
      setBusy(false)
    }
  }

  const balanceCard = knowsBalance ? (
    <BalanceCard
      coins={points ?? balance * rules.coinsPerRupee}
      rules={rules}
      testId="withdraw-balance"
    >
      {queued > 0 ? (
        <p className="balance-panel-note" data-testid="queued-note">
          {t('{queued} waiting to be sent; {left} left to withdraw.', {
            queued: formatRupees(queued),
            left: formatRupees(available),
          })}
        </p>
      ) : null}
    </BalanceCard>
  ) : (
    // Opened without ?balance= and no user yet: say so, not "Balance: ₹0".
    <p className="error-text" role="alert">
      {t('Your balance is not known yet. Open Withdraw from your dashboard.')}
    </p>
  )

  if (status && !status.eligible) {
    return (
      <main>
        <AppHeader title={t('Withdraw')} />
        <div className="page stack">
          {balanceCard}
          <NotEligible status={status} rules={rules} />
        </div>
      </main>
    )
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
        {balanceCard}
        <AmountField
          label={t('Amount to withdraw')}
          value={amount}
          onChange={setChosen}
          min={minAmount}
          max={available}
          describedBy={feeLineId}
          disabled={!knowsBalance}
        />
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
        <p id={feeLineId} data-testid="fee-line" style={{ margin: 0 }}>
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
        <div className="submit-block">
          {blocker ? (
            <p id={blockerId} className="muted submit-reason" data-testid="withdraw-blocker">
              {blocker}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn"
            disabled={!canSubmit}
            aria-describedby={blocker ? blockerId : undefined}
          >
            {busy ? t('Submitting…') : t('Withdraw')}
          </button>
        </div>
      </form>
    </main>
  )
}
