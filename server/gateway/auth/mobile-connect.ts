import { Hono, type Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { BrowserTokenAnswer } from '@contract/gateway-sign-in'
import { ZOAuthErrorBody } from '@contract/error'
import {
  ENCRYPTED_MSISDN_PREFIX,
  MOBILE_ACR_VALUES,
  ZDiscoveryResponse,
  ZMccMnc,
  ZMobileAcr,
  ZMobileIdTokenClaims,
  type MobilePending,
  type MobileStartError,
} from '@contract/mobile-connect'
import { ZTokenResponse, type TokenResponse } from '@contract/oauth'
import * as authorizationRequest from '../../shared/authorization-request'
import { ApiError } from '../../shared/api-error'
import { GATEWAY_AUTH_ERRORS } from './auth-errors'
import { memoryStore, type SharedStore } from '../shared-store'
import { basicCredentials, verifyHs256IdToken } from './operator'
import { crossSiteRefusal, isHttps, requestOrigin } from './same-origin'
import { cookieKeys, sessionFromTokens, type Session, type SessionCookies } from './session'
import { answerError } from '../../shared/edge'

/**
 * Sign-in with a mobile number (reference 3, docs/decisions/0017-mobile-connect.md): the gateway calls
 * discovery and the operator's token endpoint with credentials the browser never sees; the SPA runs the
 * operator's code flow (PKCE, state, nonce) through /auth/mobile/authorize and /auth/mobile/token; a verified
 * ID token opens the same oc_session as the password sign-in, holding an ordering API token of the
 * application chosen by the assurance level reached.
 */

export const MOBILE_BASE = '/mobile'
export const MOBILE_CALLBACK = '/auth/mobile/callback'
export const MOBILE_SIGN_IN_PAGE = '/sign-in/mobile'
export const MOBILE_COOKIE = 'oc_mobile'
const MOBILE_COOKIE_SECONDS = 600
const TIMEOUT_MS = 30_000

/** What a level of assurance opens on the ordering API (0017): level 3 places requests, level 2 reads. */
export const SCOPE_BY_ACR = { '2': 'b2b:ordering:readonly', '3': 'b2b:ordering' } as const

export interface MobileSignInOptions {
  /** `{discovery_url}` (reference 3), or null when mobile sign-in is not configured. */
  discoveryUrl: string | null
  /** The application's credentials at discovery and at the client-credentials endpoint. */
  clientId: string
  clientSecret: string
  /** `{auth_url}/oauth/v3/token`: the ordering API token of a mobile session. */
  clientCredentialsUrl: string
  /** How the gateway reaches discovery, the operators and the token endpoint (the sandbox in-process, or the network). */
  fetch: (request: Request) => Promise<Response>
  cookies: SessionCookies
  /** One, or every accepted secret with the sealing one first (docs/decisions/0021-many-instances.md). */
  sessionSecret: string | readonly string[]
  now: () => number
  /** Where the application's ordering tokens are kept for every instance (docs/decisions/0021-many-instances.md). */
  store?: SharedStore
}

/** An operator as discovery described it; the secret stays in this process. */
interface Operator {
  mccMnc: string
  name: string
  country: string
  clientId: string
  clientSecret: string
  authorization: string
  token: string
  issuer: string
  expiresAt: number
}

const ZMobileCookie = z.object({
  acr: ZMobileAcr,
  returnTo: z.string(),
  mccMnc: z.optional(ZMccMnc),
  subscriberId: z.string().optional(),
  /** Authorize requests sent to the operator: the state, nonce and level asked of each. */
  pending: z.array(z.object({ state: z.string(), nonce: z.string(), acr: ZMobileAcr })).max(4),
})
type MobileCookie = z.infer<typeof ZMobileCookie>

/** The issuer of an operator: its authorization endpoint without `/v1/authorize` (reference 2's `{auth_url}/openidconnect/{cc}`). */
export function issuerOf(authorization: string): string {
  return authorization.replace(/\/authorize$/, '').replace(/\/v1$/, '')
}

/** Same-origin paths only, as the password sign-in does. */
function safeReturnTo(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/'
}

const ZCachedToken = z.object({ tokens: ZTokenResponse, expiresAt: z.number() })

/** What the mobile sign-in's handlers share: the options, the operators discovery named, the cookie keys, the token cache. */
interface MobileSignIn {
  options: MobileSignInOptions
  cookies: SessionCookies
  now: () => number
  key: ReturnType<typeof cookieKeys>
  operators: Map<string, Operator>
  /** The application's tokens are shared by every instance, sealed like a cookie: the store holds no token in clear. */
  appTokens: SharedStore
  appTokenKey: ReturnType<typeof cookieKeys>
  basic: string
}

/** The routes of sign-in with a mobile number, mounted at `${AUTH_BASE}${MOBILE_BASE}`. */
export function mobileSignInRoutes(options: MobileSignInOptions): Hono {
  const m: MobileSignIn = {
    options,
    cookies: options.cookies,
    now: options.now,
    key: cookieKeys(options.sessionSecret, MOBILE_COOKIE),
    operators: new Map(),
    appTokens: options.store ?? memoryStore(options.now),
    appTokenKey: cookieKeys(options.sessionSecret, 'oc_mobile_app_token'),
    basic: basicCredentials(options.clientId, options.clientSecret),
  }
  const routes = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  routes.onError(answerError)
  // GET /auth/mobile/discover?acr=2|3&returnTo=…: discovery step 1, server-side; the browser follows to the operator-selection page.
  routes.get('/discover', (c) => discover(m, c))
  // GET /auth/mobile/discovered?mcc_mnc&subscriber_id: Redirect_URL; discovery step 2, then the SPA's page that continues.
  routes.get('/discovered', (c) => discovered(m, c))
  // GET /auth/mobile/pending: the operator found, what the SPA's UserManager needs (nothing secret).
  routes.get('/pending', (c) => pendingSignIn(m, c))
  // GET /auth/mobile/authorize: the SPA's authorize request; the gateway adds login_hint and hands over to the operator.
  routes.get('/authorize', (c) => authorizeAtOperator(m, c))
  // POST /auth/mobile/token: the code, exchanged with the operator's credentials; a verified ID token opens the session.
  routes.all('/token', (c) => exchangeCode(m, c))
  return routes
}

const nowSeconds = (m: MobileSignIn) => Math.floor(m.now() / 1000)

function send(m: MobileSignIn, url: string, init: RequestInit): Promise<Response> {
  return m.options.fetch(new Request(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) }))
}

