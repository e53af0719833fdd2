import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { HEADER } from '@contract/common'
import { ZRequestProjection, type RequestField, type RequestProjection } from '@contract/request'
import { REQUEST_PAGE } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'
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

export async function listOverdueRequests(signal?: AbortSignal): Promise<OverdueRequests> {
  const items: RequestProjection[] = []
  let total = Infinity
  for (let page = 1; items.length < Math.min(total, OVERDUE_MAX_ROWS); page++) {
    const search = { ...OVERDUE_SEARCH, page, size: REQUEST_PAGE.maxLimit }
    const response = await apiRequest(`/requests?${toApiQuery(search, FIELDS)}`, z.array(ZRequestProjection), { signal })
    total = Number(response.headers.get(HEADER.totalCount) ?? 0)
    items.push(...response.data)
    if (response.data.length === 0) break
  }
  return { items: items.slice(0, OVERDUE_MAX_ROWS), total }
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
