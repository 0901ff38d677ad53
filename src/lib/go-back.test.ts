import { afterEach, describe, expect, it, vi } from 'vitest'
import { goBack } from './go-back'

describe('goBack', () => {
  afterEach(() => vi.restoreAllMocks())

  it('goes back one step when the tab has a previous page', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3)
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    goBack('/dashboard')
    expect(back).toHaveBeenCalledTimes(1)
  })

  it('opens the fallback when the screen was the first page of the tab', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1)
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    goBack('/dashboard')
    expect(back).not.toHaveBeenCalled()
    expect(assign).toHaveBeenCalledWith('/dashboard')
  })
})
