import type { Request, RequestStatus } from '@contract/request'

/** Statuses of a request that can still move on (docs/decisions/0003-request-lifecycle.md). */
export const OPEN_STATUSES: readonly RequestStatus[] = ['NEW', 'IN_PROGRESS']

export function isOpen(request: Pick<Request, 'status'>): boolean {
  return OPEN_STATUSES.includes(request.status)
}
