import { Hono, type Context } from 'hono'
import { SignJWT } from 'jose'
import { randomBytes, randomInt } from 'node:crypto'
import { HEADER } from '@contract/common'
import { AMR, ENCRYPTED_MSISDN_PREFIX, MOBILE_ACR_VALUES, UNSUPPORTED_OPERATOR_PARAMETERS, type Amr, type MobileAcr } from '@contract/mobile-connect'
import type { TokenResponse } from '@contract/oauth'
import * as authorizationRequest from '../../shared/authorization-request'
import { requestIdOf } from '../../shared/request-id'
import { ApiError } from '../../shared/api-error'
import { authenticatedTokenRequest, REALM, safeEqual } from '../oauth/client-credentials'
import { SANDBOX_OAUTH_ERRORS } from '../oauth/oauth-errors'
import { hashToken } from '../oauth/token-store'
import { checkAvailable, isHttps } from '../oidc/authorize'
import { errorPage, languageOf, refusedRequestPage } from '../oidc/pages'
import { s256 } from '../oidc/token'
import type { Sandbox } from '../sandbox'
import { OPERATOR_SCOPES, operatorBase, publicSandboxBase } from './discovery'
import { mobileStateOf, purgeExpired, type PendingAuthentication } from './mobile-state'
import { operatorPage, phoneGonePage, phonePage } from './mobile-pages'
import { decryptMsisdn, normalizeMsisdn, operatorByKey, pcrOf, subscriberOf, type SandboxOperator } from './operators'
import { answerError } from '../../shared/edge'

/** Reference 2: the code lives about 10 minutes; a pending authentication as long. */
const PENDING_TTL_MS = 10 * 60_000
const ACCESS_TOKEN_SECONDS = 3600
/** Wrong SMS codes allowed before the authentication fails. */
const OTP_ATTEMPTS = 3
const KNOWN_SCOPES = OPERATOR_SCOPES.split(' ')
export const MOBILE_CALLBACK_PATH = '/auth/mobile/callback'

const random = () => randomBytes(32).toString('base64url')

/** The redirect URIs the sandbox operators accept: `/auth/mobile/callback` on each origin registered for the application. */
export function mobileRedirectUris(sandbox: Sandbox): string[] {
  const origins = sandbox.config.sandboxRedirectUris.flatMap((uri) => (URL.canParse(uri) ? [new URL(uri).origin] : []))
  return [...new Set(origins)].map((origin) => `${origin}${MOBILE_CALLBACK_PATH}`)
}

/**
 * The header that stands for the mobile network's identification in the sandbox (docs/decisions/0017-mobile-connect.md):
 * on plain HTTP an operator's network adds the subscriber's number to the request (header enrichment); here a test or a
 * developer sends it, the number in international form.
 */
export const NETWORK_MSISDN_HEADER = 'X-Sandbox-MSISDN'

/** The subscriber of `operator` the mobile network names, only over plain HTTP (a network cannot read or enrich HTTPS). */
function networkSubscriber(c: Context, operator: SandboxOperator): string | null {
  const msisdn = normalizeMsisdn(c.req.header(NETWORK_MSISDN_HEADER) ?? '')
  return msisdn && !isHttps(c) && subscriberOf(msisdn)?.operator === operator.key ? msisdn : null
}

/** The operator keeps no login session: every authentication involves the phone, so prompt=none can never be answered. */
const checkNoLoginSession: authorizationRequest.AuthorizationCheck = (request) =>
  request.values('prompt').includes('none')
    ? { error: 'login_required', description: 'The operator authenticates on the phone every time; send the request again without prompt=none.' }
    : undefined

/**
 * The operator's authorize checks (reference 3, "Operator authorization endpoint"), and those of its semi-implicit
 * endpoint. Unlike the authorization server, which ignores what it does not know, the operator of reference 3
 * refuses: every repeated parameter, and the parameters it lists as unsupported. acr_values 2 or 3, the first being
 * the level asked (2 when none is).
 */
