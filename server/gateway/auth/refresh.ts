import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { ZTokenResponse, type TokenResponse } from '@contract/oauth'
import { memoryStore, type SharedStore } from '../shared-store'
import type { TokenClient } from './operator'
import { cookieKeys, SessionCookies, sessionFromTokens, type Session } from './session'

export type RefreshOutcome =
  | { kind: 'renewed'; session: Session; idToken?: string }
  /** The operator refused the refresh token (or its new ID token failed verification): the session is over. */
  | { kind: 'refused'; error: string; description?: string }
  /** No usable answer (network, 5xx): the session may still be good, try later. */
  | { kind: 'unavailable'; error: string; description: string }

const ZSharedResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tokens'), tokens: ZTokenResponse, idToken: z.string().optional(), at: z.number().int() }),
  z.object({ kind: z.literal('refused'), error: z.string(), description: z.string().optional() }),
])
type SharedResult = z.infer<typeof ZSharedResult> | Exclude<RefreshOutcome, { kind: 'renewed' }>

/**
 * A renewed result is kept this long for requests that still carry the old cookie (sent before the browser
 * stored the renewed one), on every instance: with an operator that rotates refresh tokens, their own refresh
 * would fail (docs/decisions/0021-many-instances.md).
 */
export const GRACE_MS = 30_000
/** The lock outlives the token request's own timeout (30 s), so a slow operator never lets a second refresh start. */
const LOCK_MS = 35_000
/** How long a request waits for another instance's refresh before answering "try again": as long as its token call may take. */
export const WAIT_MS = 30_000
const POLL_MS = 50
/** A refusal is shared briefly, so the requests waiting on it end too; the next request may try again. */
const REFUSAL_MS = 5_000
/** The stored result's key is derived like the cookies' keys, under its own name. */
const RESULT_KEY_NAME = 'oc_refresh_result'

interface Flight {
  result: Promise<SharedResult>
  /** Set once the operator gave tokens. */
  renewed?: { tokens: TokenResponse; settledAt: number }
}

