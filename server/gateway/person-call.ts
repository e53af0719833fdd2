import type { Context } from 'hono'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import type { OperatorProfile } from '@contract/operator-profile'
import type { Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'

/**
 * A call to the ordering API as the signed-in person, with its one refresh: what the ordering proxy and the look-up of
 * a person's customer (person-customer.ts) share, so that neither imports the other.
 */

export interface Upstream {
  /** Base URL of the ordering API, ending with /v3. */
  baseUrl: string
  /** How to reach it: the sandbox in-process, or the network. */
  fetch: (request: Request) => Promise<Response>
  apiKey: string
  timeoutMs: number
  /** How the operator fills the references' gaps (docs/decisions/0027-operator-profile.md); the default profile when absent. */
  profile?: OperatorProfile
}

/** True when a 401's body is the platform's code 42: the access token expired (reference 2). */
function isExpiredToken(text: string): boolean {
  try {
    const body = ZApiErrorBody.safeParse(JSON.parse(text))
    return body.success && body.data.code === ERROR_CODE.expiredCredentials
  } catch {
    return false
  }
}

/**
 * What a call made as the signed-in person gave: the answer, or a network failure or timeout; with the
 * renewed (or cleared) session cookie to pass on in both cases.
 */
export type PersonCall = { kind: 'answer'; response: Response; setCookie?: string } | { kind: 'failed'; timedOut: boolean; setCookie?: string }

/**
 * Sends a call to the ordering API as the session's person (`send` adds the access token it is given): an
 * expired access token (401 code 42) is refreshed once and the call replayed once; a refused refresh ends
 * the session (its clearing cookie is returned), a transient failure keeps it. Shared by the ordering proxy
 * and the cloud proxy's look-up of the person's customer.
 */
export async function sendAsPerson(
  sessions: GatewaySessions,
  c: Context,
  session: Session | null,
  send: (accessToken: string | undefined) => Promise<Response>,
): Promise<PersonCall> {
  let setCookie: string | undefined
  const cookie = () => (setCookie ? { setCookie } : {})
  try {
    let response = await send(session?.accessToken)
    if (session && response.status === 401) {
      const text = await response.text()
      response = new Response(text, { status: response.status, headers: response.headers })
      if (isExpiredToken(text)) {
        const refreshed = await sessions.refresh(session)
        if (refreshed.kind === 'renewed') {
          setCookie = await sessions.setCookie(c, refreshed.session)
          response = await send(refreshed.session.accessToken)
        } else if (refreshed.kind === 'refused') {
          // The refresh token is no good: the session is over. A transient failure keeps it for the next call.
          setCookie = sessions.clearCookie(c)
        }
      }
    }
    return { kind: 'answer', response, ...cookie() }
  } catch (error) {
    // A refresh that succeeded before the replay failed is kept: the old refresh token may be spent.
    return { kind: 'failed', timedOut: (error as Error).name === 'TimeoutError', ...cookie() }
  }
}
