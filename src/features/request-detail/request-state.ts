import type { OperatorTraits } from '@contract/operator-profile'
import type { RejectionReason, Request } from '@contract/request'
import { DEFAULT_TRAITS, isOpenStatus } from '@/lib/queries/operator'

/**
 * A request that can still move on: its status is not one the operator names as closed
 * (docs/decisions/0003-request-lifecycle.md, 0028-tolerant-reader.md).
 */
export function isOpen(request: Pick<Request, 'status'>, traits: Pick<OperatorTraits, 'closedStatuses'> = DEFAULT_TRAITS): boolean {
  return isOpenStatus(request.status, traits)
}

/** The reason code the API gives a request its customer cancelled (docs/decisions/0003-request-lifecycle.md). */
export const CANCELLED_CODE = 304

/** A request id inside the API's sentence ("…cancelled at your request by REQ00001234."). */
const REQUEST_ID_IN_TEXT = /\b[A-Z]{2,}[-_]?\d{4,}\b/

/**
 * Whether the customer cancelled the request, and by which request when the API's words name it: the default dialect
 * closes it as REJECTED with reason 304 (CANCELLED) alone, an operator may say CANCELLED as the status
 * (docs/decisions/0034-form-and-wording.md). `undefined` for any other request.
 */
export function cancellationOf(request: Pick<Request, 'status'> & { rejectionReasons: readonly RejectionReason[] }): { by?: string } | undefined {
  const reasons = request.rejectionReasons
  const byReason = reasons.length > 0 && reasons.every((reason) => reason.code === CANCELLED_CODE || reason.reason === 'CANCELLED')
  if (request.status !== 'CANCELLED' && !(request.status === 'REJECTED' && byReason)) return undefined
  const by = reasons.map((reason) => REQUEST_ID_IN_TEXT.exec(reason.message)?.[0]).find(Boolean)
  return by ? { by } : {}
}