export interface RefresherOptions {
  /** Where the refresh lock and its result live: the instances' shared store (memory for one instance). */
  store?: SharedStore
  /** Session secrets, the sealing one first: the stored result holds tokens, so it is sealed like the cookie. */
  secrets?: string | readonly string[]
  waitMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Refreshes sessions with the operator, one refresh at a time per refresh token across every instance:
 * concurrent callers of one session (API calls failing with 401 42 together, the SPA's own refresh, on any
 * instance) wait for the same answer. Within a process they share one promise; between processes, the first
 * takes a lock in the shared store (SET NX, keyed by a hash of the refresh token) and stores the result,
 * sealed with the session key, for GRACE_MS; the others poll for it, up to WAIT_MS. A caller that comes within
 * GRACE_MS with the same refresh token gets the same tokens, unless it already holds them or they have
 * expired. Failures are not remembered beyond REFUSAL_MS, so a later request may try again.
 */
export function sessionRefresher(client: TokenClient, now: () => number, options: RefresherOptions = {}) {
  const secrets = options.secrets ?? randomBytes(32).toString('base64url')
  const r: Refresher = {
    client,
    now,
    flights: new Map(),
    store: options.store ?? memoryStore(now),
    sealer: new SessionCookies(secrets, now),
    keys: cookieKeys(secrets, RESULT_KEY_NAME),
    waitMs: options.waitMs ?? WAIT_MS,
  }
  return function refresh(session: Session, scope?: string): Promise<RefreshOutcome> {
    return refreshOnce(r, session, scope)
  }
}

/** What one refresher's steps share: the operator's token client, the clock, this process's flights, the shared store. */
interface Refresher {
  client: TokenClient
  now: () => number
  flights: Map<string, Flight>
  store: SharedStore
  sealer: SessionCookies
  keys: ReturnType<typeof cookieKeys>
  waitMs: number
}

async function refreshOnce(r: Refresher, session: Session, scope: string | undefined): Promise<RefreshOutcome> {
  const { flights, now } = r
  if (!session.refreshToken) return { kind: 'refused', error: 'invalid_grant', description: 'This session has no refresh token; sign in again.' }
  for (const [key, flight] of flights) {
    if (flight.renewed && now() - flight.renewed.settledAt > GRACE_MS) flights.delete(key)
  }
  const key = createHash('sha256')
    .update(`${scope ?? ''}\u0000${session.refreshToken}`)
    .digest('base64url')
  let flight = flights.get(key)
  if (!flight || !reusable(r, flight, session)) {
    const created: Flight = { result: sharedRefresh(r, key, session, scope) }
    flight = created
    flights.set(key, created)
    void created.result.then(
      (result) => {
        if (result.kind === 'tokens') created.renewed = { tokens: result.tokens, settledAt: result.at * 1000 }
        else if (flights.get(key) === created) flights.delete(key)
      },
      () => {
        if (flights.get(key) === created) flights.delete(key)
      },
    )
  }
  const result = await flight.result
  if (result.kind !== 'tokens') return result
  return {
    kind: 'renewed',
    session: sessionFromTokens(result.tokens, result.at, { sub: session.sub, scope: session.scope, previous: session }),
    ...(result.idToken ? { idToken: result.idToken } : {}),
  }
}

async function askOperator({ client, now }: Refresher, session: Session, scope: string | undefined): Promise<SharedResult> {
  const outcome = await client.requestTokens({
    grant_type: 'refresh_token',
    refresh_token: session.refreshToken!,
    ...(scope ? { scope } : {}),
  })
  if (outcome.kind !== 'tokens') return outcome
  const idToken = outcome.tokens.id_token
  if (idToken) {
    const verified = await client.verifyIdToken(idToken, { now: now(), sub: session.sub })
    if (!verified.ok) return { kind: 'refused', error: 'invalid_grant', description: `The ID token failed verification (${verified.reason}).` }
  }
  return { kind: 'tokens', tokens: outcome.tokens, ...(idToken ? { idToken } : {}), at: Math.floor(now() / 1000) }
}

/** Whether renewed tokens may still serve `session`: recent, unexpired, and not the ones it already holds. */
function fresh({ now }: Refresher, tokens: TokenResponse, settledAt: number, session: Session): boolean {
  return now() - settledAt <= GRACE_MS && now() < settledAt + tokens.expires_in * 1000 && tokens.access_token !== session.accessToken
}

function reusable(r: Refresher, flight: Flight, session: Session): boolean {
  return !flight.renewed || fresh(r, flight.renewed.tokens, flight.renewed.settledAt, session)
}

async function storedResult(r: Refresher, key: string, session: Session): Promise<SharedResult | null> {
  const sealed = await r.store.get(`refresh:result:${key}`)
  const result = await r.sealer.open(sealed ?? undefined, r.keys, ZSharedResult)
  if (!result) return null
  if (result.kind === 'tokens' && !fresh(r, result.tokens, result.at * 1000, session)) return null
  return result
}

async function share(r: Refresher, key: string, result: SharedResult): Promise<void> {
  if (result.kind === 'unavailable') return
  const ttlMs = result.kind === 'tokens' ? GRACE_MS : REFUSAL_MS
  const sealed = await r.sealer.seal(result, Math.ceil((r.now() + ttlMs) / 1000) + 1, r.keys)
  await r.store.set(`refresh:result:${key}`, sealed, ttlMs)
}

/** The refresh as the instances agree on it: a result another instance stored, or this one's under the lock. */
async function sharedRefresh(r: Refresher, key: string, session: Session, scope: string | undefined): Promise<SharedResult> {
  const lockKey = `refresh:lock:${key}`
  const owner = randomBytes(16).toString('base64url')
  const deadline = r.now() + r.waitMs
  for (;;) {
    const stored = await storedResult(r, key, session)
    if (stored) return stored
    if (await r.store.setIfAbsent(lockKey, owner, LOCK_MS)) {
      try {
        // Another instance may have finished between the read above and the lock.
        const late = await storedResult(r, key, session)
        if (late) return late
        const result = await askOperator(r, session, scope)
        await share(r, key, result)
        return result
      } finally {
        await r.store.delete(lockKey, owner)
      }
    }
    if (r.now() >= deadline) {
      return { kind: 'unavailable', error: 'temporarily_unavailable', description: 'The session is being renewed by another request. Try again in a moment.' }
    }
    await sleep(POLL_MS)
  }
}
