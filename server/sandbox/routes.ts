import { Hono } from 'hono'
import { cloudApiRoutes } from './cloud/cloud-api'
import { controlRoutes } from './control'
import { clientCredentialsRoutes } from './oauth/client-credentials'
import { mobileRoutes } from './mobile/mobile-routes'
import { oidcRoutes } from './oidc/oidc-routes'
import { orderingApiRoutes } from './ordering/ordering-api'
import { alternateDiscoveryRoutes } from './dialects/discovery'
import type { Sandbox } from './sandbox'

/** Where the sandbox's parts live on the one server; `{auth_url}` of reference 2 is SANDBOX_BASE. */
export const SANDBOX_BASE = '/sandbox'
export const SANDBOX_ORDERING_BASE = `${SANDBOX_BASE}/ordering/v3`
export const SANDBOX_OIDC_BASE = `${SANDBOX_BASE}/openidconnect`
export const SANDBOX_CLOUD_BASE = `${SANDBOX_BASE}/cloud/v1`

/** The sandbox: ordering API, client-credentials token endpoint, authorization server, and (when allowed) its controls. */
export function sandboxRoutes(sandbox: Sandbox, options: { controlSecret: string | null }): Hono {
  const app = new Hono()
  app.route('/ordering/v3', orderingApiRoutes(sandbox, SANDBOX_ORDERING_BASE))
  app.route('/oauth/v3/token', clientCredentialsRoutes(sandbox))
  app.route('/cloud/v1', cloudApiRoutes(sandbox))
  app.route('/openidconnect', oidcRoutes(sandbox, { base: SANDBOX_OIDC_BASE, ssoCookiePath: SANDBOX_BASE }))
  // Only the alternate dialect publishes its issuer (docs/decisions/0029-second-dialect.md).
  if (sandbox.dialect.name === 'alternate') app.route('/.well-known', alternateDiscoveryRoutes(sandbox.config))
  app.route('/', mobileRoutes(sandbox))
  if (sandbox.config.SANDBOX_CONTROL === 'on' && options.controlSecret) app.route('/control', controlRoutes(sandbox, options.controlSecret))
  return app
}
