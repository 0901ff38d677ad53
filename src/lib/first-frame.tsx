/**
 * A page's first frame drawn outside the browser (src/prerender.tsx): at build time with the
 * default rules, or by the server for each page request with the rules it holds. Screens are drawn
 * there without the visitor's data (no token, nothing stored); a screen asks `useFirstFrame()` to
 * draw a placeholder where it would otherwise state something it cannot know yet (an amount, an
 * address, "nothing to pay"), and `useRules()` answers with the frame's rules.
 */
import { createContext, useContext } from 'react'
import type { Rules } from '@contract/rules'
import type { ConfigAnswer } from '@contract/api/system'

/**
 * What a first frame drawn outside the browser knows: the rules and payment provider it is drawn
 * with, and whether its route is for signed-in visitors only (their data's room is then kept).
 */
export interface FirstFrame {
  rules: Rules
  paymentProvider: ConfigAnswer['payment_provider']
  signedIn: boolean
}

export const FirstFrameContext = createContext<FirstFrame | null>(null)

/** The first frame being drawn outside the browser, or null in the app. */
export function useFirstFrame(): FirstFrame | null {
  return useContext(FirstFrameContext)
}
