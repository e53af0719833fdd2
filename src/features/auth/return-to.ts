/** Where a person lands after signing in when nothing (or nothing safe) was asked for. */
export const DEFAULT_RETURN_TO = '/'
export const SIGN_IN_PATH = '/sign-in'
export const CALLBACK_PATH = '/auth/callback'

const PROBE_ORIGIN = 'https://return-to.invalid'
const MAX_LENGTH = 2048

/**
 * The page to return to after signing in, only if it is a path of this application: it must start with a
 * single `/` (`//host` and `/\host` lead elsewhere), hold no control character and stay on this origin once
 * resolved. The sign-in and callback pages themselves lead home, so that no sign-in loops.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return DEFAULT_RETURN_TO
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return DEFAULT_RETURN_TO
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_TO
  let url: URL
  try {
    url = new URL(value, PROBE_ORIGIN)
  } catch {
    return DEFAULT_RETURN_TO
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_RETURN_TO
  if (url.pathname === SIGN_IN_PATH || url.pathname === CALLBACK_PATH) return DEFAULT_RETURN_TO
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page's address for a person who asked for `path`. */
export function signInPathFor(path: string): string {
  const returnTo = safeReturnTo(path)
  return returnTo === DEFAULT_RETURN_TO ? SIGN_IN_PATH : `${SIGN_IN_PATH}?${new URLSearchParams({ returnTo })}`
}

/** The page the browser shows now, as a path to come back to. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`
}
