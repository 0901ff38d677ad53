/**
 * Withdraw amount (docs/product.md#screens, #flows, #validation; docs/product.md#withdrawals): the balance card (rupees first),
 * the amount field in whole rupees, empty at first, with quick chips (what is left after
 * withdrawals still waiting in this phone's outbox) and one line of what the user receives, the UPI
 * ID with its format rule, then the review sheet: nothing is sent until the user confirms there. A
 * UPI ID the account never withdrew to asks for the PIN in the sheet and is sent online only, with
 * it; a known one goes through the outbox (sent later when offline). Why the button cannot be used
 * yet stands beside it. A user the server says is not eligible (GET /withdrawal-status/) sees the
 * conditions still to meet instead of a form. Refusals send the user where the product says: the platform
 * fee page, the refer page (n/3), or the minimum balance message.
 */
import { useId, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { AmountField, readAmount } from '@/components/amount-field'
import { BalanceCard } from '@/components/balance-card'
import { unmetConditionText } from '@/components/withdrawal-conditions'
import { useOutboxItems } from '@/lib/outbox/outbox-store'
import { queuedWithdrawalRupees } from '@/lib/outbox/queued-withdrawals'
import { useWithdrawalStatus, type WithdrawalStatus } from '@/lib/withdrawal-status'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { UserSavedAt } from '@/components/user-saved-at'
import { formatRupees, type Rules } from '@contract/rules'
import { canonicalUpiId, checkUpiId } from '@contract/validation'
import { dueAt } from '@contract/payout-time'
import { ReviewSheet, type WithdrawalReview } from '../components/review-sheet'
import { useOnline } from '@/lib/use-online'
import { toServerTime } from '@/lib/server-clock'
import { formatDayRange, formatDays, formatDueDay } from '@/i18n/format'
import { WITHDRAW_OK } from '../lib/withdrawal-requests'
import { WITHDRAW_FAILED, WITHDRAW_QUEUED, useWithdrawSend } from '../hooks/use-withdraw-send'
import '../withdraw.css'
import { t } from '@/i18n/i18n'

/**
 * When a withdrawal requested now is expected: the user's plan's payout days from the server
 * (GET /withdrawal-status/), as a date; without them, the plans' range from the rules.
 */
function expectedText(payoutDays: number | null, rules: Rules): string {
  if (payoutDays !== null) {
    const due = dueAt(toServerTime(new Date()), payoutDays)
    return t('{date} (within {days})', { date: formatDueDay(due), days: formatDays(payoutDays) })
  }
  return rules.withdrawalTime
    ? t('Within {days}', { days: formatDayRange(rules.withdrawalTime) })
    : t('As your plan states')
}

/** docs/product.md#messages texts. */
export { WITHDRAW_FAILED, WITHDRAW_OK, WITHDRAW_QUEUED }

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
  const rules = useRules()
  const online = useOnline()
  const query = new URLSearchParams(search)
  const points = useUserStore((s) => s.user?.points)
  const status = useWithdrawalStatus()
  const outbox = useOutboxItems()
  // The server's balance when the user is known; the product’s `balance` query otherwise (whole rupees).
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
  const fee = rules.transferFeeRupees
  const minAmount = fee + 1
  // The amount as typed: empty at first; a chip fills it.
  const [amountText, setAmountText] = useState('')
  const [upiId, setUpiId] = useState('')
  const [touched, setTouched] = useState(false)
  const upiFieldId = useId()
  const upiErrorId = useId()
  const blockerId = useId()

  const reading = readAmount(amountText, minAmount, available)
  const amount = reading.problem ? null : reading.rupees
  const upiError = upiId === '' ? null : checkUpiId(upiId)
  const payout = (amount ?? 0) - fee
  // The review sheet and what its Confirm sends.
  const send = useWithdrawSend({ upiId, payout, referCount, rules })
  const newPayee =
    send.serverSaysNew || !(status?.known_upi_ids ?? []).includes(canonicalUpiId(upiId))
  // Why the button cannot be used yet, the first reason that applies; null when it can. An amount
  // problem is named by the field itself: this only points to it.
  const blocker = !knowsBalance
    ? null
    : available < minAmount
      ? queued > 0
        ? t('Nothing left to withdraw: {queued} is already waiting to be sent.', {
            queued: formatRupees(queued),
          })
        : t('Your balance is too low to withdraw.')
      : reading.problem
        ? t('Check the amount above.')
        : amount === null
          ? t('Enter an amount, or pick one above.')
          : upiId === ''
            ? t('Enter your UPI ID.')
            : upiError
              ? t('Enter a valid UPI ID, like name@bank.')
              : null
  const canReview = knowsBalance && blocker === null && payout > 0 && !send.busy

  const review: WithdrawalReview = {
    amount: amount ?? 0,
    fee,
    upiId,
    expected: expectedText(status?.payout_days ?? null, rules),
  }

  const balanceCard = knowsBalance ? (
    <>
      <BalanceCard
        coins={points ?? balance * rules.coinsPerRupee}
        rules={rules}
        lead="rupees"
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
      {/* When the balance was fetched: the saved copy's time until the server answers (its line
        keeps its height while the balance is the address's, so nothing moves when it comes). */}
      <UserSavedAt />
    </>
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

  // The one line under the amount: what may be taken, or what the chosen amount pays out.
  const amountHint =
    available < minAmount
      ? t('Nothing to take yet')
      : amount === null
        ? t('From {min} to {max}. Transfer fee: {fee}.', {
            min: formatRupees(minAmount),
            max: formatRupees(available),
            fee: formatRupees(fee),
          })
        : t('Transfer fee: {fee}. You receive {rupees}', {
            fee: formatRupees(fee),
            rupees: formatRupees(payout),
          })

  return (
    // The header inside the screen's one landmark: every state has one <main> and one h1.
    <main>
      <AppHeader title={t('Withdraw')} />
      <form
        className="page stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setTouched(true)
          if (!canReview) return
          send.openReview()
        }}
      >
        {balanceCard}
        <AmountField
          label={t('Amount to withdraw')}
          text={amountText}
          onTextChange={setAmountText}
          min={minAmount}
          max={available}
          hint={amountHint}
          hintTestId="fee-line"
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
            onChange={(e) => {
              setUpiId(e.currentTarget.value.trim())
              send.payeeChanged()
            }}
            onBlur={() => setTouched(true)}
          />
          {upiError && touched ? (
            <p id={upiErrorId} className="error-text">
              {t(upiError)}
            </p>
          ) : null}
        </div>
        {send.failure ? (
          <p className="error-text" role="alert">
            {send.failure}
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
            disabled={!canReview}
            aria-describedby={blocker ? blockerId : undefined}
          >
            {t('Review withdrawal')}
          </button>
        </div>
      </form>
      {send.reviewing ? (
        <ReviewSheet
          review={review}
          newPayee={newPayee}
          online={online}
          busy={send.busy}
          pinError={send.pinError}
          onConfirm={(pin) => void send.confirm(pin)}
          onCancel={send.closeReview}
        />
      ) : null}
    </main>
  )
}
