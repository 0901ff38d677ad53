/**
 * Why a withdrawal was held for review, as operators read it: each risk rule that fired as a chip
 * with its plain-language reason, the linked accounts grouped by how they are linked (each opens
 * the user look-up). The findings come from server/risk/assess.ts.
 */
import { Fragment } from 'react'
import type { RiskFinding, RiskLink } from '../../../../contract/api/risk.ts'

/** Opens the user look-up on an email; absent where the look-up is not at hand. */
export type LookUp = (email: string) => void

/** A rule's name as operators read it. */
export function ruleLabel(finding: RiskFinding): string {
  switch (finding.rule) {
    case 'shared_device':
      return 'Shared device'
    case 'shared_payout': {
      const link = finding.linked[0]?.link
      if (link === 'bank_account') return 'Shared bank account'
      return link === 'upi_id' ? 'Shared UPI ID' : 'Shared UPI ID or bank account'
    }
    case 'signup_burst':
      return 'Signup burst'
    case 'idle_referrals':
      return 'Idle referrals'
    case 'scripted_claims':
      return 'Scripted claims'
    case 'unseen_claims':
      return 'Claims without the player'
    default:
      return String(finding.rule).replace(/_/g, ' ')
  }
}

/** How a linked account is linked, in the order the groups are listed. */
const LINKS: Record<RiskLink, string> = {
  device: 'Same device',
  upi_id: 'Same UPI ID',
  bank_account: 'Same bank account',
  address: 'Same network address',
  referrer: 'Their referrer',
  referred: 'Same referral tree',
}

/** The rules that fired, one line each: the rule as a chip, then its reason. */
export function Findings({ findings }: { findings: RiskFinding[] }) {
  if (findings.length === 0) return <span className="muted">—</span>
  return (
    <ul className="findings" aria-label="Why it is held">
      {findings.map((f) => (
        <li key={`${f.rule}-${f.reason}`}>
          <span className="chip chip-warn">{ruleLabel(f)}</span> {f.reason}
        </li>
      ))}
    </ul>
  )
}

/**
 * The accounts the findings link, grouped by link ("Same device: a@x.in (#12), b@x.in (#13)"),
 * each account once per group; nothing when no finding links one.
 */
export function LinkedAccounts({ findings, lookUp }: { findings: RiskFinding[]; lookUp?: LookUp }) {
  const groups = new Map<RiskLink, Map<number, string>>()
  for (const f of findings)
    for (const l of f.linked) {
      const group = groups.get(l.link) ?? new Map<number, string>()
      group.set(l.user_id, l.email)
      groups.set(l.link, group)
    }
  if (groups.size === 0) return null
  const order = Object.keys(LINKS) as RiskLink[]
  return (
    <ul className="linked" aria-label="Linked accounts">
      {order
        .filter((link) => groups.has(link))
        .map((link) => (
          <li key={link}>
            <span className="muted">{LINKS[link]}:</span>{' '}
            {[...(groups.get(link) ?? [])].map(([id, email], i) => (
              <Fragment key={id}>
                {i > 0 && ', '}
                {lookUp ? (
                  <button
                    type="button"
                    className="link"
                    title="Open in the user look-up"
                    onClick={() => lookUp(email)}
                  >
                    {email}
                  </button>
                ) : (
                  email
                )}{' '}
                <span className="muted">(#{id})</span>
              </Fragment>
            ))}
          </li>
        ))}
    </ul>
  )
}
