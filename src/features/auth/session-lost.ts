import { ERROR_CODE } from '@contract/error'
import { ApiError } from '@/lib/api-error'
import { currentPath } from './return-to'
import type { AuthSession } from './session'
import { signInArgs } from './sign-in'

const SESSION_LOST_CODES = new Set<number>([ERROR_CODE.missingCredentials, ERROR_CODE.invalidCredentials, ERROR_CODE.expiredCredentials])

/**
 * The gateway has no usable session for this browser: no cookie (40), tokens the operator revoked (41), or an
 * expired access token (42) that reaches the browser only when the gateway's own refresh failed.
 */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== null && SESSION_LOST_CODES.has(error.code)
}

const LAST_ATTEMPT_KEY = 'ordering-console.signed-in-again-at'
const MIN_INTERVAL_MS = 60_000

/**
 * Whether to sign in again now. A second loss within a minute of the last attempt means signing in does not
 * help (say, a cookie the browser refuses): the error then shows where it happened instead of looping.
 */
export function mayTrySignInAgain(storage: Storage, now: number): boolean {
  const last = Number(storage.getItem(LAST_ATTEMPT_KEY))
  if (Number.isFinite(last) && last > 0 && now - last < MIN_INTERVAL_MS) return false
  storage.setItem(LAST_ATTEMPT_KEY, String(now))
  return true
}

/**
 * Signs the person in again and brings them back to this page: silently first (prompt=none), which the
 * callback turns into an interactive sign-in when the authorization server needs the person.
 */
export function signInAgain(session: AuthSession): void {
  // Only a person this tab holds as signed in is signed in again: after a sign-out, a refused call changes nothing.
  if (!session.getSnapshot().signedIn) return
  if (!mayTrySignInAgain(window.sessionStorage, Date.now())) return
  const args = signInArgs({ returnTo: currentPath(), silent: true })
  session
    .userManager()
    .then((userManager) => userManager.signinRedirect(args))
    .catch(() => undefined)
}
