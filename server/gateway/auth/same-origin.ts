import { CSRF_HEADER } from '@contract/gateway-auth'
import type { Context } from 'hono'
import { crossSiteReason } from '../../shared/edge'

/** The header the SPA adds to its calls of /auth/token and /auth/logout (docs/decisions/0011-sign-in.md). */
export const CSRF_HEADER_NAME = CSRF_HEADER.name
export const CSRF_HEADER_VALUE = CSRF_HEADER.value

/**
 * The origin the browser used to reach this server, from the request URL (Host header). The server never
 * terminates TLS itself (main.ts listens on plain HTTP), so in an HTTPS deployment a reverse proxy is in
 * front and the URL says `http:`; X-Forwarded-Proto is honoured for the scheme only. A client that forges it
 * only changes what its own request is compared with (its redirect_uri, its Origin, its cookies' Secure
 * flag). X-Forwarded-Host is not honoured: the proxy must pass Host through unchanged.
 */
export function requestOrigin(c: Context): string {
  const url = new URL(c.req.url)
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1)
  return `${scheme}://${url.host}`
}

export function isHttps(c: Context): boolean {
  return requestOrigin(c).startsWith('https:')
}

/**
 * Why a state-changing call of the token handler is refused, or null when it came from the SPA itself:
 * the custom header (which a cross-origin page cannot send without a CORS preflight this server never
 * grants), an Origin equal to ours when the browser sends one, and a Sec-Fetch-Site that is not cross-site.
 */
export function crossSiteRefusal(c: Context): string | null {
  if (c.req.header(CSRF_HEADER_NAME) !== CSRF_HEADER_VALUE) return `The header ${CSRF_HEADER_NAME}: ${CSRF_HEADER_VALUE} is required.`
  // The same rule as every state-changing route of the gateway (docs/decisions/0022-server-edge.md).
  return crossSiteReason(c)
}
