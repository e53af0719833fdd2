import { Hono } from 'hono'
import type { Sandbox } from '../sandbox'
import { authorizeEndpoints } from './authorize'
import { tokenEndpoint } from './token'
import { userinfoEndpoint } from './userinfo'

/**
 * The sandbox authorization server (docs/decisions/0011-sign-in.md), mounted at `base`
 * (`/sandbox/openidconnect`): `/{cc}/v1/authorize`, its login and consent forms, `/{cc}/v1/token`, `/v1/userinfo`.
 */
export function openIdConnect(sandbox: Sandbox, paths: { base: string; ssoCookiePath: string }): Hono {
  const app = new Hono()
  app.route('/v1/userinfo', userinfoEndpoint(sandbox))
  app.route('/', tokenEndpoint(sandbox))
  app.route('/', authorizeEndpoints(sandbox, paths))
  return app
}
