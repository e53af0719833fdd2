import { z } from 'zod/mini'
import { ZBrowserSession, ZNoBrowserSession, ZSessionInfo, type BrowserSession, type SessionInfo } from '@contract/gateway-auth'
import { gatewayRequest } from '@/lib/api-client'

/** The session with what else the gateway says of it (how it was opened, read below), or nobody. */
const ZSessionAnswer = z.union([z.looseObject(ZBrowserSession.shape), ZNoBrowserSession])

/** The session, and how it was opened when the gateway says (0017): the header's account part shows it. */
export type BrowserSessionAnswer = BrowserSession & { info?: SessionInfo | null }

/**
 * GET /auth/session: whose the browser's session cookie is, until when, and how it was opened; null when there is
 * none. The one call of this endpoint: the session (session.ts) keeps the answer for the account part.
 */
export async function getBrowserSession(signal?: AbortSignal): Promise<BrowserSessionAnswer | null> {
  const answer = (await gatewayRequest('/auth/session', ZSessionAnswer, { signal })).data
  if (!('sub' in answer)) return null
  // A gateway of an older release says nothing of the method: the session holds without it.
  const info = ZSessionInfo.safeParse(answer)
  return {
    sub: answer.sub,
    ...(answer.name === undefined ? {} : { name: answer.name }),
    expiresAt: answer.expiresAt,
    ...(answer.cloud === undefined ? {} : { cloud: answer.cloud }),
    info: info.success ? info.data : null,
  }
}
