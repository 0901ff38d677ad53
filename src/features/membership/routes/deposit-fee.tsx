/**
 * Deposit (docs/product.md#screens, #flows, #transparency): 'Membership Plans for You', the plans grouped by type
 * (the saved copy labelled with its time, docs/product.md#budgets), the withdrawal conditions and timeline before paying, and the 'Confirm Payment' popup whose Yes
 * creates the order, fetches the UPI payees and goes to /m-payment.
 */
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { ConfirmSheet } from '@/components/confirm-sheet'
import { SavedAt } from '@/components/saved-at'
import { formatAmount } from '@/i18n/format'
import { msg, t } from '@/i18n/i18n'
import { useRules } from '@/stores/rules-store'
import { usePlansStore } from '@/stores/plans-store'
import { formatRupees } from '@contract/rules'
import { createOrder } from '../api/create-order'
import { getUpi } from '../api/get-upi'
import { PlanGroups, PlansLoading, type PlanChoice } from '../components/plan-groups'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { rememberPayees } from '../lib/upi-cache'
import { orderRefusal } from '../lib/order-refusal'
import '../membership.css'
import { logFailure } from '@/lib/log-failure'

/** docs/product.md#messages texts. */
export const ORDER_FAILED = msg('Error creating order. Please try again.')
export const UPI_FAILED = msg('Error fetching UPI details. Please try again.')

export default function DepositFee() {
  const rules = useRules()
  const plans = usePlansStore((s) => s.plans)
  const error = usePlansStore((s) => s.error)
  const fetchedAt = usePlansStore((s) => s.fetchedAt)
  const [, navigate] = useLocation()
  const [choice, setChoice] = useState<PlanChoice | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    void usePlansStore.getState().load()
  }, [])

  const proceed = async (c: PlanChoice) => {
    setBusy(true)
    setFailure(null)
    let orderId: string
    try {
      orderId = (await createOrder(c.amount, c.membershipPlanId)).order_id
    } catch (err) {
      logFailure('create-order failed', err)
      const message = (await orderRefusal(err)) ?? t(ORDER_FAILED)
      setChoice(null)
      setBusy(false)
      // One message: the failure text on the screen (no toast beside it).
      setFailure(message)
      return
    }
    setChoice(null)
    try {
      rememberPayees(await getUpi())
    } catch (err) {
      logFailure('get-upi failed', err)
      setBusy(false)
      setFailure(t(UPI_FAILED))
      return
    }
    const query = new URLSearchParams({
      deposit: String(c.amount),
      membership_plan_id: String(c.membershipPlanId),
      order_id: orderId,
    })
    navigate(`/m-payment?${query.toString()}`)
  }

  return (
    <>
      <AppHeader title={t('Membership Plans for You')} />
      <main className="page stack">
        {failure ? (
          <p className="error-text" role="alert">
            {failure}
          </p>
        ) : null}
        {error && !plans ? <p className="error-text">{t(error)}</p> : null}
        {!plans && !error ? <PlansLoading /> : null}
        {/* When the plans below were fetched (the saved copy's time until the server answers), in
            view with them. It comes with the plans, in the loading cards' place: nothing moves. */}
        {plans ? <SavedAt savedAt={fetchedAt} stale={error !== null} /> : null}
        {plans ? <PlanGroups plans={plans} rules={rules} busy={busy} onChoose={setChoice} /> : null}
        {/* Shown once the plans are in, so the arriving plans never push it down (no layout shift). */}
        {plans || error ? (
          <WithdrawalConditions rules={rules} title={t('Before you pay: how withdrawals work')} />
        ) : null}
      </main>
      {choice ? (
        // Escape answers No, unless the order is already on its way.
        <ConfirmSheet
          title={t('Confirm Payment')}
          summary={[
            { label: t('Plan'), value: choice.type },
            { label: t('Amount'), value: formatRupees(choice.amount) },
            // A money screen: rupees first, the coins beside (docs/product.md#units).
            {
              label: t('Reward per video'),
              value: formatAmount(choice.perVideo, 'rupees', rules),
            },
          ]}
          more={{
            label: t('What you need to withdraw'),
            // The conditions stand in the sheet too, so nobody pays without being able to read them.
            content: (
              <WithdrawalConditions
                rules={rules}
                title=""
                intro={t('To withdraw later you need:')}
              />
            ),
          }}
          confirmLabel={t('Yes')}
          cancelLabel={t('No')}
          busy={busy}
          onConfirm={() => void proceed(choice)}
          onCancel={() => setChoice(null)}
        >
          <p style={{ margin: 0 }}>
            {t('Do you want to proceed with the payment of {rupees} for the {type} plan?', {
              rupees: formatRupees(choice.amount),
              type: choice.type,
            })}
          </p>
        </ConfirmSheet>
      ) : null}
    </>
  )
}
