import { z } from 'zod/mini'
import { ZBrowserSession, ZNoBrowserSession, ZSessionInfo, type BrowserSession, type SessionInfo } from '@contract/gateway-auth'
import { gatewayRequest } from '@/lib/api-client'

/** A gateway that says how the session was opened, one that does not (an older release), or nobody. */
const ZSessionAnswer = z.union([z.intersection(ZBrowserSession, ZSessionInfo), ZBrowserSession, ZNoBrowserSession])

/** The session, and how it was opened when the gateway says (0017): the header's account part shows it. */
export type BrowserSessionAnswer = BrowserSession & { info?: SessionInfo | null }

/**
 * GET /auth/session: whose the browser's session cookie is, until when, and how it was opened; null when there is
 * none. The one call of this endpoint: the session (session.ts) keeps the answer for the account part.
 */
export async function getBrowserSession(signal?: AbortSignal): Promise<BrowserSessionAnswer | null> {
  const answer = (await gatewayRequest('/auth/session', ZSessionAnswer, { signal })).data
  if (!('sub' in answer)) return null
  const session = ZBrowserSession.parse(answer)
  return { ...session, info: 'method' in answer ? ZSessionInfo.parse(answer) : null }
}
