import { queryOptions } from '@tanstack/react-query'
import { DEFAULT_CLOSED_STATUSES, OPERATOR_TRAITS_PATH, ZOperatorTraits, type OperatorTraits } from '@contract/operator-profile'
import { REQUEST_PAGE } from '@contract/request-query'
import { gatewayRequest } from '@/lib/api-client'
import { ApiError } from '@/lib/api-error'

/**
 * What the SPA needs of the operator profile (docs/decisions/0027-operator-profile.md, 0028-tolerant-reader.md): which
 * statuses end a request, the largest page, whether references take `*`. One query, read by every place that decides
 * "open" or pages through the list; until it answers (or where the gateway has no such endpoint, a 404), the default
 * profile's values hold, so nothing waits on it.
 */
export const DEFAULT_TRAITS: OperatorTraits = {
  closedStatuses: [...DEFAULT_CLOSED_STATUSES],
  pageSizeMax: REQUEST_PAGE.maxLimit,
  wildcards: true,
}

export async function getOperatorTraits(signal?: AbortSignal): Promise<OperatorTraits> {
  try {
    return (await gatewayRequest(OPERATOR_TRAITS_PATH, ZOperatorTraits, { signal })).data
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEFAULT_TRAITS
    throw error
  }
}

export const operatorQueries = {
  traits: () =>
    queryOptions({
      queryKey: ['operator', 'traits'] as const,
      queryFn: ({ signal }) => getOperatorTraits(signal),
      staleTime: Infinity,
    }),
}

/** Whether a request in `status` can still move on: every status the operator does not name as closed. */
export function isOpenStatus(status: string, traits: Pick<OperatorTraits, 'closedStatuses'> = DEFAULT_TRAITS): boolean {
  return !traits.closedStatuses.includes(status)
}