// oc_mobile: SameSite=Lax, because discovery sends the browser back with a cross-site top-level GET.
function readCookie(m: MobileSignIn, c: Context): Promise<MobileCookie | null> {
  return m.cookies.open(getCookie(c, MOBILE_COOKIE), m.key, ZMobileCookie)
}

async function writeCookie(m: MobileSignIn, c: Context, value: MobileCookie): Promise<string> {
  return generateCookie(MOBILE_COOKIE, await m.cookies.seal(value, nowSeconds(m) + MOBILE_COOKIE_SECONDS, m.key), {
    path: '/auth',
    maxAge: MOBILE_COOKIE_SECONDS,
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
  })
}

const clearCookie = (c: Context) => generateCookie(MOBILE_COOKIE, '', { path: '/auth', maxAge: 0, httpOnly: true, sameSite: 'Lax', secure: isHttps(c) })
const redirectUrl = (c: Context) => `${requestOrigin(c)}/auth${MOBILE_BASE}/discovered`
const startFailed = (c: Context, error: MobileStartError) => c.redirect(`${MOBILE_SIGN_IN_PAGE}?error=${error}`, 302)

/** Step 2 of discovery, cached for the answer's ttl: the operator's endpoints and credentials. */
async function operatorFor(m: MobileSignIn, c: Context, mccMnc: string): Promise<Operator | MobileStartError> {
  const cached = m.operators.get(mccMnc)
  if (cached && cached.expiresAt > m.now()) return cached
  const [mcc, mnc] = mccMnc.split('_')
  const query = new URLSearchParams({ Redirect_URL: redirectUrl(c), 'Selected-MCC': mcc!, 'Selected-MNC': mnc! })
  let json: unknown
  try {
    const response = await send(m, `${m.options.discoveryUrl}/v2/discovery?${query}`, { headers: { Authorization: m.basic, Accept: 'application/json' } })
    if (!response.ok) return 'discovery_failed'
    json = await response.json()
  } catch {
    return 'discovery_failed'
  }
  const parsed = ZDiscoveryResponse.safeParse(json)
  if (!parsed.success) return 'discovery_failed'
  const { response, ttl } = parsed.data
  const link = (rel: string) => response.apis?.operatorid.link.find((l) => l.rel === rel)?.href
  const authorization = link('authorization')
  const token = link('token')
  // Production without a commercial agreement for the country: discovery withholds the endpoints (reference 3).
  if (!authorization || !token || !response.client_id || !response.client_secret) return 'no_agreement'
  const operator: Operator = {
    mccMnc,
    name: response.serving_operator,
    country: response.country,
    clientId: response.client_id,
    clientSecret: response.client_secret,
    authorization,
    token,
    issuer: issuerOf(authorization),
    expiresAt: m.now() + Math.max(0, ttl) * 1000,
  }
  m.operators.set(mccMnc, operator)
  return operator
}

