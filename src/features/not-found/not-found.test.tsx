/** Not found screen: a clear message and a link home. */
import { expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import NotFound from './routes/not-found'

it('says the page was not found and links home', () => {
  const location = memoryLocation({ path: '/no-such-page' })
  render(
    <Router hook={location.hook}>
      <NotFound />
    </Router>,
  )
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
})
