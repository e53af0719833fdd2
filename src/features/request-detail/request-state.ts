import type { OperatorTraits } from '@contract/operator-profile'
import type { Request } from '@contract/request'
import { DEFAULT_TRAITS, isOpenStatus } from '@/lib/queries/operator'

/**
 * A request that can still move on: its status is not one the operator names as closed
 * (docs/decisions/0003-request-lifecycle.md, 0028-tolerant-reader.md).
 */
export function isOpen(request: Pick<Request, 'status'>, traits: Pick<OperatorTraits, 'closedStatuses'> = DEFAULT_TRAITS): boolean {
  return isOpenStatus(request.status, traits)
}
