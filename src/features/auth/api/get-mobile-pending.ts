import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { ZNoBrowserSession } from '@contract/gateway-auth'
import { ZMobilePending, ZSessionInfo, type SessionInfo } from '@contract/mobile-connect'
import { gatewayRequest } from '@/lib/api-client'

/** The operator discovery found for this browser's mobile sign-in (GET /auth/mobile/pending, docs/decisions/0017). */
export async function getMobilePending(signal?: AbortSignal) {
  return (await gatewayRequest('/auth/mobile/pending', ZMobilePending, { signal })).data
}

const ZSessionInfoAnswer = z.union([ZSessionInfo, ZNoBrowserSession])

/** How the current session was opened: password, or mobile number with operator and level (GET /auth/session); null without one. */
export async function getSessionInfo(signal?: AbortSignal): Promise<SessionInfo | null> {
  const answer = (await gatewayRequest('/auth/session', ZSessionInfoAnswer, { signal })).data
  return 'method' in answer ? answer : null
}

export const mobileQueries = {
  /** Read once per visit of the page: the gateway's cookie holding it lives 10 minutes and changes as the sign-in goes on. */
  pending: () =>
    queryOptions({ queryKey: ['auth', 'mobile-pending'], queryFn: ({ signal }) => getMobilePending(signal), staleTime: 0, gcTime: 0, retry: false }),
  session: () => queryOptions({ queryKey: ['auth', 'session'], queryFn: ({ signal }) => getSessionInfo(signal), staleTime: 5 * 60_000 }),
}
