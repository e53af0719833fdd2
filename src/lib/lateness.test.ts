import { describe, expect, it } from 'vitest'
import { daysLate, isStillOpen } from './lateness'

describe('how late a request is', () => {
  it('counts whole days from the end of the requested day, in UTC as the API does', () => {
    expect(daysLate('2026-03-10', new Date('2026-03-11T00:00:00Z'))).toBe(1)
    expect(daysLate('2026-03-10', new Date('2026-03-13T23:59:59Z'))).toBe(3)
    expect(daysLate('2026-02-27', new Date('2026-03-01T08:00:00Z'))).toBe(2)
  })

  it('is never negative nor unreadable', () => {
    expect(daysLate('2026-03-10', new Date('2026-03-01T00:00:00Z'))).toBe(0)
    expect(daysLate('soon', new Date('2026-03-01T00:00:00Z'))).toBe(0)
  })

  it('grows only while the request is open', () => {
    expect(isStillOpen('IN_PROGRESS')).toBe(true)
    expect(isStillOpen('NEW')).toBe(true)
    expect(isStillOpen('COMPLETED')).toBe(false)
    expect(isStillOpen(undefined)).toBe(false)
  })
})
