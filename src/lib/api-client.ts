import type { z } from 'zod/mini'
import { HEADER } from '@contract/common'
import { ZApiErrorBody } from '@contract/error'
import { ApiError, parseRetryAfter } from './api-error'
import { takeEarlyResponse } from './early-start'
import { currentLanguage } from '@/i18n/i18n'

/** The gateway's base for the ordering API: same origin, so no secret ever leaves the server. */
export const ORDERING_API_BASE = '/api/ordering/v3'

type Transport = (url: string, init: RequestInit) => Promise<Response>
/** How a call leaves: the browser's fetch, or the gateway's own answers when it renders a first view (src/entry-server.tsx). */
let transport: Transport = (url, init) => fetch(url, init)

/** Sends every later call through `next`: the gateway's first view renders the page with its own answers (0026). */
export function callThrough(next: Transport): void {
  transport = next
}

export interface ApiResponse<T> {
  data: T
  /** A success's status (2xx). */
  status: number
  headers: Headers
  requestId: string | null
}

export interface GatewayRequestInit {
  method?: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/**
 * Calls the gateway (same origin) and parses the answer with `schema`; an empty answer (204) is parsed
 * as `undefined`. Any failure becomes an ApiError carrying the request id. No UI side effect happens
 * here (no toasts, no redirects): callers and the query cache decide what a failure means.
 */
export async function gatewayRequest<T extends z.ZodMiniType>(url: string, schema: T, init: GatewayRequestInit = {}): Promise<ApiResponse<z.infer<T>>> {
  let response: Response
  const language = init.headers?.['Accept-Language'] ?? currentLanguage()
  // The list's first page may have been asked for by the HTML already (src/lib/early-start.ts): the same call, once.
  const early =
    (init.method ?? 'GET') === 'GET' && Object.keys(init.headers ?? {}).every((name) => name === 'Accept-Language') ? takeEarlyResponse(url, language) : null
  try {
    response =
      (early && (await usableEarlyAnswer(early))) ??
      (await transport(url, {
        method: init.method ?? 'GET',
        headers: {
          Accept: 'application/json',
          'Accept-Language': language,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
        credentials: 'same-origin',
      }))
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError({ status: 0, requestId: null, kind: 'network', message: (error as Error).message, url })
  }
  const requestId = response.headers.get(HEADER.requestId)
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
  if (!response.ok) {
    const body = ZApiErrorBody.safeParse(payload)
    throw new ApiError({
      status: response.status,
      body: body.success ? body.data : undefined,
      requestId,
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
      url,
    })
  }
  const parsed = schema.safeParse(payload)
  if (!parsed.success) {
    throw new ApiError({ status: response.status, requestId, kind: 'unreadable', message: `Unexpected answer from ${url}`, url })
  }
  return { data: parsed.data, status: response.status, headers: response.headers, requestId }
}

/**
 * The HTML's answer, unless it says the session is lost (401) or never came: that call left before the page's own
 * session check (docs/decisions/0011-sign-in.md), so the page asks once more, with the cookie as it stands now, and
 * only its own refusal signs the person in again (docs/decisions/0024-delivery.md).
 */
async function usableEarlyAnswer(early: Promise<Response>): Promise<Response | null> {
  const response = await early.catch(() => null)
  if (response?.status !== 401) return response
  void response.body?.cancel().catch(() => undefined)
  return null
}

/** Calls the ordering API through the gateway (`path` relative to /api/ordering/v3). */
export function apiRequest<T extends z.ZodMiniType>(path: string, schema: T, init: GatewayRequestInit = {}): Promise<ApiResponse<z.infer<T>>> {
  return gatewayRequest(`${ORDERING_API_BASE}${path}`, schema, init)
}
