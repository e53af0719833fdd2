import { queryOptions } from '@tanstack/react-query'
import { ZMe } from '@contract/misc'
import { apiRequest } from '@/lib/api-client'

/** The signed-in person, their customer and scopes, as the ordering API sees the session's token. */
export async function getMe(signal?: AbortSignal) {
  return (await apiRequest('/me', ZMe, { signal })).data
}

/** Query factory of the feature, shared by route loaders and components. */
export const meQueries = {
  me: () =>
    queryOptions({
      queryKey: ['me'],
      queryFn: ({ signal }) => getMe(signal),
      staleTime: 5 * 60_000,
    }),
}
