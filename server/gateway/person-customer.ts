import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { sessionExpiresAt, type Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'
import { customerIdOf } from './me-reader'
import { placeApiKey } from '../shared/operator-dialect'
import { sendAsPerson, type Upstream } from './person-call'
import { memoryStore, type SharedStore } from './shared-store'

/** How long the gateway trusts a session's customer before asking GET /me again. */
export const CUSTOMER_TTL_MS = 60_000
/** How long a session's customer is remembered for the request log (at most; never past the session's end). */
export const LOGGED_CUSTOMER_TTL_MS = 24 * 3600_000

/**
 * The person's customer, or why it cannot be known: the ordering API's own answer to GET /me (401, 403 53, …),
 * read whole so that every waiter can pass it on as it is, or a network failure (an unreadable 200 counts as one). `setCookie` is a renewed or cleared session cookie to pass on.
 */
export type CustomerLookup =
  | { kind: 'customer'; customerId: string; setCookie?: string }
  | { kind: 'refused'; status: number; headers: Headers; body: string; setCookie?: string }
  | { kind: 'failed'; timedOut: boolean; setCookie?: string }

export interface PersonCustomers {
  of(c: Context, session: Session): Promise<CustomerLookup>
  /**
   * The customer the gateway last learned for this session, without asking: for the request log only
   * (docs/decisions/0022-server-edge.md), which must not cost a call. Decisions use `of`.
   */
  known(session: Session): Promise<string | null>
  /** Keeps what a GET /me the person made through the API proxy said, for `known` only (never for decisions). */
  remember(session: Session, customerId: string): Promise<void>
}

/**
 * Learns a signed-in person's customer from the ordering API's GET /me, called with the person's own access
 * token, the application's API key and the same refresh-on-expiry as the ordering proxy. The answer is kept
 * per session (its access handle, which a refresh keeps) for CUSTOMER_TTL_MS in the shared store, and concurrent
 * look-ups of one session on one instance share one call: a paged read calls /me once, not per page.
 * Only a customer is kept; a refusal or a failure is asked again next time. For the request log, the customer is
 * also remembered as long as the session lives (at most LOGGED_CUSTOMER_TTL_MS): a person does not change customer.
 */
export function personCustomers(
  upstream: Upstream,
  sessions: GatewaySessions,
  options: { now: () => number; ttlMs?: number; store?: SharedStore },
): PersonCustomers {
  const ttlMs = options.ttlMs ?? CUSTOMER_TTL_MS
  // Kept in the instances' shared store (docs/decisions/0021-many-instances.md), under a hash of the handle: a
  // person who moves to another instance is not asked again. The store bounds its size itself.
  const store = options.store ?? memoryStore(options.now)
  const inFlight = new Map<string, Promise<CustomerLookup>>()
  const keyOf = (name: 'me' | 'logged-customer', session: Session) => `${name}:${createHash('sha256').update(session.accessHandle).digest('base64url')}`
  const remember = async (session: Session, customerId: string) => {
    const sessionLeftMs = sessionExpiresAt(session) * 1000 - options.now()
    await store.set(keyOf('logged-customer', session), customerId, Math.max(ttlMs, Math.min(LOGGED_CUSTOMER_TTL_MS, sessionLeftMs)))
  }

  const ask = async (c: Context, session: Session): Promise<CustomerLookup> => {
    const call = await sendAsPerson(sessions, c, session, (accessToken) => {
      const query = new URLSearchParams()
      const headers = new Headers({ Accept: 'application/json', ...placeApiKey(query, upstream.profile?.apiKey ?? 'header', upstream.apiKey) })
      if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
      const language = c.req.header('accept-language')
      if (language) headers.set('Accept-Language', language)
      const search = query.toString()
      return upstream.fetch(new Request(`${upstream.baseUrl}/me${search ? `?${search}` : ''}`, { headers, signal: AbortSignal.timeout(upstream.timeoutMs) }))
    })
    if (call.kind === 'failed') return call
    const cookie = call.setCookie ? { setCookie: call.setCookie } : {}
    const { response } = call
    const body = await response.text().catch(() => '')
    if (response.status !== 200) return { kind: 'refused', status: response.status, headers: response.headers, body, ...cookie }
    let me: unknown
    try {
      me = JSON.parse(body)
    } catch {
      // Not JSON: /me could not be read, and what needs the customer degrades as when /me fails.
      return { kind: 'failed', timedOut: false, ...cookie }
    }
    const customerId = customerIdOf(me)
    // A /me that names no customer the gateway can read (its body is not shown, reference 1; 0027): what is kept per
    // customer (the send guard, the log line) is kept per person instead, and the cloud lists, which belong to the key's
    // customer alone, stay closed to them.
    if (!customerId) return { kind: 'customer', customerId: `person:${session.sub}`, ...cookie }
    return { kind: 'customer', customerId, ...cookie }
  }

  return {
    async of(c, session) {
      const key = session.accessHandle
      const customerId = await store.get(keyOf('me', session))
      if (customerId) return { kind: 'customer', customerId }
      let pending = inFlight.get(key)
      if (!pending) {
        pending = ask(c, session).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      const lookup = await pending
      if (lookup.kind === 'customer') {
        await store.set(keyOf('me', session), lookup.customerId, ttlMs)
        await remember(session, lookup.customerId)
      }
      return lookup
    },
    known: (session) => store.get(keyOf('logged-customer', session)),
    remember,
  }
}
