import { Hono } from 'hono'
import { cloudApi } from './cloud/cloud-api'
import { controlEndpoint } from './control'
import { clientCredentialsEndpoint } from './oauth/client-credentials'
import { mobileConnect } from './mobile/mobile-routes'
import { openIdConnect } from './oidc/oidc-routes'
import { orderingApi } from './ordering/ordering-api'
import { openIdDiscovery } from './dialects/discovery'
import type { Sandbox } from './sandbox'

/** Where the sandbox's parts live on the one server; `{auth_url}` of reference 2 is SANDBOX_BASE. */
export const SANDBOX_BASE = '/sandbox'
export const SANDBOX_ORDERING_BASE = `${SANDBOX_BASE}/ordering/v3`
export const SANDBOX_OIDC_BASE = `${SANDBOX_BASE}/openidconnect`
export const SANDBOX_CLOUD_BASE = `${SANDBOX_BASE}/cloud/v1`

/** The sandbox: ordering API, client-credentials token endpoint, authorization server, and (when allowed) its controls. */
export function sandboxRoutes(sandbox: Sandbox, options: { controlSecret: string | null }): Hono {
  const app = new Hono()
  app.route('/ordering/v3', orderingApi(sandbox, SANDBOX_ORDERING_BASE))
  app.route('/oauth/v3/token', clientCredentialsEndpoint(sandbox))
  app.route('/cloud/v1', cloudApi(sandbox))
  app.route('/openidconnect', openIdConnect(sandbox, { base: SANDBOX_OIDC_BASE, ssoCookiePath: SANDBOX_BASE }))
  // Only the alternate dialect publishes its issuer (docs/decisions/0029-second-dialect.md).
  if (sandbox.dialect.name === 'alternate') app.route('/.well-known', openIdDiscovery(sandbox.config))
  app.route('/', mobileConnect(sandbox))
  if (sandbox.config.SANDBOX_CONTROL === 'on' && options.controlSecret) app.route('/control', controlEndpoint(sandbox, options.controlSecret))
  return app
}
