import { ERROR_CODE, type ApiErrorBody, type FieldIssue } from '@contract/error'

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

/** 403 code 53 (spike arrest) or any 429: the platform asks to slow down; a read may try again shortly. */
export function isThrottled(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || hasCode(error, 403, ERROR_CODE.tooManyRequests))
}

/** 503 code 5: the ordering API is in maintenance or overloaded. */
export function isServiceUnavailable(error: unknown): boolean {
  return hasCode(error, 503, ERROR_CODE.unavailable)
}

/** 403 code 50: the application's subscription is missing, pending or suspended. */
export function isAccessDenied(error: unknown): boolean {
  return hasCode(error, 403, ERROR_CODE.accessDenied)
}
