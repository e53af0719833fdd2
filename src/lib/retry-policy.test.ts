import { describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { ApiError, parseRetryAfter } from './api-error'
import { readRetryDelay, shouldRetryRead } from './retry-policy'

const apiError = (status: number, code: number | null, retryAfterSeconds: number | null = null, description?: string) =>
  new ApiError({ status, body: code === null ? undefined : { code, message: 'm', description }, requestId: 'id', retryAfterSeconds })
const SPIKE_ARREST = 'Spike arrest limit of 25 requests per second exceeded. Retry after about a second.'

describe('read retries', () => {
  it('retry throttling (403 53 of the spike arrest and 429) three times, then give up', () => {
    for (const error of [apiError(403, ERROR_CODE.tooManyRequests, null, SPIKE_ARREST), apiError(429, ERROR_CODE.tooManyRequests), apiError(429, null)]) {
      expect([0, 1, 2, 3].map((n) => shouldRetryRead(n, error))).toEqual([true, true, true, false])
    }
  })

  it('never retry a spent quota, in either language, even with a Retry-After; a 403 53 it cannot read, twice (0032)', () => {
    for (const description of ['Global quota limit of 5 calls per month reached.', 'Limite globale de QUOTA atteinte.']) {
      expect(shouldRetryRead(0, apiError(403, ERROR_CODE.tooManyRequests, 3600, description))).toBe(false)
      expect(shouldRetryRead(0, apiError(403, ERROR_CODE.tooManyRequests, 3600, description), { waitForService: true })).toBe(false)
    }
    const unknown = apiError(403, ERROR_CODE.tooManyRequests, 1, 'Slow down')
    expect([0, 1, 2].map((n) => shouldRetryRead(n, unknown))).toEqual([true, true, false])
  })

  it('retry network faults and 5xx twice, never 503 code 5 nor other 4xx', () => {
    expect([0, 1, 2].map((n) => shouldRetryRead(n, new ApiError({ status: 0, requestId: null, kind: 'network' })))).toEqual([true, true, false])
    expect([0, 1, 2].map((n) => shouldRetryRead(n, apiError(502, ERROR_CODE.internal)))).toEqual([true, true, false])
    expect(shouldRetryRead(0, apiError(503, ERROR_CODE.unavailable))).toBe(false)
    for (const [status, code] of [
      [403, ERROR_CODE.accessDenied],
      [401, 41],
      [404, 60],
      [400, 25],
      [403, 51],
    ] as const) {
      expect(shouldRetryRead(0, apiError(status, code))).toBe(false)
    }
  })

  it('wait about a second first, then back off exponentially with jitter, capped at 30 s', () => {
    const error = apiError(403, ERROR_CODE.tooManyRequests)
    expect(readRetryDelay(0, error, () => 0)).toBe(750)
    expect(readRetryDelay(0, error, () => 1)).toBe(1250)
    expect(readRetryDelay(0, error, () => 0.5)).toBe(1000)
    expect(readRetryDelay(1, error, () => 0.5)).toBe(2000)
    expect(readRetryDelay(2, error, () => 0.5)).toBe(4000)
    expect(readRetryDelay(10, error, () => 0.5)).toBe(30_000)
    const delays = new Set(Array.from({ length: 20 }, () => readRetryDelay(0, error)))
    expect(delays.size).toBeGreaterThan(1)
  })

  it('never come back sooner than Retry-After', () => {
    expect(readRetryDelay(0, apiError(429, null, 5), () => 0.5)).toBe(5000)
    expect(readRetryDelay(3, apiError(429, null, 1), () => 0.5)).toBe(8000)
  })

  it('read Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6)
    expect(parseRetryAfter('soon')).toBeNull()
    expect(parseRetryAfter(null)).toBeNull()
  })
})
