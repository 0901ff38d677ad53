import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { QrSlider, type QrSlide } from './qr-slider'

const slides: QrSlide[] = [
  { dataUrl: 'data:image/png;base64,AA==', label: 'Payee A', link: 'upi://pay?pa=a@upi' },
  { dataUrl: 'data:image/png;base64,AA==', label: 'Payee B', link: 'upi://pay?pa=b@upi' },
]

function Harness() {
  const [active, setActive] = useState(0)
  return <QrSlider slides={slides} active={active} onActive={setActive} />
}

describe('QR slider from the keyboard', () => {
  it('is reachable by Tab, moves with the arrow keys and announces its position', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    expect(screen.getByRole('region', { name: 'UPI QR codes' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    )
    await user.tab()
    const track = screen.getByTestId('qr-slider')
    expect(track).toHaveFocus()
    expect(track).toHaveAccessibleName('QR code 1 of 2. Use the arrow keys for another QR code.')
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 1 of 2')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 2 of 2')
    expect(screen.getByRole('group', { name: '2 of 2' })).not.toHaveAttribute('aria-hidden', 'true')
    expect(screen.getByRole('img', { name: 'UPI QR code 2 for Payee B' })).toBeVisible()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 1 of 2')
  })

  it('has Previous and Next buttons that go round, and a dot per QR code', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const next = screen.getByRole('button', { name: 'Next QR code' })
    next.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 2 of 2')
    expect(screen.getByRole('button', { name: 'Show QR code 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 1 of 2')
    await user.click(screen.getByRole('button', { name: 'Previous QR code' }))
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 2 of 2')
    await user.click(screen.getByRole('button', { name: 'Show QR code 1' }))
    expect(screen.getByTestId('qr-position')).toHaveTextContent('QR code 1 of 2')
  })
})