/** The ordering API token of mobile sessions at `acr`: the application's client-credentials token, reused until it nears expiry. */
async function orderingToken(m: MobileSignIn, acr: '2' | '3'): Promise<TokenResponse | null> {
  const { now } = m
  const scope = SCOPE_BY_ACR[acr]
  const sealed = await m.appTokens.get(`mobile:app-token:${scope}`)
  const cached = await m.cookies.open(sealed ?? undefined, m.appTokenKey, ZCachedToken)
  if (cached && cached.expiresAt - 60_000 > now()) return { ...cached.tokens, expires_in: Math.floor((cached.expiresAt - now()) / 1000) }
  try {
    const response = await send(m, m.options.clientCredentialsUrl, {
      method: 'POST',
      headers: { Authorization: m.basic, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    })
    const tokens = ZTokenResponse.safeParse(await response.json())
    if (!response.ok || !tokens.success) return null
    const expiresAt = now() + tokens.data.expires_in * 1000
    const keptMs = expiresAt - 60_000 - now()
    if (keptMs > 0) {
      const value = await m.cookies.seal({ tokens: tokens.data, expiresAt }, Math.ceil(expiresAt / 1000), m.appTokenKey)
      await m.appTokens.set(`mobile:app-token:${scope}`, value, keptMs)
    }
    return tokens.data
  } catch {
    return null
  }
}

/** Verifies the operator's ID token (`verifyHs256IdToken`, with the operator's secret), its nonce, and acr at least the level asked. */
async function verifyIdToken(m: MobileSignIn, operator: Operator, idToken: string, pending: MobileCookie['pending']) {
  try {
    const payload = await verifyHs256IdToken(idToken, operator, m.now())
    const claims = ZMobileIdTokenClaims.safeParse({ ...payload, aud: typeof payload.aud === 'string' ? [payload.aud] : payload.aud })
    if (!claims.success) return { ok: false as const, reason: 'the claims are not those of reference 3 (auth_time, acr, amr)' }
    const signIn = pending.find((entry) => entry.nonce === claims.data.nonce)
    if (!signIn) return { ok: false as const, reason: 'nonce does not match a sign-in of this browser' }
    if (!/^\d+$/.test(claims.data.acr) || Number(claims.data.acr) < Number(signIn.acr)) {
      return { ok: false as const, reason: `acr ${claims.data.acr} is below the level ${signIn.acr} asked` }
    }
    return { ok: true as const, claims: claims.data, signIn }
  } catch (error) {
    return { ok: false as const, reason: (error as Error).message }
  }
}

/** Discovery step 1: the operator-selection page's address, and the oc_mobile cookie with the level asked. */
async function discover(m: MobileSignIn, c: Context): Promise<Response> {
  if (!m.options.discoveryUrl) return startFailed(c, 'unavailable')
  const acr = ZMobileAcr.safeParse(c.req.query('acr'))
  if (!acr.success) return startFailed(c, 'invalid_request')
  let location: string | null
  try {
    const response = await send(m, `${m.options.discoveryUrl}/v2/discovery?${new URLSearchParams({ Redirect_URL: redirectUrl(c) })}`, {
      headers: { Authorization: m.basic },
    })
    location = response.status === 302 ? response.headers.get('Location') : null
  } catch {
    location = null
  }
  if (!location || !URL.canParse(location) || !/^https?:$/.test(new URL(location).protocol)) return startFailed(c, 'discovery_failed')
  c.header('Set-Cookie', await writeCookie(m, c, { acr: acr.data, returnTo: safeReturnTo(c.req.query('returnTo')), pending: [] }))
  c.header('Cache-Control', 'no-store')
  return c.redirect(location, 302)
}

/** Discovery step 2: the operator chosen, kept in the cookie; then the SPA's page that continues. */
async function discovered(m: MobileSignIn, c: Context): Promise<Response> {
  const state = await readCookie(m, c)
  if (!state) return startFailed(c, 'expired')
  const mccMnc = ZMccMnc.safeParse(c.req.query('mcc_mnc'))
  if (!mccMnc.success) return startFailed(c, 'invalid_request')
  const operator = await operatorFor(m, c, mccMnc.data)
  if (typeof operator === 'string') return startFailed(c, operator)
  const subscriberId = c.req.query('subscriber_id')
  c.header(
    'Set-Cookie',
    await writeCookie(m, c, { acr: state.acr, returnTo: state.returnTo, mccMnc: mccMnc.data, ...(subscriberId ? { subscriberId } : {}), pending: [] }),
  )
  c.header('Cache-Control', 'no-store')
  return c.redirect(MOBILE_SIGN_IN_PAGE, 302)
}

/** The operator found, as the SPA's UserManager needs it. */
async function pendingSignIn(m: MobileSignIn, c: Context): Promise<Response> {
  const state = await readCookie(m, c)
  const operator = state?.mccMnc ? await operatorFor(m, c, state.mccMnc) : 'expired'
  // An error entity with the request id, as every answer of the gateway (docs/decisions/0022-server-edge.md).
  if (!state || typeof operator === 'string')
    throw new ApiError(GATEWAY_AUTH_ERRORS, 404, 'invalid_request', 'noMobileSignIn', {}, { headers: { 'Cache-Control': 'no-store' } })
  const body: MobilePending = {
    operator: { name: operator.name, country: operator.country, mccMnc: operator.mccMnc },
    issuer: operator.issuer,
    clientId: operator.clientId,
    acr: state.acr,
    returnTo: state.returnTo,
  }
  return c.json(body, 200, { 'Cache-Control': 'no-store' })
}

/** The SPA's authorize request, checked, with login_hint added, handed over to the operator. */
async function authorizeAtOperator(m: MobileSignIn, c: Context): Promise<Response> {
  const url = new URL(c.req.url)
  const state = await readCookie(m, c)
  const operator = state?.mccMnc ? await operatorFor(m, c, state.mccMnc) : 'expired'
  if (!state || typeof operator === 'string') return startFailed(c, typeof operator === 'string' ? operator : 'expired')
  const request = authorizationRequest.parseAuthorizationRequest(url.searchParams)
  const checked = authorizationRequest.checkAuthorizationRequest(request, {
    // The query goes to the operator as it is, so no parameter may repeat, known or not (RFC 6749 3.1).
    beforeRedirect: [
      authorizationRequest.checkSingleValued(),
      authorizationRequest.checkClient((clientId) => clientId === operator.clientId),
      authorizationRequest.checkRedirectUri([`${requestOrigin(c)}${MOBILE_CALLBACK}`]),
    ],
    // PKCE, state and nonce on every sign-in (0011), and the one level asked, which the ID token's acr must reach (0017).
    afterRedirect: [
      authorizationRequest.checkState(),
      authorizationRequest.checkNonce(),
      authorizationRequest.checkPkce({ required: true }),
      authorizationRequest.checkAcrValues(MOBILE_ACR_VALUES, { required: true, single: true }),
    ],
  })
  // A client or callback the gateway cannot vouch for: the sign-in page says the request was wrong (0017).
  if (!checked.ok) return checked.redirect ? authorizationRequest.redirectFailure(c, checked) : startFailed(c, 'invalid_request')
  const query = new URLSearchParams(url.searchParams)
  query.delete('login_hint')
  if (state.subscriberId) query.set('login_hint', `${ENCRYPTED_MSISDN_PREFIX}${state.subscriberId}`)
  const asked = { state: request.value('state')!, nonce: request.value('nonce')!, acr: ZMobileAcr.parse(request.value('acr_values')) }
  const pending = [...state.pending.filter((entry) => entry.state !== asked.state), asked].slice(-4)
  c.header('Set-Cookie', await writeCookie(m, c, { ...state, pending }))
  c.header('Cache-Control', 'no-store')
  const target = new URL(operator.authorization)
  target.search = query.toString()
  return c.redirect(target.toString(), 302)
}

/** The token request's form, checked: a refusal, or the form. */
async function tokenForm(c: Context): Promise<ApiError | URLSearchParams> {
  if (c.req.method !== 'POST') return new ApiError(GATEWAY_AUTH_ERRORS, 405, 'invalid_request', 'method', { method: c.req.method })
  const refusal = crossSiteRefusal(c)
  if (refusal) return new ApiError(GATEWAY_AUTH_ERRORS, 403, 'invalid_request', 'crossSite', { reason: refusal })
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '')) {
    return new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'formBody')
  }
  const form = new URLSearchParams(await c.req.text())
  const repeated = [...new Set([...form.keys()].filter((name) => form.getAll(name).length > 1))]
  if (repeated.length) return new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'repeated', { names: repeated.join(', ') })
  if (form.get('grant_type') !== 'authorization_code') return new ApiError(GATEWAY_AUTH_ERRORS, 400, 'unsupported_grant_type', 'mobileGrantType')
  for (const name of ['code', 'redirect_uri', 'code_verifier']) {
    if (!form.get(name)) return new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_request', 'required', { name })
  }
  if (form.get('redirect_uri') !== `${requestOrigin(c)}${MOBILE_CALLBACK}`) return new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'mobileCallback')
  return form
}

