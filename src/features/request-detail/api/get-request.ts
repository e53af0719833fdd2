import { queryOptions } from '@tanstack/react-query'
import { ZRequest } from '@contract/request'
import { apiRequest } from '@/lib/api-client'

export async function getRequest(id: string, signal?: AbortSignal) {
  return (await apiRequest(`/requests/${encodeURIComponent(id)}`, ZRequest, { signal })).data
}

/** Query factory of the detail page; the key sits under ['requests'] so that invalidating requests covers it. */
export const requestDetailQueries = {
  detail: (id: string) =>
    queryOptions({
      queryKey: ['requests', 'detail', id] as const,
      queryFn: ({ signal }) => getRequest(id, signal),
    }),
}
