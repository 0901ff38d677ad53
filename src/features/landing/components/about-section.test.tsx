/** The landing's About section says when the referral reward is credited, from the served rules. */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RULES } from '@contract/rules'
import { AboutSection } from './about-section'

describe('About section: referral reward', () => {
  it('credits it once the friend has watched the served number of videos', () => {
    render(<AboutSection rules={{ ...DEFAULT_RULES, referralRewardAfterVideos: 3 }} />)
    expect(screen.getByTestId('about-referral')).toHaveTextContent(
      'Referral reward: 100 coins (₹1) for you and 100 coins (₹1) for your friend once they have watched 3 videos.',
    )
  })

  it('credits it at email verification when the rule is 0', () => {
    render(<AboutSection rules={{ ...DEFAULT_RULES, referralRewardAfterVideos: 0 }} />)
    expect(screen.getByTestId('about-referral')).toHaveTextContent(
      'for your friend when they verify their email.',
    )
  })
})
