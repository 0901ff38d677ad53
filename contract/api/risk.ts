/**
 * Abuse review's contract: the risk rules' thresholds (live rules that are never served to users),
 * the findings a held withdrawal carries, and the console's review of it. The defaults are in
 * contract/risk-rules.ts.
 */
import { Type, type Static } from 'typebox'
import { Nullable } from './common'

const threshold = (description: string) => Type.Integer({ minimum: 0, description })

/** The risk rules' thresholds; 0 switches a rule off. */
export const RiskRules = Type.Object({
  riskDeviceAccounts: threshold('Accounts seen on one device at which each of them is held.'),
  riskPayoutAccounts: threshold(
    'Accounts paid out to one UPI ID or bank account at which each of them is held.',
  ),
  riskSignupBurstAccounts: threshold(
    'Accounts created from one network address within the burst window that make a burst.',
  ),
  riskSignupBurstMinutes: threshold('The window of a signup burst, minutes.'),
  riskIdleReferrals: threshold(
    "Referred accounts, all of them idle, that make a referrer's tree idle.",
  ),
  riskIdleReferralVideos: threshold('Videos a referred account watches not to count as idle.'),
  riskScriptedClaims: threshold('Consecutive claims of one session looked at for a script.'),
  riskScriptedSpreadMs: threshold(
    'Below this spread of the gaps between those claims (standard deviation, ms) they look scripted.',
  ),
  riskUnseenClaims: threshold(
    "Latest claims that, none of them played in the app's player, make claims without watching.",
  ),
})
export type RiskRules = Static<typeof RiskRules>

export const RiskRuleName = Type.Union([
  Type.Literal('shared_device'),
  Type.Literal('shared_payout'),
  Type.Literal('signup_burst'),
  Type.Literal('idle_referrals'),
  Type.Literal('scripted_claims'),
  Type.Literal('unseen_claims'),
])
export type RiskRuleName = Static<typeof RiskRuleName>

/** How a linked account is linked to the user under review. */
export const RiskLink = Type.Union([
  Type.Literal('device'),
  Type.Literal('upi_id'),
  Type.Literal('bank_account'),
  Type.Literal('address'),
  Type.Literal('referred'),
  Type.Literal('referrer'),
])
export type RiskLink = Static<typeof RiskLink>

/** A rule that fired: its plain-language reason and the accounts it links (at most 20). */
export const RiskFinding = Type.Object({
  rule: RiskRuleName,
  reason: Type.String(),
  linked: Type.Array(
    Type.Object({ user_id: Type.Integer(), email: Type.String(), link: RiskLink }),
  ),
})
export type RiskFinding = Static<typeof RiskFinding>

/** Why a withdrawal was held and what became of it. */
export const HoldReview = Type.Object({
  findings: Type.Array(RiskFinding),
  held_at: Type.String(),
  decision: Nullable(Type.Union([Type.Literal('approved'), Type.Literal('rejected')])),
  coins_returned: Nullable(Type.Integer()),
  operator: Nullable(Type.String()),
  note: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
})
export type HoldReview = Static<typeof HoldReview>

/** What approving or rejecting a held withdrawal did. */
export const ReviewOutcome = Type.Object({
  withdrawal_id: Type.Integer(),
  user_id: Type.Integer(),
  status: Type.Union([Type.Literal('requested'), Type.Literal('rejected')]),
  coins_returned: Type.Integer(),
  unchanged: Type.Boolean(),
})
export type ReviewOutcome = Static<typeof ReviewOutcome>

/** A rejection: the reason (shown to the user) and whether the coins come back. */
export const RejectBody = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500 }),
  forfeit: Type.Optional(
    Type.Boolean({
      description:
        'True: the coins are forfeited (terms broken: several accounts of one person, scripted claims); default: returned.',
    }),
  ),
})
