import { z } from 'zod/mini'
import { HEADER } from '@contract/common'
import { ZRequest, ZRequestProjection } from '@contract/request'
import { apiRequest } from '@/lib/api-client'

/** How long a POST may take before the form stops waiting and checks what happened. */
export const CREATE_TIMEOUT_MS = 30_000

/** POST /requests; the new request's id is read from Content-Location (reference 1), else from the body. */
export async function createRequest(body: unknown) {
  const response = await apiRequest('/requests', ZRequest, { method: 'POST', body, signal: AbortSignal.timeout(CREATE_TIMEOUT_MS) })
  const location = response.headers.get(HEADER.contentLocation)
  const fromLocation = location ? decodeURIComponent(location.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '') : ''
  return { id: fromLocation || response.data.id, request: response.data }
}

/**
 * The ids of the customer's requests that carry exactly `customerReference`. The filter reads `*` as a
 * wildcard and `,` as "or": the answer is checked against the reference itself.
 */
export async function findRequestsByReference(customerReference: string, signal?: AbortSignal): Promise<string[]> {
  const params = new URLSearchParams({ customerReference, fields: 'id,customerReference', limit: '50' })
  const response = await apiRequest(`/requests?${params}`, z.array(ZRequestProjection), { signal })
  return response.data.filter((request) => request.customerReference === customerReference).map((request) => request.id)
}
