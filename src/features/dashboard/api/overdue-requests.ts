import { queryOptions } from '@tanstack/react-query'
import type { RequestField } from '@contract/request'
import { requestQueries } from '@/lib/queries/requests'
import { EMPTY_SEARCH, type RequestListSearch } from '@/lib/request-search'
import { WATCHED_FIGURES } from './aggregate-requests'

/**
 * What the overdue view shows: requests still open (NEW, IN_PROGRESS) after their requested date. The API's
 * `isOverdue` also marks requests completed late, which are done and need no chasing (0013). The oldest
 * requested date first is the latest request first; the API appends the id as the tiebreak.
 */
export const OVERDUE_SEARCH: RequestListSearch = {
  ...EMPTY_SEARCH,
  status: ['NEW', 'IN_PROGRESS'],
  isOverdue: true,
  sort: 'keyDates.requestedAt',
}

/** At most this many rows on the page (ten calls); the list holds the rest, and the page says so. */
export const OVERDUE_MAX_ROWS = 1_000

const FIELDS: RequestField[] = ['id', 'name', 'customerReference', 'type', 'status', 'step', 'subStep', 'keyDates', 'isOverdue']

export const overdueQueries = {
  list: () => queryOptions({ ...requestQueries.upTo(OVERDUE_SEARCH, FIELDS, OVERDUE_MAX_ROWS), ...WATCHED_FIGURES }),
}