function operatorChecks(sandbox: Sandbox, endpoint: 'authorize' | 'semi-implicit'): authorizationRequest.AuthorizationChecks {
  return {
    beforeRedirect: [
      authorizationRequest.checkSingleValued(['client_id', 'redirect_uri']),
      authorizationRequest.checkClient((clientId) => sandbox.applications.byClientId(clientId) !== undefined),
      authorizationRequest.checkRedirectUri(mobileRedirectUris(sandbox)),
    ],
    afterRedirect: [
      checkAvailable(sandbox),
      authorizationRequest.checkSingleValued(),
      // Semi-implicit (reference 2): "the same parameters plus charset=utf8", so reference 2's display too.
      ...(endpoint === 'semi-implicit' ? [authorizationRequest.checkCharset(), authorizationRequest.checkDisplay()] : []),
      authorizationRequest.checkResponseType(),
      authorizationRequest.checkState(),
      authorizationRequest.checkOpenidScope(),
      authorizationRequest.checkScope(KNOWN_SCOPES),
      authorizationRequest.checkUnsupported(UNSUPPORTED_OPERATOR_PARAMETERS),
      authorizationRequest.checkPrompt(),
      checkNoLoginSession,
      authorizationRequest.checkMaxAge(),
      authorizationRequest.checkAcrValues(MOBILE_ACR_VALUES),
      authorizationRequest.checkPkce(),
    ],
  }
}

/** What a sandbox mobile operator's handlers share: the sandbox, its mobile state and its clock. */
interface MobileOperator {
  sandbox: Sandbox
  state: ReturnType<typeof mobileStateOf>
  now(): number
}

/**
 * A sandbox mobile operator's OpenID Connect endpoints (reference 3, docs/decisions/0017-mobile-connect.md):
 * authorize with the three authentication methods, the form the person answers, token, userinfo, and the
 * sandbox "phone" that shows the SMS, the OK prompt and the SIM PIN prompt.
 */
export function mobileOperatorRoutes(sandbox: Sandbox): Hono {
  const op: MobileOperator = { sandbox, state: mobileStateOf(sandbox), now: () => sandbox.realNow() }
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  app.get('/operators/:operator/openidconnect/:country/v1/authorize', (c) => {
    const operator = operatorOf(c)
    return operator ? authorize(op, c, operator, 'authorize') : c.notFound()
  })
  // Reference 2's semi-implicit mobile authentication, `{mobile_authorize_url}/oidc/authorize` (0017): the operator's
  // request plus charset=utf8 and display, over plain HTTP, where the mobile network names the subscriber.
  app.get('/operators/:operator/oidc/authorize', (c) => {
    const operator = operatorByKey(c.req.param('operator'))
    return operator ? authorize(op, c, operator, 'semi-implicit') : c.notFound()
  })
  app.post('/operators/:operator/openidconnect/:country/v1/authenticate', (c) => authenticate(op, c))
  // The sandbox phone: what the subscriber's device shows and answers.
  app.get('/phone/:phoneId', (c) => showPhoneScreen(op, c))
  app.post('/phone/:phoneId', (c) => answerOnPhone(op, c))
  app.all('/operators/:operator/openidconnect/:country/v1/token', (c) => operatorToken(op, c))
  app.on(['GET', 'POST'], '/operators/:operator/openidconnect/:country/v1/userinfo', (c) => operatorUserinfo(op, c))
  return app
}

const phoneUrl = (sandbox: Sandbox, pending: PendingAuthentication) => `${publicSandboxBase(sandbox)}/phone/${pending.phoneId}`
const authenticateUrl = (sandbox: Sandbox, operator: SandboxOperator) => `${operatorBase(sandbox, operator)}/v1/authenticate`

/** The operator an address names, when the country segment is its own. */
function operatorOf(c: Context): SandboxOperator | undefined {
  const operator = operatorByKey(c.req.param('operator') ?? '')
  return operator && operator.countryCode === c.req.param('country') ? operator : undefined
}

/** The person's number is known: choose how the operator authenticates them (level 3: SIM PIN; level 2: as their phone allows). */
function identify(pending: PendingAuthentication, msisdn: string): void {
  const subscriber = subscriberOf(msisdn)!
  pending.msisdn = msisdn
  pending.method = pending.acr === '3' ? AMR.simPin : subscriber.level2
  pending.otp = pending.method === AMR.smsOtp ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null
}

