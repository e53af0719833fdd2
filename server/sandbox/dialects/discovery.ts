import { Hono } from 'hono'
import { SCOPE } from '@contract/misc'
import type { SandboxConfig } from '../sandbox'
import { authUrlOf } from '../oidc/settings'

/**
 * The alternate dialect's OpenID Provider metadata (OpenID Connect Discovery 1.0), at
 * `{auth_url}/.well-known/openid-configuration` (docs/decisions/0029-second-dialect.md): reference 2 does not say
 * what the ID token's `iss` is, and this operator says it here. Every address is where the sandbox really serves it.
 * ID tokens are signed with HS256 and the client secret (0011), so the key set is empty.
 */
export function alternateDiscoveryRoutes(config: SandboxConfig): Hono {
  const app = new Hono()
  const authUrl = authUrlOf(config)
  const oidcBase = `${authUrl}/openidconnect`
  app.get('/openid-configuration', (c) =>
    c.json({
      issuer: authUrl,
      authorization_endpoint: `${oidcBase}/${config.OIDC_COUNTRY}/v1/authorize`,
      token_endpoint: `${oidcBase}/${config.OIDC_COUNTRY}/v1/token`,
      userinfo_endpoint: `${oidcBase}/v1/userinfo`,
      jwks_uri: `${authUrl}/.well-known/jwks.json`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['HS256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'offline_access', SCOPE.full, SCOPE.readonly],
    }),
  )
  app.get('/jwks.json', (c) => c.json({ keys: [] }))
  return app
}
