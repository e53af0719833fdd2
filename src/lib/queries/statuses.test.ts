import { describe, expect, it } from 'vitest'
import { DEFAULT_TRAITS, isOpenStatus } from './operator'
import { openStatuses, statusOptions } from './statuses'

const aggregate = (...keys: string[]) => ({ groups: keys.map((key) => ({ key, count: 1 })), total: keys.length, dropped: [] })

describe('the statuses that exist and "open" (docs/decisions/0028-tolerant-reader.md)', () => {
  it('offers the known statuses until the aggregate answers, then the operator’s, and any already chosen', () => {
    expect(statusOptions(undefined)).toEqual(['NEW', 'IN_PROGRESS', 'COMPLETED', 'REJECTED'])
    expect(statusOptions(aggregate('NEW', 'ON_HOLD', 'CANCELLED'), ['NEW', 'PENDING'])).toEqual(['NEW', 'ON_HOLD', 'CANCELLED', 'PENDING'])
  })

  it('is every status that exists but the closed ones', () => {
    expect(openStatuses(undefined, undefined)).toEqual(['NEW', 'IN_PROGRESS'])
    expect(openStatuses(aggregate('NEW', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'), DEFAULT_TRAITS)).toEqual(['NEW', 'IN_PROGRESS', 'ON_HOLD'])
    expect(openStatuses(aggregate('OPEN', 'DONE', 'ON_HOLD'), { closedStatuses: ['DONE'] })).toEqual(['OPEN', 'ON_HOLD'])
    expect(isOpenStatus('ON_HOLD')).toBe(true)
    expect(isOpenStatus('CANCELLED')).toBe(false)
  })
})
