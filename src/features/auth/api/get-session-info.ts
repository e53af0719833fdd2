import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { ZNoBrowserSession, ZSessionInfo, type SessionInfo } from '@contract/gateway-auth'
import { gatewayRequest } from '@/lib/api-client'

const ZSessionInfoAnswer = z.union([ZSessionInfo, ZNoBrowserSession])

/** How the current session was opened: password, or mobile number with operator and level (GET /auth/session); null without one. */
export async function getSessionInfo(signal?: AbortSignal): Promise<SessionInfo | null> {
  const answer = (await gatewayRequest('/auth/session', ZSessionInfoAnswer, { signal })).data
  return 'method' in answer ? answer : null
}

/** The header's account part says how the person signed in (docs/decisions/0017). */
export const sessionInfoQuery = () => queryOptions({ queryKey: ['auth', 'session'], queryFn: ({ signal }) => getSessionInfo(signal), staleTime: 5 * 60_000 })
