/**
 * The risk rules' defaults (contract/api/risk.ts has their schema): thresholds that decide whether
 * a withdrawal goes to the payout queue or is held for an operator's review. Stored with the other
 * live rules and edited in the console; never served to users. 0 switches a rule off.
 */
import type { RiskRules } from './api/risk'

export type { RiskFinding, RiskLink, RiskRuleName, RiskRules } from './api/risk'

/** The defaults, tuned with `npm run sim:abuse` (docs/abuse.md). */
export const DEFAULT_RISK_RULES: RiskRules = {
  riskDeviceAccounts: 3,
  riskPayoutAccounts: 2,
  riskSignupBurstAccounts: 6,
  riskSignupBurstMinutes: 60,
  riskIdleReferrals: 3,
  riskIdleReferralVideos: 3,
  riskScriptedClaims: 8,
  riskScriptedSpreadMs: 1500,
  riskUnseenClaims: 10,
}

/**
 * Days the abuse signals (device id, network address, user agent of signups, logins, claims and
 * withdrawals) are kept, as the privacy page says and the retention job enforces.
 */
export const SIGNAL_RETENTION_DAYS = 180
