import { Hono } from 'hono'
import { NO_BROWSER_SESSION, type BrowserSession, type SessionInfo } from '@contract/gateway-auth'
import { noteCustomer } from '../../shared/edge'
import type { PersonCustomers } from '../person-customer'
import { sessionExpiresAt } from './session'
import type { GatewaySessions } from './token-handler'

/** Whose cloud lists the console serves (0018), or null when it has no cloud API. */
export interface CloudAccess {
  customerId: string
  customers: PersonCustomers
}

/**
 * GET /auth/session: whether this browser's session cookie is alive, whose it is, how it was opened and whether the
 * Cloud entry is the person's (docs/decisions/0011-sign-in.md). Every tab asks it at start and when it comes back
 * to the front, so the cookie, which every tab shares, says who is signed in; `{ signedIn: false }` (a 200) means
 * nobody. It reads the session as the API proxy does (`sessions.read`), so a session the proxy refuses is refused
 * here too.
 */
export function browserSessionRoutes(sessions: GatewaySessions, cloud: CloudAccess | null): Hono {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store')
    const session = await sessions.read(c)
    if (!session) return c.json(NO_BROWSER_SESSION, 200)
    const info: SessionInfo = session.mobile ? { method: 'mobile', ...session.mobile } : { method: 'password' }
    // The person's customer is the ordering API's word (GET /me, kept per session for a minute): asked here so that
    // the navigation offers Cloud only to the key's customer without a request of its own on the first paint.
    const lookup = cloud ? await cloud.customers.of(c, session) : null
    if (lookup?.setCookie) c.header('Set-Cookie', lookup.setCookie)
    if (lookup?.kind === 'customer') noteCustomer(c, lookup.customerId)
    const cloudAnswer = cloud === null ? { cloud: false } : lookup?.kind === 'customer' ? { cloud: lookup.customerId === cloud.customerId } : {}
    const body: SessionInfo & BrowserSession = {
      ...info,
      sub: session.sub,
      ...(session.name ? { name: session.name } : {}),
      expiresAt: sessionExpiresAt(session),
      ...cloudAnswer,
    }
    return c.json(body, 200)
  })
}
