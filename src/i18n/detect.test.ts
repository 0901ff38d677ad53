/** Which language the app opens in: the stored choice, else the browser's first language. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserLocale, detectLocale, parseLocale } from './detect'

afterEach(() => vi.unstubAllGlobals())

describe('detectLocale', () => {
  it('is Hindi when the browser’s first language is Hindi, English otherwise', () => {
    expect(browserLocale(['hi-IN', 'en-IN'])).toBe('hi')
    expect(browserLocale(['hi'])).toBe('hi')
    expect(browserLocale(['en-IN', 'hi-IN'])).toBe('en')
    expect(browserLocale(['mr-IN'])).toBe('en')
    expect(browserLocale(undefined)).toBe('en')
  })

  it('lets the stored choice win over the browser', () => {
    vi.stubGlobal('navigator', { languages: ['hi-IN'] })
    expect(detectLocale()).toBe('hi')
    localStorage.setItem('lang', 'en')
    expect(detectLocale()).toBe('en')
    localStorage.setItem('lang', 'hi')
    vi.stubGlobal('navigator', { languages: ['en-US'] })
    expect(detectLocale()).toBe('hi')
  })

  it('reads only the two languages', () => {
    expect(parseLocale('HI-in')).toBe('hi')
    expect(parseLocale('en')).toBe('en')
    expect(parseLocale('fr')).toBeNull()
    expect(parseLocale(null)).toBeNull()
  })
})
