import { Hono, type Context } from 'hono'
import { SignJWT } from 'jose'
import { createHash } from 'node:crypto'
import { HEADER } from '@contract/common'
import type { TokenResponse } from '@contract/oauth'
import type { ApplicationRow } from '../applications'
import { ApiError } from '../../shared/api-error'
import { authenticatedTokenRequest, REALM } from '../oauth/client-credentials'
import { SANDBOX_OAUTH_ERRORS } from '../oauth/oauth-errors'
import { requestIdOf } from '../../shared/request-id'
import type { Sandbox } from '../sandbox'
import { issuerFor, OFFLINE_ACCESS, OPENID, TOKEN_ERRORS, type Country } from './settings'
import type { UserRow } from './users'
import { answerError } from '../../shared/edge'

/** What the tokens of one answer are about: who, for which client, which sign-in. */
interface Issue {
  country: Country
  application: ApplicationRow
  user: UserRow
  /** The access token's scopes (narrowed on refresh). */
  scopes: string[]
  /** The grant's scopes: what the refresh token keeps. */
  grantScopes: string[]
  /** Milliseconds, real time. */
  authTime: number
  acr: string
  nonce?: string
}

const seconds = (ms: number) => Math.floor(ms / 1000)

/** The ID token of docs/decisions/0011-sign-in.md: HS256 with the client secret. */
export function signIdToken(sandbox: Sandbox, issue: Issue): Promise<string> {
  const iat = seconds(sandbox.realNow())
  return new SignJWT({
    auth_time: seconds(issue.authTime),
    ...(issue.nonce ? { nonce: issue.nonce } : {}),
    acr: issue.acr,
    amr: ['pwd'],
    name: issue.user.name,
    email: issue.user.email,
    customer_id: issue.user.customer_id,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuerFor(sandbox.config, issue.country))
    .setSubject(issue.user.id)
    .setAudience([issue.application.client_id])
    .setIssuedAt(iat)
    .setExpirationTime(iat + sandbox.oidc.accessTokenSeconds)
    .sign(new TextEncoder().encode(issue.application.client_secret))
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** POST /{cc}/v1/token: the authorization_code and refresh_token grants of reference 2. */
export function tokenRoutes(sandbox: Sandbox): Hono {
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  app.all('/:country{fr|es}/v1/token', (c) => token(sandbox, c))
  return app
}

async function issueTokens(sandbox: Sandbox, c: Context, issue: Issue): Promise<Response> {
  const { accessTokenSeconds, refreshTokenSeconds } = sandbox.oidc
  const subject = {
    clientId: issue.application.client_id,
    subjectKind: 'user' as const,
    subjectId: issue.user.id,
    customerId: issue.user.customer_id,
  }
  const access = sandbox.tokens.issue({ ...subject, kind: 'access', scopes: issue.scopes, ttlMs: accessTokenSeconds * 1000 })
  const body: TokenResponse = { access_token: access.token, token_type: 'Bearer', expires_in: accessTokenSeconds, scope: issue.scopes.join(' ') }
  if (issue.grantScopes.includes(OFFLINE_ACCESS)) {
    const refresh = sandbox.tokens.issue({ ...subject, kind: 'refresh', scopes: issue.grantScopes, ttlMs: refreshTokenSeconds * 1000 })
    sandbox.signIn.recordRefresh(refresh.token, { country: issue.country, auth_time: issue.authTime, acr: issue.acr })
    body.refresh_token = refresh.token
  }
  if (issue.scopes.includes(OPENID)) body.id_token = await signIdToken(sandbox, issue)
  return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' })
}

/** The authorization_code grant. */
function authorizationCode(
  sandbox: Sandbox,
  c: Context,
  country: Country,
  application: ApplicationRow,
  form: Record<string, string>,
): Promise<Response> | Response {
  if (!form.code) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'code' })
  if (!form.redirect_uri) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'redirect_uri' })
  const code = sandbox.signIn.code(form.code)
  if (!code || code.client_id !== application.client_id) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeUnknown')
  // Single use: the first presentation by its client spends it, whatever comes next.
  if (!sandbox.signIn.useCode(code)) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeUsed')
  if (sandbox.signIn.isExpired(code)) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeExpired')
  if (code.country !== country) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeOtherCountry', { country: code.country })
  if (code.redirect_uri !== form.redirect_uri) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'redirectUri')
  if (code.code_challenge) {
    if (!form.code_verifier) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'verifierRequired')
    if (s256(form.code_verifier) !== code.code_challenge) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'verifierMismatch')
  } else if (form.code_verifier !== undefined) {
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'verifierUnexpected')
  }
  const user = sandbox.users.byId(code.user_id)
  if (!user) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeUserGone')
  const scopes = code.scopes.split(' ').filter(Boolean)
  return issueTokens(sandbox, c, {
    country,
    application,
    user,
    scopes,
    grantScopes: scopes,
    authTime: code.auth_time,
    acr: code.acr,
    ...(code.nonce ? { nonce: code.nonce } : {}),
  })
}

