import { DEFAULT_CLOSED_STATUSES } from './operator-profile'

/*
 * "Overdue" as the console and the report both mean it (docs/decisions/0013-dashboard.md, 0019-overdue-report.md): a
 * request the API marks `isOverdue` that is still open, its status none of the operator's closed ones
 * (docs/decisions/0027-operator-profile.md, 0028-tolerant-reader.md). The API's flag alone also marks requests
 * completed late (docs/decisions/0003-request-lifecycle.md), which are done and need no chasing.
 */

/** One request read: flagged by the API and not closed. */
export function isOverdueAndOpen(
  request: { isOverdue?: boolean | null; status?: string | null },
  closedStatuses: readonly string[] = DEFAULT_CLOSED_STATUSES,
): boolean {
  return request.isOverdue === true && typeof request.status === 'string' && !closedStatuses.includes(request.status)
}

/**
 * The same as list filters (the API filters by listed statuses): the flag and `open`, the statuses that exist but the
 * closed ones; the oldest requested date first, which is the latest request first (the API appends the id).
 */
export function overdueFilters(open: readonly string[]): { status: string[]; isOverdue: true; sort: 'keyDates.requestedAt' } {
  return { status: [...open], isOverdue: true, sort: 'keyDates.requestedAt' }
}
