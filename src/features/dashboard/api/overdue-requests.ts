import { queryOptions } from '@tanstack/react-query'
import type { RequestField } from '@contract/request'
import { requestQueries } from '@/lib/queries/requests'
import { EMPTY_SEARCH, type RequestListSearch } from '@/lib/request-search'
import { WATCHED_FIGURES } from './aggregate-requests'
import { openStatuses } from '@/lib/queries/statuses'
import { overdueFilters } from '@contract/overdue'

/**
 * What the overdue view shows: the overdue requests as `contract/overdue.ts` defines them, open being every status
 * that exists but the operator's closed ones (src/lib/queries/statuses.ts, docs/decisions/0028-tolerant-reader.md).
 */
export function overdueSearch(open: readonly string[] = openStatuses(undefined, undefined)): RequestListSearch {
  return { ...EMPTY_SEARCH, ...overdueFilters(open) }
}

/** The overdue view before the statuses that exist are known: NEW and IN_PROGRESS (what its route starts). */
export const OVERDUE_SEARCH: RequestListSearch = overdueSearch()

/** At most this many rows on the page (ten calls); the list holds the rest, and the page says so. */
export const OVERDUE_MAX_ROWS = 1_000

const FIELDS: RequestField[] = ['id', 'name', 'customerReference', 'type', 'status', 'step', 'subStep', 'keyDates', 'isOverdue']

export const overdueQueries = {
  /** `pageSize`: the operator's `pageSizeMax` (src/lib/queries/operator.ts). */
  list: (search: RequestListSearch = OVERDUE_SEARCH, pageSize?: number) =>
    queryOptions({ ...requestQueries.upTo(search, FIELDS, OVERDUE_MAX_ROWS, pageSize), ...WATCHED_FIGURES }),
}