/** The refresh_token grant, with rotation. */
function refreshToken(sandbox: Sandbox, c: Context, country: Country, application: ApplicationRow, form: Record<string, string>): Promise<Response> | Response {
  if (!form.refresh_token) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'refresh_token' })
  const row = sandbox.tokens.find(form.refresh_token)
  const grant = sandbox.signIn.refreshGrant(form.refresh_token)
  if (!row || row.kind !== 'refresh' || !grant || row.client_id !== application.client_id) {
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'refreshUnknown')
  }
  if (row.revoked === 2) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'refreshConsent')
  if (row.revoked) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'refreshRevoked')
  if (sandbox.tokens.isExpired(row)) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'refreshExpired')
  if (grant.country !== country) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'refreshOtherCountry', { country: grant.country })
  const user = sandbox.users.byId(row.subject_id)
  if (!user) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'refreshUserGone')
  const original = row.scopes.split(' ').filter(Boolean)
  const asked = (form.scope ?? '').split(' ').filter(Boolean)
  // Reference 2: omitted means the scope originally granted, and so does an invalid one.
  const narrowed = asked.length > 0 && asked.every((scope) => original.includes(scope)) ? original.filter((scope) => asked.includes(scope)) : original
  // Rotation: the presented refresh token is spent; the answer carries its successor.
  sandbox.tokens.revoke(form.refresh_token)
  sandbox.oidc.refreshGrants += 1
  return issueTokens(sandbox, c, { country, application, user, scopes: narrowed, grantScopes: original, authTime: grant.auth_time, acr: grant.acr })
}

/** The token endpoint: a forced error, the method, the client's credentials, then the grant. */
async function token(sandbox: Sandbox, c: Context): Promise<Response> {
  c.header(HEADER.requestId, requestIdOf(c))
  const country = c.req.param('country') as Country
  const forced = sandbox.oidc.nextError.token
  if (forced) {
    delete sandbox.oidc.nextError.token
    throw new ApiError(
      SANDBOX_OAUTH_ERRORS,
      TOKEN_ERRORS[forced],
      forced,
      'forced',
      {},
      {
        headers: forced === 'invalid_client' ? { 'WWW-Authenticate': REALM } : {},
      },
    )
  }
  if (c.req.method !== 'POST') throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'method', { method: c.req.method })
  const request = await authenticatedTokenRequest(c, sandbox)
  if (request instanceof Response) return request
  const { application, form, repeated } = request
  if (repeated.length) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'repeated', { names: repeated.join(', ') })
  if (!form.grant_type) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'grant_type' })
  if (form.grant_type !== 'authorization_code' && form.grant_type !== 'refresh_token') {
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeFlowGrants', { grantType: form.grant_type })
  }
  if (!application.subscribed) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'unauthorized_client', 'notSubscribed')
  return form.grant_type === 'authorization_code'
    ? authorizationCode(sandbox, c, country, application, form)
    : refreshToken(sandbox, c, country, application, form)
}
