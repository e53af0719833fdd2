import { queryOptions } from '@tanstack/react-query'
import { HEADER } from '@contract/common'
import { ZAggregateResponse, type AggregateGroup } from '@contract/request-query'
import { apiRequest } from '@/lib/api-client'
import { filtersKey, toAggregateQuery, type RequestListSearch } from '@/lib/request-search'

export interface GroupCount {
  key: string
  count: number
}

export interface Aggregate {
  /** Every group the API answers, in its order (lifecycle order for statuses, steps and sub-steps). */
  groups: GroupCount[]
  /** X-Total-Count: every request matching the filters, the sum of the groups. */
  total: number
}

/** One grouped call per chart: the API counts every group at once (docs/decisions/0002, 0013). */
export async function aggregateRequests(search: RequestListSearch, groupBy: AggregateGroup, signal?: AbortSignal): Promise<Aggregate> {
  const response = await apiRequest(`/requests/aggregate?${toAggregateQuery(search, groupBy)}`, ZAggregateResponse, { signal })
  const groups = Object.entries(response.data).map(([key, count]) => ({ key, count }))
  const sum = groups.reduce((total, group) => total + group.count, 0)
  return { groups, total: Number(response.headers.get(HEADER.totalCount) ?? sum) }
}

/** Figures a person watches: read again every minute while the tab is visible, and when it comes back. */
export const REFRESH_INTERVAL_MS = 60_000

export const dashboardQueries = {
  /**
   * Under the `requests` key, so that whatever refreshes the requests (a creation, an action) refreshes the
   * counts too. The key holds the filters alone: page, size and sort do not change a count.
   */
  aggregate: (search: RequestListSearch, groupBy: AggregateGroup) =>
    queryOptions({
      queryKey: ['requests', 'aggregate', filtersKey(search), groupBy] as const,
      queryFn: ({ signal }) => aggregateRequests(search, groupBy, signal),
      refetchInterval: REFRESH_INTERVAL_MS,
      refetchOnWindowFocus: 'always',
      // The next refresh is at most a minute away and the last figures stay on screen, so a failed
      // refresh is said at once rather than retried behind the person's back.
      retry: false,
    }),
}
