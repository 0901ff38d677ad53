import { describe, expect, it } from 'vitest'
import { noteServerDate, serverClockOffsetMs, toServerTime } from './server-clock'

describe('server clock', () => {
  it('moves a device moment onto the server clock learnt from a Date header', () => {
    // The device is 3 minutes behind the server.
    const deviceNow = Date.parse('2026-11-21T10:00:00.000Z')
    noteServerDate('Sat, 21 Nov 2026 10:03:00 GMT', deviceNow)
    expect(serverClockOffsetMs()).toBe(181_000)
    expect(toServerTime(new Date('2026-11-21T10:00:10.000Z')).toISOString()).toBe(
      '2026-11-21T10:03:11.000Z',
    )
  })

  it('keeps the last offset when the header is missing or unreadable', () => {
    noteServerDate('Sat, 21 Nov 2026 10:00:00 GMT', Date.parse('2026-11-21T10:00:00.000Z'))
    noteServerDate(null)
    noteServerDate('not a date')
    expect(serverClockOffsetMs()).toBe(1000)
  })
})
