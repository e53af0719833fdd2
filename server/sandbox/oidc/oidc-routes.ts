import { Hono } from 'hono'
import type { Sandbox } from '../sandbox'
import { authorizeRoutes } from './authorize'
import { tokenRoutes } from './token'
import { userinfoRoutes } from './userinfo'

/**
 * The sandbox authorization server (docs/decisions/0011-sign-in.md), mounted at `base`
 * (`/sandbox/openidconnect`): `/{cc}/v1/authorize`, its login and consent forms, `/{cc}/v1/token`, `/v1/userinfo`.
 */
export function oidcRoutes(sandbox: Sandbox, paths: { base: string; ssoCookiePath: string }): Hono {
  const app = new Hono()
  app.route('/v1/userinfo', userinfoRoutes(sandbox))
  app.route('/', tokenRoutes(sandbox))
  app.route('/', authorizeRoutes(sandbox, paths))
  return app
}
