/**
 * Every withdrawal condition as the server enforces it, and the timeline (DECISIONS §4): shown on
 * the deposit and platform fee screens before any payment.
 */
import { withdrawalConditions, type Rules } from '@/shared/rules'

export function WithdrawalTerms({ rules }: { rules: Rules }) {
  const conditions = withdrawalConditions(rules)
  return (
    <section
      className="card stack"
      aria-labelledby="withdrawal-terms-title"
      data-testid="withdrawal-terms"
    >
      <h2 id="withdrawal-terms-title">Before you pay: how withdrawals work</h2>
      {conditions.length > 0 ? (
        <>
          <p>To withdraw your earnings you need:</p>
          <ul>
            {conditions.map((c) => (
              <li key={c.key}>{c.text}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>There are no conditions for withdrawing.</p>
      )}
      <p>Withdrawals take {rules.withdrawalTime}.</p>
    </section>
  )
}
