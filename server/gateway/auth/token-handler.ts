import type { AuthConfig, BrowserTokenAnswer } from '@contract/gateway-sign-in'
import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { OidcSettings } from '../../config'
import * as authorizationRequest from '../../shared/authorization-request'
import { ApiError } from '../../shared/api-error'
import { GATEWAY_AUTH_ERRORS } from './auth-errors'
import type { SharedStore } from '../shared-store'
import { tokenClient, type TokenEndpoint, type TokenOutcome } from './operator'
import { sessionRefresher, type RefreshOutcome } from './refresh'
import { crossSiteRefusal, isHttps, requestOrigin } from './same-origin'
import { AUTH_COOKIE_SECONDS, nameOfClaims, SESSION_COOKIE, SessionCookies, sameSecret, sessionFromTokens, type Session } from './session'
import type { ServerSessions } from './session-store'
import { answerError } from '../../shared/edge'

export const AUTH_BASE = '/auth'
export const CALLBACK_PATH = `${AUTH_BASE}/callback`

/** What the API proxy needs of the sign-in: the session of a request, its refresh, and its cookie. */
export interface GatewaySessions {
  read(c: Context): Promise<Session | null>
  /** Single-flight per refresh token, across instances sharing a store (see refresh.ts). */
  refresh(session: Session): Promise<RefreshOutcome>
  setCookie(c: Context, session: Session): Promise<string>
  clearCookie(c: Context): string
}

