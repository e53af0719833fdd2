import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import { isQuotaRefusal, readTooManyRequests, ZQuotaRule } from './quota'

describe('readTooManyRequests', () => {
  it.each([
    'Global quota limit of 1000 calls per month exceeded.',
    'GLOBAL QUOTA LIMIT EXCEEDED',
    'Limite de quota global de 1000 appels par mois dépassée.',
    'Quotas épuisés pour cette application',
    'quota',
  ])('reads %j as the quota', (description) => {
    expect(readTooManyRequests(description)).toBe('quota')
  })

  it.each([
    'Spike arrest limit of 25 requests per second exceeded. Retry after about a second.',
    'Limite anti-pic de 25 requêtes par seconde dépassée.',
    'SPIKE ARREST violation',
    'Spike Arrest',
  ])('reads %j as the spike arrest', (description) => {
    expect(readTooManyRequests(description)).toBe('spikeArrest')
  })

  it.each([undefined, null, '', 'Too many requests', 'Rate limit exceeded', 'quotation marks are unrelated'])('reads %j as unknown', (description) => {
    expect(readTooManyRequests(description)).toBe('unknown')
  })

  it('is a quota refusal only as a 403 code 53', () => {
    expect(isQuotaRefusal(403, 53, 'global quota limit')).toBe(true)
    expect(isQuotaRefusal(429, 53, 'global quota limit')).toBe(false)
    expect(isQuotaRefusal(403, 50, 'global quota limit')).toBe(false)
    expect(isQuotaRefusal(403, 53, 'spike arrest')).toBe(false)
  })
})

describe('ZQuotaRule', () => {
  it('takes both windows and refuses the rest', () => {
    expect(safeParse(ZQuotaRule, { window: 'fixed', limit: 100, period: 'month' }).success).toBe(true)
    expect(safeParse(ZQuotaRule, { window: 'fixed', limit: 100, period: 'day' }).success).toBe(true)
    expect(safeParse(ZQuotaRule, { window: 'rolling', limit: 10, seconds: 60 }).success).toBe(true)
    expect(safeParse(ZQuotaRule, { window: 'fixed', limit: 100, period: 'week' }).success).toBe(false)
    expect(safeParse(ZQuotaRule, { window: 'rolling', limit: 10 }).success).toBe(false)
    expect(safeParse(ZQuotaRule, { window: 'rolling', limit: -1, seconds: 5 }).success).toBe(false)
    expect(safeParse(ZQuotaRule, { window: 'fixed', limit: 1, period: 'month', extra: 1 }).success).toBe(false)
  })
})
