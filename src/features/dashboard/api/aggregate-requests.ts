import { queryOptions } from '@tanstack/react-query'
import type { AggregateGroup } from '@contract/request-query'
import { requestQueries } from '@/lib/queries/requests'
import { isQuotaSpent } from '@/lib/api-error'
import { unlessQuotaSpent } from '@/lib/spent-quota'
import { REFRESH_INTERVAL_MS } from '@/lib/refresh-interval'
import type { RequestListSearch } from '@/lib/request-search'

/**
 * How the dashboard's figures refresh, on top of the request resource's queries (same keys, so whatever
 * refreshes the requests, a creation or an action, refreshes the counts too). The next refresh is at most a
 * minute away and the last figures stay on screen, so a failed refresh is said at once rather than retried
 * behind the person's back.
 */
export const WATCHED_FIGURES = {
  // Not while the quota is spent: nothing calls again by itself then (docs/decisions/0032-application-quota.md).
  refetchInterval: unlessQuotaSpent(REFRESH_INTERVAL_MS),
  refetchOnWindowFocus: (query: { state: { error: unknown } }) => (isQuotaSpent(query.state.error) ? false : 'always'),
  retry: false,
} as const

export const dashboardQueries = {
  /** One grouped call per chart (docs/decisions/0002, 0013). */
  aggregate: (search: RequestListSearch, groupBy: AggregateGroup) => queryOptions({ ...requestQueries.aggregate(search, groupBy), ...WATCHED_FIGURES }),
}
