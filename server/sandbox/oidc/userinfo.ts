import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { ApiError } from '../../shared/api-error'
import { noteCustomer } from '../../shared/edge'
import { SANDBOX_OAUTH_ERRORS, type SandboxOAuthKey } from '../oauth/oauth-errors'
import { requestIdOf } from '../../shared/request-id'
import type { Sandbox } from '../sandbox'
import { OPENID } from './settings'

const CHALLENGE = 'Bearer realm="sandbox"'

/** GET (or POST) /v1/userinfo: who the bearer access token is about (docs/decisions/0011-sign-in.md). */
export function userinfoRoutes(sandbox: Sandbox): Hono {
  const app = new Hono()
  const answer = (c: Context) => {
    c.header(HEADER.requestId, requestIdOf(c))
    const match = /^Bearer +(\S+)$/i.exec(c.req.header('Authorization') ?? '')
    if (!match)
      return new ApiError(SANDBOX_OAUTH_ERRORS, 401, 'invalid_request', 'bearerMissing', {}, { headers: { 'WWW-Authenticate': CHALLENGE } }).respond(c)
    const token = sandbox.tokens.find(match[1]!)
    const user = token?.subject_kind === 'user' ? sandbox.users.byId(token.subject_id) : undefined
    // The challenge repeats the description (RFC 6750 3).
    const invalid = (key: SandboxOAuthKey) => {
      const challenge = `${CHALLENGE}, error="invalid_token", error_description="${SANDBOX_OAUTH_ERRORS.texts[key].en}"`
      return new ApiError(SANDBOX_OAUTH_ERRORS, 401, 'invalid_token', key, {}, { headers: { 'WWW-Authenticate': challenge } }).respond(c)
    }
    if (!token || token.kind !== 'access' || !user) return invalid('notUserToken')
    if (token.revoked === 2) return invalid('consentWithdrawn')
    if (token.revoked) return invalid('accessRevoked')
    if (sandbox.tokens.isExpired(token)) return invalid('accessExpired')
    if (!token.scopes.split(' ').includes(OPENID)) {
      return new ApiError(
        SANDBOX_OAUTH_ERRORS,
        403,
        'insufficient_scope',
        'noOpenid',
        {},
        {
          headers: { 'WWW-Authenticate': `${CHALLENGE}, error="insufficient_scope", scope="openid"` },
        },
      ).respond(c)
    }
    noteCustomer(c, user.customer_id)
    return c.body(
      JSON.stringify({
        sub: user.id,
        name: user.name,
        email: user.email,
        customer_id: user.customer_id,
        customer_name: sandbox.customerNames.get(user.customer_id) ?? user.customer_id,
      }),
      200,
      { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    )
  }
  app.get('/', answer)
  app.post('/', answer)
  return app
}
