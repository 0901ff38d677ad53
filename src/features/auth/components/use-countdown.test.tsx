import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { formatCountdown, useCountdown } from './use-countdown'

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('counts whole seconds down to 0 and stops there', () => {
    const { result } = renderHook(() => useCountdown(3))
    expect(result.current.secondsLeft).toBe(3)
    act(() => void vi.advanceTimersByTime(1000))
    expect(result.current.secondsLeft).toBe(2)
    act(() => void vi.advanceTimersByTime(2000))
    expect(result.current.secondsLeft).toBe(0)
    act(() => void vi.advanceTimersByTime(5000))
    expect(result.current.secondsLeft).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps its deadline across re-renders', () => {
    const { result, rerender } = renderHook(({ seconds }) => useCountdown(seconds), {
      initialProps: { seconds: 10 },
    })
    act(() => void vi.advanceTimersByTime(4000))
    rerender({ seconds: 10 })
    rerender({ seconds: 10 })
    expect(result.current.secondsLeft).toBe(6)
  })

  it('follows the wall clock when ticks come late (a throttled tab)', () => {
    const { result } = renderHook(() => useCountdown(59))
    // The clock jumps 20 s while no timer ran; the next tick shows the real time left.
    act(() => void vi.setSystemTime(Date.now() + 20_000))
    act(() => void vi.advanceTimersByTime(250))
    expect(result.current.secondsLeft).toBe(39)
  })

  it('restarts from a new length', () => {
    const { result } = renderHook(() => useCountdown(10))
    act(() => void vi.advanceTimersByTime(10_000))
    expect(result.current.secondsLeft).toBe(0)
    act(() => result.current.restart(59))
    expect(result.current.secondsLeft).toBe(59)
    act(() => void vi.advanceTimersByTime(1000))
    expect(result.current.secondsLeft).toBe(58)
  })

  it('formats as 00:SS', () => {
    expect(formatCountdown(59)).toBe('00:59')
    expect(formatCountdown(10)).toBe('00:10')
    expect(formatCountdown(5)).toBe('00:05')
    expect(formatCountdown(0)).toBe('00:00')
  })
})
