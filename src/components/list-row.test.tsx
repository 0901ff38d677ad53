import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ListRow, RowList } from './list-row'
import { StatusChip, statusTone } from './status-chip'

describe('ListRow', () => {
  it('draws title, amount parts, date, status chip and details in their fixed places', () => {
    render(
      <RowList label="Coin movements">
        <ListRow
          title="Adjustment by support"
          amount={['+14,34,550 coins', '(₹14,345.50)']}
          amountTone="in"
          status="confirmed"
          date="26 Nov 2026"
          testId="row"
        >
          <p>Goodwill credit</p>
        </ListRow>
      </RowList>,
    )
    const row = within(screen.getByRole('list', { name: 'Coin movements' })).getByTestId('row')
    const parts = [...row.children].map((el) => el.className.split(' ')[0])
    expect(parts).toEqual([
      'list-row-title',
      'list-row-amount',
      'list-row-date',
      'list-row-status',
      'list-row-details',
    ])
    // The amount's parts stay apart in the text that is read or copied.
    expect(row).toHaveTextContent('+14,34,550 coins (₹14,345.50)')
    expect(row.querySelector('.list-row-amount')).toHaveClass('amount-in')
    expect(row.querySelectorAll('.list-row-amount-part')).toHaveLength(2)
    expect(within(row).getByText('confirmed')).toHaveClass('status-chip-ok')
  })

  it('leaves out the parts a row does not have', () => {
    render(<ListRow title="Video reward claim" testId="row" />)
    expect(screen.getByTestId('row').children).toHaveLength(1)
  })
})

describe('StatusChip', () => {
  it('words each stored status and colours it: done, waiting, failed, else neutral', () => {
    render(
      <>
        <StatusChip status="cancelled" />
        <StatusChip status="something_new" />
      </>,
    )
    expect(screen.getByText('closed')).toHaveClass('status-chip-neutral')
    expect(screen.getByText('something_new')).toBeInTheDocument()
    expect(['paid', 'requested', 'refused', 'x'].map(statusTone)).toEqual([
      'ok',
      'wait',
      'bad',
      'neutral',
    ])
  })
})