/** The code exchanged at the operator's token endpoint, with the operator's credentials: its tokens, or a refusal. */
async function operatorTokens(m: MobileSignIn, operator: Operator, form: URLSearchParams): Promise<TokenResponse | ApiError> {
  try {
    const response = await send(m, operator.token, {
      method: 'POST',
      headers: {
        Authorization: basicCredentials(operator.clientId, operator.clientSecret),
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: form.get('code')!,
        redirect_uri: form.get('redirect_uri')!,
        code_verifier: form.get('code_verifier')!,
      }).toString(),
    })
    const json: unknown = await response.json().catch(() => undefined)
    const refused = ZOAuthErrorBody.safeParse(json)
    if (!response.ok && refused.success && response.status < 500) {
      return new ApiError(GATEWAY_AUTH_ERRORS, 400, refused.data.error, 'operator', {
        description: (refused.data.error_description ?? '').split(operator.clientSecret).join('[redacted]'),
      })
    }
    const parsed = ZTokenResponse.safeParse(json)
    if (!response.ok || !parsed.success) return new ApiError(GATEWAY_AUTH_ERRORS, 502, 'temporarily_unavailable', 'operatorUnusable')
    return parsed.data
  } catch {
    return new ApiError(GATEWAY_AUTH_ERRORS, 502, 'temporarily_unavailable', 'operatorUnreachable')
  }
}

