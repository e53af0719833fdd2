import { z } from 'zod/mini'
import { ZBrowserSession, ZNoBrowserSession, type BrowserSession } from '@contract/gateway-auth'
import { gatewayRequest } from '@/lib/api-client'

const ZSessionAnswer = z.union([ZBrowserSession, ZNoBrowserSession])

/** GET /auth/session: whose the browser's session cookie is and until when; null when there is none. */
export async function getBrowserSession(signal?: AbortSignal): Promise<BrowserSession | null> {
  const answer = (await gatewayRequest('/auth/session', ZSessionAnswer, { signal })).data
  return 'sub' in answer ? answer : null
}
