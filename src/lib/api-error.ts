import type { ApiErrorBody, FieldIssue } from '@contract/error'

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

  constructor(init: {
    status: number
    body?: Partial<ApiErrorBody>
    requestId: string | null
    kind?: 'api' | 'network' | 'unreadable'
    message?: string
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
  }
}