/** POST /auth/mobile/token: the code exchanged; a verified ID token opens the session with an ordering token of its level. */
async function exchangeCode(m: MobileSignIn, c: Context): Promise<Response> {
  const form = await tokenForm(c)
  if (form instanceof ApiError) throw form
  const state = await readCookie(m, c)
  const operator = state?.mccMnc ? await operatorFor(m, c, state.mccMnc) : 'expired'
  if (!state || state.pending.length === 0 || typeof operator === 'string') {
    throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'noMobileSignIn')
  }
  const tokens = await operatorTokens(m, operator, form)
  if (tokens instanceof ApiError) throw tokens
  if (!tokens.id_token) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'mobileNoIdToken')
  const verified = await verifyIdToken(m, operator, tokens.id_token, state.pending)
  if (!verified.ok) throw new ApiError(GATEWAY_AUTH_ERRORS, 400, 'invalid_grant', 'idToken', { reason: verified.reason })
  const level = Number(verified.claims.acr) >= 3 ? '3' : '2'
  const ordering = await orderingToken(m, level)
  if (!ordering) throw new ApiError(GATEWAY_AUTH_ERRORS, 502, 'temporarily_unavailable', 'noOrderingToken')
  const session: Session = {
    // No refresh token: a mobile session lasts as long as the ordering token (0017), then the person signs in again.
    ...sessionFromTokens(ordering, nowSeconds(m), { sub: verified.claims.sub, scope: ordering.scope ?? SCOPE_BY_ACR[level] }),
    mobile: { operator: operator.name, country: operator.country, acr: verified.claims.acr, amr: verified.claims.amr },
  }
  c.header('Set-Cookie', await m.cookies.sessionCookie(session, { secure: isHttps(c) }), { append: true })
  const remaining = state.pending.filter((entry) => entry !== verified.signIn)
  c.header('Set-Cookie', remaining.length ? await writeCookie(m, c, { ...state, pending: remaining }) : clearCookie(c), { append: true })
  const body: BrowserTokenAnswer = {
    token_type: 'Bearer',
    access_token: session.accessHandle,
    expires_in: Math.max(1, session.accessTokenExpiresAt - nowSeconds(m)),
    scope: session.scope,
    id_token: tokens.id_token,
  }
  return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' })
}
