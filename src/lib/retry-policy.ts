import { UNKNOWN_TOO_MANY_TRIES } from '@contract/quota'
import { ApiError, isQuotaSpent, isServiceUnavailable, isThrottled, tooManyRequestsKind } from './api-error'

/**
 * When a read (a query) tries again by itself. Throttling (403 53, 429) is worth a few tries after about a
 * second, backing off (a 403 53 the description does not name, fewer); a spent quota never (0032); network faults and server errors two; 503 code 5 none, since the banner polls /status
 * and refetches when the service is back, except in a whole-list read (`waitForService`), which waits its Retry-After; other 4xx none, they are handled where they happen. Writes are
 * never retried blindly: the query client's mutations have `retry: false`.
 */
export const READ_RETRY = { throttledRetries: 3, faultRetries: 2, baseDelayMs: 1000, maxDelayMs: 30_000 } as const

export function shouldRetryRead(failureCount: number, error: unknown, options: { waitForService?: boolean } = {}): boolean {
  if (!(error instanceof ApiError)) return failureCount < READ_RETRY.faultRetries
  const { status } = error
  if (isQuotaSpent(error)) return false
  if (isThrottled(error)) return failureCount < (tooManyRequestsKind(error) === 'unknown' ? UNKNOWN_TOO_MANY_TRIES : READ_RETRY.throttledRetries)
  // A whole-list read (src/lib/read-all-pages.ts) has no banner to wait for it: it waits the Retry-After itself.
  if (isServiceUnavailable(error)) return options.waitForService === true && failureCount < READ_RETRY.faultRetries
  return failureCount < READ_RETRY.faultRetries && (status === 0 || status >= 500)
}

/**
 * Exponential backoff with jitter (±25 %, so that many tabs do not come back together): about 1 s, 2 s, 4 s…,
 * never sooner than the server's Retry-After, never more than 30 s. `failureCount` is 0 before the first retry.
 */
export function readRetryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const backoff = READ_RETRY.baseDelayMs * 2 ** failureCount * (0.75 + random() * 0.5)
  const retryAfter = error instanceof ApiError && error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : 0
  return Math.round(Math.min(READ_RETRY.maxDelayMs, Math.max(backoff, retryAfter)))
}
