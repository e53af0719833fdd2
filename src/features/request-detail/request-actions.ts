import type { Request } from '@contract/request'
import { cancellationOf, isOpen } from './request-state'
import type { OperatorTraits } from '@contract/operator-profile'

export type RequestAction = 'modify' | 'cancel' | 'terminate' | 'resubmit'

/**
 * What a person may do next with a request, from its state alone (docs/decisions/0004 codes 104–107, 0006
 * "Acts on"): a modification acts on a creation, open (an order in progress) or completed (the service it
 * delivered); a cancellation on an open creation or modification; a termination ends the service point of a
 * completed creation; a rejected request can be fixed and sent again, unless its customer cancelled it. Terminations and cancellations are never
 * modified or cancelled. Read-only people do nothing.
 */
export function allowedActions(
  request: Pick<Request, 'status' | 'category' | 'properties'> & Partial<Pick<Request, 'rejectionReasons'>>,
  canCreate: boolean,
  traits?: Pick<OperatorTraits, 'closedStatuses'>,
): RequestAction[] {
  if (!canCreate) return []
  if (isOpen(request, traits)) {
    if (request.category === 'creation') return ['modify', 'cancel']
    if (request.category === 'modification') return ['cancel']
    return []
  }
  if (request.status === 'COMPLETED' && request.category === 'creation' && request.properties.servicePoint) return ['modify', 'terminate']
  // A request its customer cancelled was not refused: there is nothing to fix (docs/decisions/0034-form-and-wording.md).
  if (request.status === 'REJECTED' && !cancellationOf({ status: request.status, rejectionReasons: request.rejectionReasons ?? [] })) return ['resubmit']
  return []
}

/** Where an action leads: the creation forms, told what to do and from which request (they prefill from it). */
export function actionHref(action: RequestAction, requestId: string): string {
  return `/requests/new?${new URLSearchParams({ action, from: requestId })}`
}
