import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { HEADER } from '@contract/common'
import { ZRequestProjection, type RequestField, type RequestProjection } from '@contract/request'
import { REQUEST_PAGE } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'
import { readAllPages } from '@/lib/read-all-pages'
import { EMPTY_SEARCH, toApiQuery, type RequestListSearch } from '@/lib/request-search'
import { REFRESH_INTERVAL_MS } from './aggregate-requests'

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

export interface OverdueRequests {
  items: RequestProjection[]
  /** Every overdue request, which may be more than `items` holds. */
  total: number
}

/** The overdue requests, up to OVERDUE_MAX_ROWS, through the one paging reader (src/lib/read-all-pages.ts). */
export async function listOverdueRequests(signal?: AbortSignal): Promise<OverdueRequests> {
  const { count, results } = await readAllPages<RequestProjection>(
    async ({ offset, limit, signal, headers }) => {
      const search = { ...OVERDUE_SEARCH, page: offset / limit + 1, size: REQUEST_PAGE.maxLimit }
      const response = await apiRequest(`/requests?${toApiQuery(search, FIELDS)}`, z.array(ZRequestProjection), { signal, headers })
      return { count: Number(response.headers.get(HEADER.totalCount) ?? 0), results: response.data }
    },
    { limit: REQUEST_PAGE.maxLimit, maxItems: OVERDUE_MAX_ROWS, signal },
  )
  return { items: results, total: count }
}

export const overdueQueries = {
  list: () =>
    queryOptions({
      queryKey: ['requests', 'overdue', OVERDUE_MAX_ROWS] as const,
      queryFn: ({ signal }) => listOverdueRequests(signal),
      refetchInterval: REFRESH_INTERVAL_MS,
      refetchOnWindowFocus: 'always',
      retry: false,
    }),
}