/** The operator's page at the pending authentication's step: the number, the SMS code, or the phone's answer. */
function show(
  { sandbox }: MobileOperator,
  c: Context,
  pending: PendingAuthentication,
  extra: { numberError?: string; otpLeft?: number; notYet?: boolean } = {},
): Response {
  const operator = operatorByKey(pending.operator)!
  const common = {
    language: pending.language,
    operatorName: operator.name,
    clientName: pending.clientName,
    action: authenticateUrl(sandbox, operator),
    requestId: pending.id,
    csrf: pending.csrf,
    redirectUri: pending.redirectUri,
    display: pending.display,
  }
  if (!pending.msisdn || !pending.method) {
    return operatorPage(c, { ...common, step: { kind: 'number', ...(extra.numberError !== undefined ? { typed: extra.numberError, error: true } : {}) } })
  }
  const phone = phoneUrl(sandbox, pending)
  if (pending.method === AMR.smsOtp) {
    return operatorPage(c, {
      ...common,
      step: { kind: 'code', msisdn: pending.msisdn, phoneUrl: phone, ...(extra.otpLeft !== undefined ? { error: extra.otpLeft } : {}) },
    })
  }
  return operatorPage(c, {
    ...common,
    step: { kind: 'phone', method: pending.method, msisdn: pending.msisdn, phoneUrl: phone, ...(extra.notYet ? { notYet: true } : {}) },
  })
}

function deny({ state }: MobileOperator, c: Context, pending: PendingAuthentication, description: string): Response {
  state.pending.delete(pending.id)
  return authorizationRequest.redirectTo(c, pending.redirectUri, { error: 'access_denied', error_description: description, state: pending.state })
}

function issueCode({ state, now }: MobileOperator, c: Context, pending: PendingAuthentication): Response {
  const operator = operatorByKey(pending.operator)!
  const code = random()
  state.codes.set(hashToken(code), {
    clientId: pending.clientId,
    redirectUri: pending.redirectUri,
    operator: operator.key,
    sub: pcrOf(operator, pending.msisdn!),
    ...(pending.nonce ? { nonce: pending.nonce } : {}),
    ...(pending.codeChallenge ? { codeChallenge: pending.codeChallenge } : {}),
    acr: pending.method === AMR.simPin ? '3' : '2',
    amr: pending.method!,
    authTime: now(),
    expiresAt: now() + PENDING_TTL_MS,
    used: false,
  })
  state.pending.delete(pending.id)
  return authorizationRequest.redirectTo(c, pending.redirectUri, { code, state: pending.state })
}

/** Reference 3's own parameter: the number discovery encrypted in login_hint, read after the shared checks. */
function loginHintNumber(request: authorizationRequest.AuthorizationRequest, operator: SandboxOperator): { msisdn: string | null } | { refused: string } {
  const loginHint = request.value('login_hint')
  if (loginHint === undefined) return { msisdn: null }
  if (!loginHint.startsWith(ENCRYPTED_MSISDN_PREFIX))
    return { refused: `login_hint must be ${ENCRYPTED_MSISDN_PREFIX} followed by the subscriber_id from discovery.` }
  const msisdn = decryptMsisdn(loginHint.slice(ENCRYPTED_MSISDN_PREFIX.length))
  if (!msisdn) return { refused: 'login_hint does not hold a number encrypted by the discovery service.' }
  if (subscriberOf(msisdn)?.operator !== operator.key) return { refused: `login_hint is not a subscriber of ${operator.name}.` }
  return { msisdn }
}

/**
 * An authorize request at `operator`: the person is the subscriber the mobile network names (semi-implicit only),
 * else the one of login_hint, else the operator's page asks for the number.
 */
function authorize(op: MobileOperator, c: Context, operator: SandboxOperator, endpoint: 'authorize' | 'semi-implicit'): Response {
  const { sandbox, state, now } = op
  const query = new URL(c.req.url).searchParams
  const language = languageOf(query.get('ui_locales') ?? undefined)
  const request = authorizationRequest.parseAuthorizationRequest(query)
  const checked = authorizationRequest.checkAuthorizationRequest(request, operatorChecks(sandbox, endpoint))
  if (!checked.ok) return checked.redirect ? authorizationRequest.redirectFailure(c, checked) : refusedRequestPage(c, language, checked.error)
  const redirectUri = request.value('redirect_uri')!
  const hinted = loginHintNumber(request, operator)
  if ('refused' in hinted) {
    return authorizationRequest.redirectTo(c, redirectUri, { error: 'invalid_request', error_description: hinted.refused, state: request.value('state') })
  }
  purgeExpired(state, now())
  const application = sandbox.applications.byClientId(request.value('client_id')!)!
  const nonce = request.value('nonce')
  const codeChallenge = request.value('code_challenge')
  const pending: PendingAuthentication = {
    id: random(),
    csrf: random(),
    phoneId: random(),
    operator: operator.key,
    clientId: application.client_id,
    clientName: application.name,
    redirectUri,
    state: request.value('state')!,
    ...(nonce ? { nonce } : {}),
    ...(codeChallenge ? { codeChallenge } : {}),
    language,
    // Checked at the semi-implicit endpoint only: reference 3's operator takes no display.
    display: endpoint === 'semi-implicit' ? ((request.value('display') ?? 'page') as authorizationRequest.Display) : 'page',
    acr: (request.values('acr_values')[0] ?? '2') as MobileAcr,
    msisdn: null,
    method: null,
    otp: null,
    otpAttempts: 0,
    phone: 'waiting',
    expiresAt: now() + PENDING_TTL_MS,
  }
  const identified = (endpoint === 'semi-implicit' ? networkSubscriber(c, operator) : null) ?? hinted.msisdn
  if (identified) identify(pending, identified)
  state.pending.set(pending.id, pending)
  return show(op, c, pending)
}

