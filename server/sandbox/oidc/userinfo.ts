import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { ApiError } from '../../shared/api-error'
import { answerError, noteCustomer } from '../../shared/edge'
import { SANDBOX_OAUTH_ERRORS, type SandboxOAuthKey } from '../oauth/oauth-errors'
import { requestIdOf } from '../../shared/request-id'
import type { Sandbox } from '../sandbox'
import { OPENID } from './settings'

const CHALLENGE = 'Bearer realm="sandbox"'

/** GET (or POST) /v1/userinfo: who the bearer access token is about (docs/decisions/0011-sign-in.md). */
export function userinfoRoutes(sandbox: Sandbox): Hono {
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  const answer = (c: Context) => {
    c.header(HEADER.requestId, requestIdOf(c))
    const match = /^Bearer +(\S+)$/i.exec(c.req.header('Authorization') ?? '')
    if (!match) throw new ApiError(SANDBOX_OAUTH_ERRORS, 401, 'invalid_request', 'bearerMissing', {}, { headers: { 'WWW-Authenticate': CHALLENGE } })
    const token = sandbox.tokens.find(match[1]!)
    const user = token?.subject_kind === 'user' ? sandbox.users.byId(token.subject_id) : undefined
    // The challenge repeats the description (RFC 6750 3).
    const invalid = (key: SandboxOAuthKey) => {
      const challenge = `${CHALLENGE}, error="invalid_token", error_description="${SANDBOX_OAUTH_ERRORS.texts[key].en}"`
      throw new ApiError(SANDBOX_OAUTH_ERRORS, 401, 'invalid_token', key, {}, { headers: { 'WWW-Authenticate': challenge } })
    }
    if (!token || token.kind !== 'access' || !user) return invalid('notUserToken')
    if (token.revoked === 2) return invalid('consentWithdrawn')
    if (token.revoked) return invalid('accessRevoked')
    if (sandbox.tokens.isExpired(token)) return invalid('accessExpired')
    if (!token.scopes.split(' ').includes(OPENID)) {
      throw new ApiError(
        SANDBOX_OAUTH_ERRORS,
        403,
        'insufficient_scope',
        'noOpenid',
        {},
        {
          headers: { 'WWW-Authenticate': `${CHALLENGE}, error="insufficient_scope", scope="openid"` },
        },
      )
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
