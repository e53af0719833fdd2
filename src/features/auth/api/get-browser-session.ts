import { ZBrowserSession } from '@contract/gateway-auth'
import { gatewayRequest } from '@/lib/api-client'

/** GET /auth/session: whose the browser's session cookie is and until when; 401 (an ApiError) when there is none. */
export async function getBrowserSession(signal?: AbortSignal) {
  return (await gatewayRequest('/auth/session', ZBrowserSession, { signal })).data
}
