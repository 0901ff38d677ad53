import { render, screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RULES } from '@contract/rules'
import { PlanGroups, withPrice } from './plan-groups'
import type { MembershipPlan } from '@/stores/plans-store'

const plans: MembershipPlan[] = [
  { id: 1, membership_type: 'Free', video_point: 10, deposit_point: 'FREE', withdrawl_days: 7 },
  { id: 2, membership_type: 'Silver', video_point: 25, deposit_point: '499', withdrawl_days: 5 },
  { id: 3, membership_type: 'Silver', video_point: 50, deposit_point: '1999', withdrawl_days: 5 },
]

describe('PlanGroups', () => {
  it('keeps the product’s sentence and emphasises its price', () => {
    render(<PlanGroups plans={plans} rules={DEFAULT_RULES} />)
    const silver = screen.getByRole('region', { name: 'Silver plans' })
    expect(silver).toHaveTextContent('Deposit rupees 1,999 and get 50 coins (₹0.50) per video')
    const prices = [...silver.querySelectorAll('strong.plan-price')].map((el) => el.textContent)
    expect(prices).toEqual(['499', '1,999'])
    expect(screen.getByRole('region', { name: 'Free plans' })).toHaveTextContent(
      'Get 10 coins (₹0.10) per video for free',
    )
  })

  it('draws the same markup every time (the server draws it into /deposit-fee’s page)', () => {
    const once = renderToStaticMarkup(<PlanGroups plans={plans} rules={DEFAULT_RULES} />)
    expect(renderToStaticMarkup(<PlanGroups plans={plans} rules={DEFAULT_RULES} />)).toBe(once)
  })
})

describe('withPrice', () => {
  it('takes the ₹ a language puts before the amount into the emphasis', () => {
    const { container } = render(
      <p>{withPrice('₹7,777 जमा करें और हर वीडियो पर 444 कॉइन पाएँ', '7,777')}</p>,
    )
    expect(container.querySelector('strong')?.textContent).toBe('₹7,777')
    expect(container.textContent).toBe('₹7,777 जमा करें और हर वीडियो पर 444 कॉइन पाएँ')
  })

  it('leaves a text without the amount as it is', () => {
    expect(withPrice('no figure here', '499')).toBe('no figure here')
  })
})
