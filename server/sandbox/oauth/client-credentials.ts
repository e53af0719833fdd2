import { Hono, type Context } from 'hono'
import { ApiError } from '../../shared/api-error'
import { timingSafeEqual } from 'node:crypto'
import { HEADER } from '@contract/common'
import { SCOPE } from '@contract/misc'
import { ZClientCredentialsForm, type TokenResponse } from '@contract/oauth'
import type { ApplicationRow } from '../applications'
import { requestIdOf } from '../../shared/request-id'
import type { Sandbox } from '../sandbox'
import { SANDBOX_OAUTH_ERRORS } from './oauth-errors'
import { answerError } from '../../shared/edge'

export const CLIENT_CREDENTIALS_TTL_SECONDS = 3600
export const REALM = 'Basic realm="sandbox"'

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** `Authorization: Basic base64(id:secret)`, decoded; undefined when absent, null when malformed. */
export function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | null | undefined {
  if (!header) return undefined
  const match = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(header.trim())
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  // RFC 6749 2.3.1: both parts are form-urlencoded before base64.
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) }
  } catch {
    return null
  }
}

/** Authenticates a client at a token endpoint; the answer is either the application or the error to send. */
export function authenticateClient(
  sandbox: Sandbox,
  header: string | undefined,
  form: Record<string, string>,
): { application: ApplicationRow } | { error: 'duplicate' | 'missing' | 'invalid' } {
  const basic = basicCredentials(header)
  const inBody = form.client_id !== undefined || form.client_secret !== undefined
  if (basic !== undefined && inBody) return { error: 'duplicate' }
  const credentials = basic ?? (inBody ? { clientId: form.client_id ?? '', clientSecret: form.client_secret ?? '' } : undefined)
  if (credentials === undefined) return { error: 'missing' }
  if (credentials === null) return { error: 'invalid' }
  const application = sandbox.applications.byClientId(credentials.clientId)
  if (!application || !safeEqual(application.client_secret, credentials.clientSecret)) return { error: 'invalid' }
  return { application }
}

/**
 * What every token endpoint does first (reference 2): a form-urlencoded body and an authenticated client,
 * or the documented error answer. `repeated` names parameters sent more than once.
 */
export async function authenticatedTokenRequest(
  c: Context,
  sandbox: Sandbox,
): Promise<{ application: ApplicationRow; form: Record<string, string>; repeated: string[] } | Response> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'formBody')
  }
  const params = new URLSearchParams(await c.req.text())
  const repeated = [...new Set([...params.keys()].filter((name) => params.getAll(name).length > 1))]
  const form = Object.fromEntries(params)
  const auth = authenticateClient(sandbox, c.req.header('Authorization'), form)
  if ('error' in auth) {
    if (auth.error === 'duplicate') throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'duplicateCredentials')
    const key = auth.error === 'missing' ? 'missingClient' : 'badClient'
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 401, 'invalid_client', key, {}, { headers: { 'WWW-Authenticate': REALM } })
  }
  return { application: auth.application, form, repeated }
}

/** POST /oauth/v3/token: the client-credentials grant of reference 2, every documented answer. */
export function clientCredentialsRoutes(sandbox: Sandbox): Hono {
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  app.use(async (c, next) => {
    c.header(HEADER.requestId, requestIdOf(c))
    await next()
  })
  app.all('/', async (c) => {
    if (c.req.method !== 'POST') throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'method', { method: c.req.method })
    const accept = c.req.header('Accept') ?? ''
    if (!/application\/json|application\/\*|\*\/\*/i.test(accept)) {
      return c.body('Not Acceptable: send Accept: application/json.', 406, { 'Content-Type': 'text/plain;charset=utf-8' })
    }
    const request = await authenticatedTokenRequest(c, sandbox)
    if (request instanceof Response) return request
    const { application } = request
    const form = ZClientCredentialsForm.parse(request.form)
    if (!sandbox.tokenLimiter.hit(application.client_id)) {
      throw new ApiError(
        SANDBOX_OAUTH_ERRORS,
        429,
        'too_many_requests',
        'tokenRate',
        { limit: sandbox.tokenLimiter.limit },
        {
          headers: { 'Retry-After': String(sandbox.tokenLimiter.retryAfterSeconds(application.client_id)) },
        },
      )
    }
    if (!form.grant_type) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'grant_type' })
    if (form.grant_type !== 'client_credentials') {
      throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'clientCredentialsOnly', { grantType: form.grant_type })
    }
    if (!application.subscribed) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'unauthorized_client', 'notSubscribed')
    const allowed: string[] = application.scopes.split(' ').filter((s) => s === SCOPE.full || s === SCOPE.readonly)
    const requested = form.scope ? form.scope.split(' ').filter(Boolean) : allowed.filter((s) => s === SCOPE.full)
    const granted = requested.filter((s) => allowed.includes(s))
    if (granted.length === 0) {
      const asked = form.scope ? `scope ${form.scope} is` : 'No ordering scope is'
      throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'scope', { asked, allowed: allowed.join(' ') || 'none' })
    }
    const { token } = sandbox.tokens.issue({
      kind: 'access',
      clientId: application.client_id,
      subjectKind: 'application',
      subjectId: application.client_id,
      customerId: application.customer_id,
      scopes: granted,
      ttlMs: CLIENT_CREDENTIALS_TTL_SECONDS * 1000,
    })
    const body: TokenResponse = {
      access_token: token,
      token_type: 'Bearer',
      expires_in: CLIENT_CREDENTIALS_TTL_SECONDS,
      scope: granted.join(' '),
    }
    return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' })
  })
  return app
}
