import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { ZRequestProjection, type RequestField } from '@contract/request'
import { apiRequest } from '@/lib/api-client'
import { filtersKey, toApiQuery, type RequestListSearch } from '@/lib/request-search'
import { REFRESH_INTERVAL_MS } from './aggregate-requests'

const RECENT_FIELDS: RequestField[] = ['id', 'name', 'type', 'status', 'step', 'subStep', 'keyDates', 'updatedAt']

/** The first `size` requests of a view, in its sort: the latest changes, or the latest overdue request. */
async function firstRequests(search: RequestListSearch, size: number, signal?: AbortSignal) {
  const query = toApiQuery({ ...search, page: 1, size: 20 }, RECENT_FIELDS)
  query.set('limit', String(size))
  return (await apiRequest(`/requests?${query}`, z.array(ZRequestProjection), { signal })).data
}

export const dashboardRequestQueries = {
  /** Under `requests`, so that a creation or an action refreshes them with the counts. */
  first: (search: RequestListSearch, size: number) =>
    queryOptions({
      queryKey: ['requests', 'dashboard-first', filtersKey(search), search.sort, size] as const,
      queryFn: ({ signal }) => firstRequests(search, size, signal),
      refetchInterval: REFRESH_INTERVAL_MS,
      refetchOnWindowFocus: 'always',
      retry: false,
    }),
}