/** The operator's form, answered: the number, the SMS code, a cancel, or "I answered on my phone". */
async function authenticate(op: MobileOperator, c: Context): Promise<Response> {
  const operator = operatorOf(c)
  if (!operator) return c.notFound()
  const form = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '') ? new URLSearchParams(await c.req.text()) : null
  const pending = form ? op.state.pending.get(form.get('request') ?? '') : undefined
  if (!form || !pending || pending.operator !== operator.key || pending.expiresAt <= op.now() || !safeEqual(pending.csrf, form.get('csrf') ?? '')) {
    return errorPage(c, pending?.language ?? 'en', 'expired')
  }
  if (form.get('decision') === 'cancel') return deny(op, c, pending, 'User cancelled the authentication.')
  if (!pending.msisdn) {
    const typed = form.get('msisdn') ?? ''
    const msisdn = normalizeMsisdn(typed)
    if (!msisdn || subscriberOf(msisdn)?.operator !== operator.key) return show(op, c, pending, { numberError: typed })
    identify(pending, msisdn)
    return show(op, c, pending)
  }
  if (pending.method === AMR.smsOtp) {
    if (safeEqual(pending.otp ?? '', (form.get('otp') ?? '').trim())) return issueCode(op, c, pending)
    pending.otpAttempts += 1
    if (pending.otpAttempts >= OTP_ATTEMPTS) return deny(op, c, pending, 'login failed')
    return show(op, c, pending, { otpLeft: OTP_ATTEMPTS - pending.otpAttempts })
  }
  switch (pending.phone) {
    case 'approved':
      return issueCode(op, c, pending)
    case 'cancelled':
      return deny(op, c, pending, 'User cancelled the authentication on the phone.')
    case 'failed':
      return deny(op, c, pending, 'login failed')
    default:
      return show(op, c, pending, { notYet: true })
  }
}

function pendingOfPhone({ state, now }: MobileOperator, phoneId: string): PendingAuthentication | undefined {
  return [...state.pending.values()].find((p) => p.phoneId === phoneId && p.expiresAt > now())
}

function showPhone(sandbox: Sandbox, c: Context, pending: PendingAuthentication, screen: Parameters<typeof phonePage>[1]['screen']): Response {
  return phonePage(c, {
    language: pending.language,
    msisdn: pending.msisdn!,
    operatorName: operatorByKey(pending.operator)!.name,
    clientName: pending.clientName,
    action: phoneUrl(sandbox, pending),
    screen,
  })
}

/** GET the sandbox phone: the SMS, the OK prompt, the SIM PIN prompt, or "done". */
function showPhoneScreen(op: MobileOperator, c: Context): Response {
  const pending = pendingOfPhone(op, c.req.param('phoneId') ?? '')
  if (!pending?.msisdn) return phoneGonePage(c, pending?.language ?? 'en')
  if (pending.method === AMR.smsOtp) return showPhone(op.sandbox, c, pending, { kind: 'sms', code: pending.otp! })
  if (pending.phone !== 'waiting') return showPhone(op.sandbox, c, pending, { kind: 'done' })
  return showPhone(op.sandbox, c, pending, pending.method === AMR.simPin ? { kind: 'pin' } : { kind: 'ok' })
}

/** POST the sandbox phone: the subscriber's OK, cancel or SIM PIN. */
async function answerOnPhone(op: MobileOperator, c: Context): Promise<Response> {
  const pending = pendingOfPhone(op, c.req.param('phoneId') ?? '')
  if (!pending?.msisdn || pending.method === AMR.smsOtp) return phoneGonePage(c, pending?.language ?? 'en')
  if (pending.phone !== 'waiting') return showPhone(op.sandbox, c, pending, { kind: 'done' })
  const form = new URLSearchParams(await c.req.text())
  if (form.get('answer') === 'cancel') pending.phone = 'cancelled'
  else if (pending.method === AMR.ok) pending.phone = 'approved'
  else {
    const pin = (form.get('pin') ?? '').trim()
    if (!/^\d{4}$/.test(pin)) return showPhone(op.sandbox, c, pending, { kind: 'pin', error: true })
    pending.phone = safeEqual(pin, subscriberOf(pending.msisdn)!.simPin) ? 'approved' : 'failed'
  }
  return showPhone(op.sandbox, c, pending, { kind: 'done' })
}

