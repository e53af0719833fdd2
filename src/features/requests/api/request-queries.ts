import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { HEADER } from '@contract/common'
import { ZRequestProjection, type RequestField } from '@contract/request'
import { apiRequest } from '@/lib/api-client'
import { toApiQuery, type RequestListSearch } from '@/lib/request-search'

export interface RequestPage {
  items: z.infer<typeof ZRequestProjection>[]
  /** X-Total-Count: every request matching the filters. */
  total: number
  /** X-Result-Count: requests in this page. */
  resultCount: number
  /** Position of the page's first request in the whole list (0-based), so a page shown says where it is. */
  offset: number
}

export async function listRequests(search: RequestListSearch, fields: readonly RequestField[] | undefined, signal?: AbortSignal): Promise<RequestPage> {
  const response = await apiRequest(`/requests?${toApiQuery(search, fields)}`, z.array(ZRequestProjection), { signal })
  return {
    items: response.data,
    total: Number(response.headers.get(HEADER.totalCount) ?? response.data.length),
    resultCount: Number(response.headers.get(HEADER.resultCount) ?? response.data.length),
    offset: (search.page - 1) * search.size,
  }
}

/** The feature's query factory: loaders, components and prefetches all build their queries here. */
export const requestQueries = {
  all: () => ['requests'] as const,
  list: (search: RequestListSearch, fields?: readonly RequestField[]) =>
    queryOptions({
      queryKey: [...requestQueries.all(), 'list', search, fields ?? null] as const,
      queryFn: ({ signal }) => listRequests(search, fields, signal),
      // The page being left stays on screen while the next one loads: no flash of emptiness.
      placeholderData: keepPreviousData,
    }),
}
