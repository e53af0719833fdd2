import { z } from 'zod/mini'
import { HEADER } from '@contract/common'
import { SENDS_PATH, ZSendState } from '@contract/gateway-sends'
import { ZRequestProjection } from '@contract/request'
import { apiRequest, gatewayRequest, ORDERING_API_BASE } from '@/lib/api-client'
import { ApiError } from '@/lib/api-error'
import type { SendPort } from '../send-once/send-once'

/** How long a POST may take before the form stops waiting and checks what happened (docs/decisions/0014). */
export const CREATE_TIMEOUT_MS = 30_000

/** Aborts when the form goes away or after `ms`, whichever comes first. */
function within(ms: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  if (!signal) return timeout
  // By hand rather than AbortSignal.any, which not every engine the tests run in has.
  const both = new AbortController()
  for (const source of [signal, timeout]) {
    if (source.aborted) both.abort(source.reason)
    else source.addEventListener('abort', () => both.abort(source.reason), { once: true })
  }
  return both.signal
}

/** All a creation's answer must give: the new request's id. The rest of its Request object is not read. */
const ZCreatedId = z.object({ id: z.string().check(z.minLength(1)) })

/**
 * POST /requests; the new request's id is read from Content-Location (reference 1), else from the body's `id`: the
 * only thing the answer must give. A 201 whose body is cut or unlike the reference's Request still has its id in
 * Content-Location; with no id anywhere, the answer is unreadable, which the send-once protocol takes as uncertain (a
 * success was said) and settles by looking for the request (docs/decisions/0014-creation-forms.md).
 */
export async function createRequest(body: unknown, signal?: AbortSignal): Promise<{ id: string }> {
  const response = await apiRequest('/requests', z.unknown(), { method: 'POST', body, signal: within(CREATE_TIMEOUT_MS, signal) })
  const location = response.headers.get(HEADER.contentLocation)
  const fromLocation = location ? decodeURIComponent(location.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '') : ''
  const fromBody = ZCreatedId.safeParse(response.data)
  const id = fromLocation || (fromBody.success ? fromBody.data.id : '')
  if (!id) {
    const url = `${ORDERING_API_BASE}/requests`
    throw new ApiError({ status: response.status, requestId: response.requestId, kind: 'unreadable', message: `Unexpected answer from ${url}`, url })
  }
  return { id }
}

/**
 * The ids of the customer's requests that carry exactly `customerReference` and were created at or after `since`,
 * oldest first. The filter reads `*` as a wildcard and `,` as "or": the answer is checked against the reference itself.
 */
export async function findCreatedByReference(customerReference: string, since: string, signal?: AbortSignal): Promise<string[]> {
  const params = new URLSearchParams({ customerReference, 'createdAt.gte': since, fields: 'id,customerReference,createdAt', sort: 'createdAt', limit: '50' })
  const response = await apiRequest(`/requests?${params}`, z.array(ZRequestProjection), { signal })
  return response.data.filter((request) => request.customerReference === customerReference).map((request) => request.id)
}

/** The gateway's send state for a reference: whether a creation with it is still in flight (contract/gateway-sends.ts). */
export async function getSendState(customerReference: string, signal?: AbortSignal) {
  return (await gatewayRequest(`${SENDS_PATH}?${new URLSearchParams({ customerReference })}`, ZSendState, { signal })).data
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    signal.addEventListener('abort', stop, { once: true })
  })
}

/** The send-once protocol's real world: the gateway, the browser's clock and timers. */
export const gatewaySendPort: SendPort = {
  create: (body, signal) => createRequest(body, signal),
  findCreated: (reference, since, signal) => findCreatedByReference(reference, since, signal),
  sendState: (reference, signal) => getSendState(reference, signal),
  sleep,
  now: () => Date.now(),
}
