import { queryOptions } from '@tanstack/react-query'
import { ZApiStatus, ZApiVersion } from '@contract/misc'
import { apiRequest } from '@/lib/api-client'

export async function getApiStatus(signal?: AbortSignal) {
  return (await apiRequest('/status', ZApiStatus, { signal })).data
}

export async function getApiVersion(signal?: AbortSignal) {
  return (await apiRequest('/version', ZApiVersion, { signal })).data
}

/** Query factory of the feature, shared by route loaders and components. */
export const apiStatusQueries = {
  status: () =>
    queryOptions({
      queryKey: ['api', 'status'],
      queryFn: ({ signal }) => getApiStatus(signal),
      refetchInterval: 60_000,
    }),
  version: () =>
    queryOptions({
      queryKey: ['api', 'version'],
      queryFn: ({ signal }) => getApiVersion(signal),
      staleTime: Infinity,
    }),
}