/** The operator's token endpoint (reference 3): the code exchanged, with HTTP Basic credentials only. */
async function operatorToken(op: MobileOperator, c: Context): Promise<Response> {
  c.header(HEADER.requestId, requestIdOf(c))
  const operator = operatorOf(c)
  if (!operator) return c.notFound()
  if (c.req.method !== 'POST') throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'method', { method: c.req.method })
  // Reference 3: the operator's token endpoint takes the credentials as HTTP Basic only.
  if (!/^Basic /i.test(c.req.header('Authorization') ?? '')) {
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 401, 'invalid_client', 'operatorBasic', {}, { headers: { 'WWW-Authenticate': REALM } })
  }
  const request = await authenticatedTokenRequest(c, op.sandbox)
  if (request instanceof Response) return request
  const { application, form, repeated } = request
  if (repeated.length) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'repeated', { names: repeated.join(', ') })
  if (!form.grant_type) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'grant_type' })
  if (form.grant_type !== 'authorization_code') throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'operatorGrant', { grantType: form.grant_type })
  if (!form.code) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'code' })
  if (!form.redirect_uri) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_request', 'required', { name: 'redirect_uri' })
  const code = op.state.codes.get(hashToken(form.code))
  if (!code || code.clientId !== application.client_id) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeUnknown')
  if (code.used) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeUsed')
  code.used = true
  if (code.expiresAt <= op.now()) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeExpired')
  if (code.operator !== operator.key) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'codeOtherOperator')
  if (code.redirectUri !== form.redirect_uri) throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'redirectUri')
  if (code.codeChallenge ? !form.code_verifier || s256(form.code_verifier) !== code.codeChallenge : form.code_verifier !== undefined) {
    throw new ApiError(SANDBOX_OAUTH_ERRORS, 400, 'invalid_grant', 'operatorVerifier')
  }
  const body = await issueTokens(op, operator, application, code)
  return c.body(JSON.stringify(body), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' })
}

type IssuedCode = NonNullable<ReturnType<MobileOperator['state']['codes']['get']>>

/** The access token and the ID token for a code; reference 3: the ID token is signed HS256 with the operator credentials' secret. */
async function issueTokens(
  { sandbox, state, now }: MobileOperator,
  operator: SandboxOperator,
  application: { client_id: string; client_secret: string },
  code: IssuedCode,
): Promise<TokenResponse> {
  const accessToken = random()
  state.accessTokens.set(hashToken(accessToken), {
    sub: code.sub,
    operator: operator.key,
    clientId: application.client_id,
    expiresAt: now() + ACCESS_TOKEN_SECONDS * 1000,
  })
  const iat = Math.floor(now() / 1000)
  const idToken = await new SignJWT({
    auth_time: Math.floor(code.authTime / 1000),
    nonce: code.nonce ?? null,
    acr: code.acr,
    amr: [code.amr] satisfies Amr[],
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(operatorBase(sandbox, operator))
    .setSubject(code.sub)
    .setAudience([application.client_id])
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(application.client_secret))
  return { token_type: 'Bearer', access_token: accessToken, expires_in: ACCESS_TOKEN_SECONDS, id_token: idToken }
}

/** The operator's userinfo endpoint: the subject of a valid access token. */
function operatorUserinfo({ state, now }: MobileOperator, c: Context): Response | Promise<Response> {
  c.header(HEADER.requestId, requestIdOf(c))
  const operator = operatorOf(c)
  if (!operator) return c.notFound()
  const match = /^Bearer +(\S+)$/i.exec(c.req.header('Authorization') ?? '')
  const token = match ? state.accessTokens.get(hashToken(match[1]!)) : undefined
  if (!token || token.operator !== operator.key || token.expiresAt <= now()) {
    throw new ApiError(
      SANDBOX_OAUTH_ERRORS,
      401,
      'invalid_token',
      'operatorToken',
      {},
      { headers: { 'WWW-Authenticate': 'Bearer realm="sandbox", error="invalid_token"' } },
    )
  }
  return c.json({ sub: token.sub }, 200, { 'Cache-Control': 'no-store' })
}
