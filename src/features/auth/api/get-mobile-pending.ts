import { queryOptions } from '@tanstack/react-query'
import { ZMobilePending } from '@contract/mobile-connect'
import { gatewayRequest } from '@/lib/api-client'

/** The operator discovery found for this browser's mobile sign-in (GET /auth/mobile/pending, docs/decisions/0017). */
export async function getMobilePending(signal?: AbortSignal) {
  return (await gatewayRequest('/auth/mobile/pending', ZMobilePending, { signal })).data
}

export const mobileQueries = {
  /** Read once per visit of the page: the gateway's cookie holding it lives 10 minutes and changes as the sign-in goes on. */
  pending: () =>
    queryOptions({ queryKey: ['auth', 'mobile-pending'], queryFn: ({ signal }) => getMobilePending(signal), staleTime: 0, gcTime: 0, retry: false }),
}
