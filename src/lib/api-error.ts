import { ERROR_CODE, type ApiErrorBody, type FieldIssue } from '@contract/error'
import { readTooManyRequests, type TooManyRequestsKind } from '@contract/quota'

/**
 * The one error type of the SPA: the platform error entity, the HTTP status and the request id to quote
 * to support. Network failures and unreadable answers become an ApiError too (status 0 or the status
 * seen), so every error a person sees can be shown the same way.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: number | null
  readonly description: string | undefined
  readonly infoURL: string | undefined
  readonly requestId: string | null
  readonly fields: FieldIssue[]
  readonly kind: 'api' | 'network' | 'unreadable'
  /** Seconds the server asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | null
  /** The address called (path and query): which API answered, since codes mean different things per API. */
  readonly url: string | null
  /** When the answer came (ms): a Retry-After counts from then. */
  readonly receivedAt: number

  constructor(init: {
    status: number
    body?: Partial<ApiErrorBody>
    requestId: string | null
    kind?: 'api' | 'network' | 'unreadable'
    message?: string
    retryAfterSeconds?: number | null
    url?: string | null
  }) {
    super(init.body?.message ?? init.message ?? `HTTP ${init.status}`)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.body?.code ?? null
    this.description = init.body?.description
    this.infoURL = init.body?.infoURL
    this.requestId = init.requestId
    this.fields = init.body?.fields ?? []
    this.kind = init.kind ?? 'api'
    this.retryAfterSeconds = init.retryAfterSeconds ?? null
    this.url = init.url ?? null
    this.receivedAt = Date.now()
  }
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

const hasCode = (error: unknown, status: number, code: number): boolean => error instanceof ApiError && error.status === status && error.code === code

/** What a 403 code 53 is, read by its description (docs/decisions/0032-application-quota.md); null for any other error. */
export function tooManyRequestsKind(error: unknown): TooManyRequestsKind | null {
  return hasCode(error, 403, ERROR_CODE.tooManyRequests) ? readTooManyRequests((error as ApiError).description) : null
}

/** 403 code 53 naming the quota: the application's quota for the API is used up; nothing is tried again by itself (0032). */
export function isQuotaSpent(error: unknown): boolean {
  return tooManyRequestsKind(error) === 'quota'
}

/** 403 code 53 of the spike arrest (or not known as the quota) or any 429: the platform asks to slow down; a read may try again shortly. */
export function isThrottled(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || (hasCode(error, 403, ERROR_CODE.tooManyRequests) && !isQuotaSpent(error)))
}

/** When a spent quota frees: the reset of a fixed window (its Retry-After, ms), or null for a rolling one, which frees gradually. */
export function quotaFreesAt(error: ApiError): number | null {
  return error.retryAfterSeconds === null ? null : error.receivedAt + error.retryAfterSeconds * 1000
}

/** 503 code 5: the ordering API is in maintenance or overloaded. */
export function isServiceUnavailable(error: unknown): boolean {
  return hasCode(error, 503, ERROR_CODE.unavailable)
}

/** 403 code 50: the application's subscription is missing, pending or suspended. */
export function isAccessDenied(error: unknown): boolean {
  return hasCode(error, 403, ERROR_CODE.accessDenied)
}
