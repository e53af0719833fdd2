import { SCOPE } from '@contract/misc'
import type { AuthorizeError } from '@contract/oauth'
import type { ServerConfig } from '../../config'

/** The country segments of reference 2's code-flow endpoints. */
export const COUNTRIES = ['fr', 'es'] as const
export type Country = (typeof COUNTRIES)[number]

export const OPENID = 'openid'
export const OFFLINE_ACCESS = 'offline_access'
/** Every scope the sandbox understands; anything else is invalid_scope. */
export const KNOWN_SCOPES: readonly string[] = [OPENID, OFFLINE_ACCESS, SCOPE.full, SCOPE.readonly]

export const DEFAULT_ACCESS_TOKEN_SECONDS = 3600
export const DEFAULT_REFRESH_TOKEN_SECONDS = 365 * 24 * 3600
/** Reference 2: "the code lives about 10 minutes". Pending login/consent forms live as long. */
export const CODE_TTL_MS = 10 * 60_000
/** The authorization server's login session (cookie sandbox_sso), in real time. */
export const SSO_TTL_MS = 8 * 3_600_000

/** The token endpoint's four errors of reference 2, and two 5xx a client should survive too. */
export const TOKEN_ERRORS = {
  invalid_request: 400,
  invalid_grant: 400,
  unauthorized_client: 400,
  invalid_client: 401,
  server_error: 500,
  temporarily_unavailable: 503,
} as const
export type TokenError = keyof typeof TOKEN_ERRORS

/** What the controls change at run time (POST /sandbox/control/oidc/...). */
export interface OidcControls {
  accessTokenSeconds: number
  refreshTokenSeconds: number
  /** Answered once by the next call to that endpoint, then forgotten. */
  nextError: { authorize?: AuthorizeError; token?: TokenError }
  /** Refresh grants answered with tokens since start: what the gateways' shared refresh must keep to one per session. */
  refreshGrants: number
}

export function defaultOidcControls(): OidcControls {
  return { accessTokenSeconds: DEFAULT_ACCESS_TOKEN_SECONDS, refreshTokenSeconds: DEFAULT_REFRESH_TOKEN_SECONDS, nextError: {}, refreshGrants: 0 }
}

/**
 * ID token `iss` for a country: `{issuer base}/sandbox/openidconnect/{cc}`. config.oidc.issuer is that for
 * OIDC_COUNTRY (server/config.ts), so the other country only swaps the last segment. The alternate dialect's is its
 * bare `{auth_url}`, the same for every country (docs/decisions/0029-second-dialect.md).
 */
export function issuerFor(config: Pick<ServerConfig, 'oidc' | 'OIDC_COUNTRY' | 'SANDBOX_DIALECT'>, country: Country): string {
  if (config.SANDBOX_DIALECT === 'alternate') return authUrlOf(config)
  const base = config.oidc.issuer.slice(0, config.oidc.issuer.length - config.OIDC_COUNTRY.length)
  return `${base}${country}`
}

/** `{auth_url}` of reference 2 as the sandbox's clients see it: `{SANDBOX_ISSUER_BASE or http://localhost:PORT}/sandbox`. */
export function authUrlOf(config: Pick<ServerConfig, 'oidc' | 'OIDC_COUNTRY'>): string {
  return config.oidc.issuer.slice(0, config.oidc.issuer.length - `/openidconnect/${config.OIDC_COUNTRY}`.length)
}