export interface SignInOptions {
  oidc: OidcSettings
  tokenEndpoint: TokenEndpoint
  /** The gateway's clock in ms (ID token times, cookie expiry); tests inject theirs. */
  now: () => number
  /**
   * The instances' shared store: signed-out sessions (docs/decisions/0020-hostile-input-and-faults.md), the refresh
   * lock and its result (0021-many-instances.md); memory of this process when absent.
   */
  store?: SharedStore
  /** Every accepted session secret, the sealing one first (SESSION_SECRETS); `oidc.sessionSecret` alone when absent. */
  sessionSecrets?: readonly string[]
  /** The ID token's expected `iss` (issuer.ts: the profile's, the discovered one, or `oidc.issuer`); `oidc.issuer` when absent. */
  issuer?: () => Promise<string>
  /** Where sessions live (docs/decisions/0031-server-side-sessions.md); a private in-memory store when absent. */
  sessions?: ServerSessions
  /** Set-Cookie values that also end the authorization server's own sign-in session at sign-out, when it can be. */
  operatorSignOutCookies?: (c: Context) => string[]
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Reference 2's answer to a bad client or redirect URI: an error page, never a redirect to an address we do not trust. */
function errorPage(c: Context, message: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in cannot start</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the console</a></p></main></body></html>`
  return c.body(html, 400, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  })
}

/** Parameters of a query or form, refusing repeated ones (RFC 6749 3.1, 3.2: parameters must not repeat). */
function singleValued(params: URLSearchParams): Record<string, string> | { repeated: string } {
  const values: Record<string, string> = {}
  for (const [name, value] of params) {
    if (Object.hasOwn(values, name)) return { repeated: name }
    values[name] = value
  }
  return values
}

/**
 * The gateway's token handler (docs/decisions/0011-sign-in.md): the browser runs the authorization-code
 * flow against /auth/*, the gateway holds the client secret and the operator's tokens (in the session
 * store, the oc_session cookie holding only the session's id, 0031) and gives the browser the ID token and opaque handles.
 */
/** The password sign-in, built once: the sessions every other part of the gateway reads, and what its routes share. */
export interface SignIn {
  sessions: GatewaySessions
  oidc: SignInOptions['oidc']
  now: () => number
  cookies: SessionCookies
  issuerOf: () => Promise<string>
  client: ReturnType<typeof tokenClient>
  refresh: ReturnType<typeof sessionRefresher>
  operatorSignOutCookies: SignInOptions['operatorSignOutCookies']
}

export function createSignIn({
  oidc,
  tokenEndpoint,
  now,
  store,
  sessionSecrets,
  sessions: serverSessions,
  operatorSignOutCookies,
  issuer,
}: SignInOptions): SignIn {
  const secrets = sessionSecrets ?? [oidc.sessionSecret]
  const cookies = new SessionCookies(secrets, now, serverSessions)
  const issuerOf = issuer ?? (async () => oidc.issuer)
  const client = tokenClient(oidc, tokenEndpoint, issuerOf)
  const refresh = sessionRefresher(client, now, { ...(store ? { store } : {}), secrets })
  const sessions: GatewaySessions = {
    read: (c) => cookies.readSession(c),
    refresh: (session) => refresh(session),
    setCookie: async (c, session) => (await cookies.renewedSessionCookie(session, cookieContext(c))) ?? cookies.clearSessionCookie(cookieContext(c)),
    clearCookie: (c) => cookies.clearSessionCookie(cookieContext(c)),
  }
  return { sessions, oidc, now, cookies, issuerOf, client, refresh, operatorSignOutCookies }
}

/** The token handler's routes (0011), mounted at AUTH_BASE. */
export function signInRoutes(signIn: SignIn): Hono {
  const routes = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  routes.onError(answerError)
  // GET /auth/config: what the SPA's UserManager needs to run the flow against the gateway; nothing secret.
  routes.get('/config', (c) => getAuthConfig(signIn, c))
  // GET /auth/authorize: checks what the gateway can, remembers state and nonce, hands over to the operator.
  routes.get('/authorize', (c) => authorize(signIn, c))
  routes.all('/token', (c) => token(signIn, c))
  routes.all('/logout', (c) => logout(signIn, c))
  return routes
}

const cookieContext = (c: Context) => ({ secure: isHttps(c) })
const callbackOf = (c: Context) => `${requestOrigin(c)}${CALLBACK_PATH}`

function answer({ cookies }: SignIn, c: Context, session: Session, idToken: string | undefined): Response {
  const body: BrowserTokenAnswer = {
    token_type: 'Bearer',
    access_token: session.accessHandle,
    expires_in: Math.max(0, session.accessTokenExpiresAt - cookies.nowSeconds()),
    scope: session.scope,
    ...(idToken ? { id_token: idToken } : {}),
    ...(session.refreshHandle ? { refresh_token: session.refreshHandle } : {}),
  }
  return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' })
}

/** The operator's refusal goes to the browser as a 400 with its error; no usable answer is a 502. */
function failure(c: Context, outcome: Exclude<TokenOutcome, { kind: 'tokens' }>): Response {
  throw new ApiError(
    GATEWAY_AUTH_ERRORS,
    outcome.kind === 'refused' ? 400 : 502,
    outcome.kind === 'refused' ? outcome.error : 'temporarily_unavailable',
    'operator',
    {
      description: outcome.description ?? '',
    },
  )
}

/** The issuer is the one the gateway checks ID tokens against, which the SPA's UserManager checks them against too. */
async function getAuthConfig({ oidc, issuerOf }: SignIn, c: Context): Promise<Response> {
  const body: AuthConfig = { issuer: await issuerOf(), clientId: oidc.clientId, scope: oidc.scope }
  return c.json(body, 200, { 'Cache-Control': 'no-cache' })
}

async function authorize({ oidc, cookies }: SignIn, c: Context): Promise<Response> {
  const url = new URL(c.req.url)
  const request = authorizationRequest.parseAuthorizationRequest(url.searchParams)
  const checked = authorizationRequest.checkAuthorizationRequest(request, {
    beforeRedirect: [
      // The query goes to the operator as it is, so no parameter may repeat, known or not (RFC 6749 3.1).
      authorizationRequest.checkSingleValued(),
      authorizationRequest.checkClient((clientId) => clientId === oidc.clientId),
      authorizationRequest.checkRedirectUri([callbackOf(c)]),
      // Unlike reference 2's server, a page (0011): an error without state would reach the SPA's callback matching no sign-in.
      authorizationRequest.checkState(),
    ],
    // The product's rule (0011): PKCE, state and nonce on every sign-in; the operator checks the rest.
    afterRedirect: [authorizationRequest.checkNonce(), authorizationRequest.checkPkce({ required: true })],
  })
  if (!checked.ok) return checked.redirect ? authorizationRequest.redirectFailure(c, checked) : errorPage(c, checked.description)
  const state = request.value('state')!
  const pending = (await cookies.readPending(c)).filter((entry) => entry.state !== state)
  pending.push({ state, nonce: request.value('nonce')!, scope: request.value('scope') ?? '', expiresAt: cookies.nowSeconds() + AUTH_COOKIE_SECONDS })
  c.header('Cache-Control', 'no-store')
  c.header('Set-Cookie', await cookies.pendingCookie(pending, cookieContext(c)))
  return c.redirect(`${oidc.baseUrl}/v1/authorize${url.search}`, 302)
}

async function token(signIn: SignIn, c: Context): Promise<Response> {
  if (c.req.method !== 'POST')
    throw new ApiError(GATEWAY_AUTH_ERRORS, 405, 'invalid_request', 'method', { method: c.req.method }, { headers: { Allow: 'POST' } })
  const refusal = crossSiteRefusal(c)
  if (refusal) throw new ApiError(GATEWAY_AUTH_ERRORS, 403, 'invalid_request', 'crossSite', { reason: refusal })
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'formBody')
  }
  const form = singleValued(new URLSearchParams(await c.req.text()))
  if ('repeated' in form) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'repeated', { names: form.repeated })
  if (form.client_id !== undefined && form.client_id !== signIn.oidc.clientId) {
    throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_client', 'otherClient')
  }
  if (form.grant_type === 'authorization_code') return codeGrant(signIn, c, form)
  if (form.grant_type === 'refresh_token') return refreshGrant(signIn, c, form)
  if (!form.grant_type) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'grant_type' })
  throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'unsupported_grant_type', 'grantTypes')
}

async function codeGrant(signIn: SignIn, c: Context, form: Record<string, string>): Promise<Response> {
  const { cookies, client } = signIn
  for (const name of ['code', 'redirect_uri', 'code_verifier']) {
    if (!form[name]) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'required', { name })
  }
  if (form.redirect_uri !== callbackOf(c)) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'callback')
  const pending = await cookies.readPending(c)
  if (pending.length === 0) {
    throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'noSignIn')
  }
  const outcome = await client.requestTokens({
    grant_type: 'authorization_code',
    code: form.code!,
    redirect_uri: form.redirect_uri!,
    code_verifier: form.code_verifier!,
  })
  if (outcome.kind !== 'tokens') return failure(c, outcome)
  const idToken = outcome.tokens.id_token
  if (!idToken) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'noIdToken')
  const verified = await client.verifyIdToken(idToken, { now: signIn.now(), nonces: pending.map((entry) => entry.nonce) })
  if (!verified.ok) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'idToken', { reason: verified.reason })
  const asked = pending.find((entry) => entry.nonce === verified.claims.nonce)!
  const session = sessionFromTokens(outcome.tokens, cookies.nowSeconds(), {
    sub: verified.claims.sub,
    scope: asked.scope,
    name: nameOfClaims(verified.claims),
  })
  c.header('Set-Cookie', await cookies.sessionCookie(session, cookieContext(c)), { append: true })
  c.header(
    'Set-Cookie',
    await cookies.pendingCookie(
      pending.filter((entry) => entry !== asked),
      cookieContext(c),
    ),
    { append: true },
  )
  return answer(signIn, c, session, idToken)
}

async function refreshGrant(signIn: SignIn, c: Context, form: Record<string, string>): Promise<Response> {
  const { cookies, refresh } = signIn
  if (!form.refresh_token) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'refresh_token' })
  const session = await cookies.readSession(c)
  if (!session?.refreshHandle || !sameSecret(form.refresh_token, session.refreshHandle)) {
    throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'otherSession')
  }
  const outcome = await refresh(session, form.scope)
  if (outcome.kind === 'refused') {
    c.header('Set-Cookie', cookies.clearSessionCookie(cookieContext(c)))
    throw new ApiError(GATEWAY_AUTH_ERRORS, 400, outcome.error, 'operator', { description: outcome.description ?? '' })
  }
  if (outcome.kind === 'unavailable') throw new ApiError(GATEWAY_AUTH_ERRORS, 502, 'temporarily_unavailable', 'operator', { description: outcome.description })
  const renewed = await cookies.renewedSessionCookie(outcome.session, cookieContext(c))
  if (renewed) {
    c.header('Set-Cookie', renewed)
    return answer(signIn, c, outcome.session, outcome.idToken)
  }
  // Signed out while the refresh was on its way: the renewed tokens are not given out.
  c.header('Set-Cookie', cookies.clearSessionCookie(cookieContext(c)))
  throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'otherSession')
}

async function logout({ cookies, operatorSignOutCookies }: SignIn, c: Context): Promise<Response> {
  if (c.req.method !== 'POST')
    throw new ApiError(GATEWAY_AUTH_ERRORS, 405, 'invalid_request', 'method', { method: c.req.method }, { headers: { Allow: 'POST' } })
  const refusal = crossSiteRefusal(c)
  if (refusal) throw new ApiError(GATEWAY_AUTH_ERRORS, 403, 'invalid_request', 'crossSite', { reason: refusal })
  // Clearing the cookie is not enough: a copy of it must stop working too (0020). The session is deleted from the
  // store, or, while the store is away, refused here at once and deleted as soon as it answers (0031).
  const sid = await cookies.sessionIdOf(getCookie(c, SESSION_COOKIE))
  if (sid && (await cookies.revoke(sid)) === 'queued') {
    console.warn(
      JSON.stringify({
        level: 'warn',
        time: new Date().toISOString(),
        message: 'Sign-out queued: the session store is unavailable; it is refused on this instance and deleted once the store answers.',
      }),
    )
  }
  for (const cookie of operatorSignOutCookies?.(c) ?? []) c.header('Set-Cookie', cookie, { append: true })
  c.header('Set-Cookie', cookies.clearSessionCookie(cookieContext(c)), { append: true })
  c.header('Set-Cookie', cookies.clearPendingCookie(cookieContext(c)), { append: true })
  c.header('Cache-Control', 'no-store')
  return c.body(null, 204)
}
