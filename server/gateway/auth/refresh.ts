import { createHash } from 'node:crypto'
import type { TokenResponse } from '@contract/oauth'
import type { TokenClient } from './operator'
import { sessionFromTokens, type Session } from './session'

export type RefreshOutcome =
  | { kind: 'renewed'; session: Session; idToken?: string }
  /** The operator refused the refresh token (or its new ID token failed verification): the session is over. */
  | { kind: 'refused'; error: string; description?: string }
  /** No usable answer (network, 5xx): the session may still be good, try later. */
  | { kind: 'unavailable'; error: string; description: string }

type SharedResult =
  | { kind: 'tokens'; tokens: TokenResponse; idToken?: string; at: number }
  | Exclude<RefreshOutcome, { kind: 'renewed' }>

/**
 * A renewed result is kept this long for requests that still carry the old cookie (sent before the browser
 * stored the renewed one): with an operator that rotates refresh tokens, their own refresh would fail.
 */
const GRACE_MS = 30_000

interface Flight {
  result: Promise<SharedResult>
  /** Set once the operator gave tokens. */
  renewed?: { tokens: TokenResponse; settledAt: number }
}

/**
 * Refreshes sessions with the operator, one refresh at a time per refresh token: concurrent callers of one
 * session (API calls failing with 401 42 together, the SPA's own refresh) wait for the same answer. A
 * caller that comes within GRACE_MS with the same refresh token gets the same tokens, unless it already
 * holds them or they have expired. Failures are not remembered, so the next request may try again.
 */
export function sessionRefresher(client: TokenClient, now: () => number) {
  const flights = new Map<string, Flight>()

  async function askOperator(session: Session, scope: string | undefined): Promise<SharedResult> {
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

  /** Whether a finished refresh may still serve `session`. */
  function reusable(flight: Flight, session: Session): boolean {
    if (!flight.renewed) return true
    const { tokens, settledAt } = flight.renewed
    return now() - settledAt <= GRACE_MS && now() < settledAt + tokens.expires_in * 1000 && tokens.access_token !== session.accessToken
  }

  return async function refresh(session: Session, scope?: string): Promise<RefreshOutcome> {
    if (!session.refreshToken) return { kind: 'refused', error: 'invalid_grant', description: 'This session has no refresh token; sign in again.' }
    for (const [key, flight] of flights) {
      if (flight.renewed && now() - flight.renewed.settledAt > GRACE_MS) flights.delete(key)
    }
    const key = createHash('sha256').update(`${scope ?? ''}\u0000${session.refreshToken}`).digest('base64url')
    let flight = flights.get(key)
    if (!flight || !reusable(flight, session)) {
      const created: Flight = { result: askOperator(session, scope) }
      flight = created
      flights.set(key, created)
      void created.result.then(
        (result) => {
          if (result.kind === 'tokens') created.renewed = { tokens: result.tokens, settledAt: now() }
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
}

export type SessionRefresher = ReturnType<typeof sessionRefresher>
