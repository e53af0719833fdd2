import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { oauthError } from '../oauth/client-credentials'
import { newRequestId } from '../../shared/request-id'
import type { Sandbox } from '../sandbox'
import { OPENID } from './settings'

const CHALLENGE = 'Bearer realm="sandbox"'

/** GET (or POST) /v1/userinfo: who the bearer access token is about (docs/decisions/0011-sign-in.md). */
export function userinfoEndpoint(sandbox: Sandbox): Hono {
  const app = new Hono()
  const answer = (c: Context) => {
    c.header(HEADER.requestId, newRequestId())
    const match = /^Bearer +(\S+)$/i.exec(c.req.header('Authorization') ?? '')
    if (!match) return oauthError(c, 401, 'invalid_request', 'Send the access token as Authorization: Bearer <token>.', { 'WWW-Authenticate': CHALLENGE })
    const token = sandbox.tokens.find(match[1]!)
    const user = token?.subject_kind === 'user' ? sandbox.users.byId(token.subject_id) : undefined
    const invalid = (description: string) =>
      oauthError(c, 401, 'invalid_token', description, { 'WWW-Authenticate': `${CHALLENGE}, error="invalid_token", error_description="${description}"` })
    if (!token || token.kind !== 'access' || !user) return invalid('The access token is unknown or not a user token.')
    if (token.revoked === 2) return invalid('The user withdrew consent.')
    if (token.revoked) return invalid('The access token was revoked.')
    if (sandbox.tokens.isExpired(token)) return invalid('The access token has expired.')
    if (!token.scopes.split(' ').includes(OPENID)) {
      return oauthError(c, 403, 'insufficient_scope', 'The access token was not granted the openid scope.', {
        'WWW-Authenticate': `${CHALLENGE}, error="insufficient_scope", scope="openid"`,
      })
    }
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
