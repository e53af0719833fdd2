import { Hono, type Context } from 'hono'
import { generateCookie, getCookie, setCookie } from 'hono/cookie'
import { randomBytes } from 'node:crypto'
import type { ApplicationRow } from '../applications'
import { safeEqual } from '../oauth/client-credentials'
import { hashToken } from '../oauth/token-store'
import type { Sandbox } from '../sandbox'
import type { AuthorizeError } from '@contract/oauth'
import * as authorizationRequest from '../../shared/authorization-request'
import { consentPage, errorPage, languageOf, loginPage, refusedRequestPage } from './pages'
import { KNOWN_SCOPES, OFFLINE_ACCESS, OPENID, SSO_TTL_MS, type Country } from './settings'
import type { AuthorizeParams, PendingRequest } from './sign-in-store'
import type { UserRow } from './users'

/** The authorization server's login session (docs/decisions/0011-sign-in.md). */
export const SSO_COOKIE = 'sandbox_sso'
/**
 * Set-Cookie that ends the login session in this browser (cookie path `ssoCookiePath`): the gateway sends it with
 * its sign-out, so that the next sign-in asks for the password again (docs/decisions/0020-hostile-input-and-faults.md).
 */
export function ssoSignOutCookie(ssoCookiePath: string, secure: boolean): string {
  return generateCookie(SSO_COOKIE, '', { path: ssoCookiePath, maxAge: 0, httpOnly: true, sameSite: 'Lax', secure })
}

/** Binds a pending authorize request to the browser that opened it: with the form's token, the CSRF defence. */
export const BROWSER_COOKIE = 'sandbox_authz'

const PARAMETERS = [
  'response_type',
  'client_id',
  'scope',
  'redirect_uri',
  'state',
  'prompt',
  'display',
  'nonce',
  'ui_locales',
  'login_hint',
  'acr_values',
  'code_challenge',
  'code_challenge_method',
] as const
/** ISO/IEC 29115 levels of assurance. */
const ACR_LEVELS = ['1', '2', '3', '4']
const MAX_PARAMETER_LENGTH = 2048

interface Paths {
  /** Where the country-specific endpoints live: `${base}/${country}/v1/...`. */
  base: string
  /** The path of the sandbox_sso cookie (the whole sandbox). */
  ssoCookiePath: string
}

/** Maintenance (docs/decisions/0009-sandbox-controls.md): every authorization endpoint of the sandbox answers temporarily_unavailable. */
export function checkAvailable(sandbox: Sandbox): authorizationRequest.AuthorizationCheck {
  return () =>
    sandbox.faults.maintenance
      ? { error: 'temporarily_unavailable', description: 'The authorization server is under maintenance. Try again later.' }
      : undefined
}

/** The error the control POST /sandbox/control/oidc/next-error asked for, answered once (docs/decisions/0011-sign-in.md). */
function checkForcedError(sandbox: Sandbox): authorizationRequest.AuthorizationCheck {
  return () => {
    const forced = sandbox.oidc.nextError.authorize
    if (!forced) return undefined
    delete sandbox.oidc.nextError.authorize
    return { error: forced, description: 'Answered by the sandbox control POST /sandbox/control/oidc/next-error.' }
  }
}

/**
 * The authorization server's checks (reference 2, every parameter of its table): client and redirect_uri first (an
 * HTML page when wrong), then the control's forced error, then every other parameter (a redirect with error,
 * error_description, state). Repeats of parameters it does not know are ignored, as RFC 6749 3.1 asks.
 */
function authorizeChecks(sandbox: Sandbox): authorizationRequest.AuthorizationChecks {
  return {
    beforeRedirect: [
      authorizationRequest.checkSingleValued(['client_id', 'redirect_uri']),
      authorizationRequest.checkClient((clientId) => sandbox.applications.byClientId(clientId) !== undefined),
      authorizationRequest.checkRedirectUri(sandbox.config.sandboxRedirectUris),
    ],
    afterRedirect: [
      checkForcedError(sandbox),
      checkAvailable(sandbox),
      authorizationRequest.checkSingleValued(PARAMETERS),
      authorizationRequest.checkParameterLength(PARAMETERS, MAX_PARAMETER_LENGTH),
      authorizationRequest.checkResponseType(),
      authorizationRequest.checkState(),
      authorizationRequest.checkScope(KNOWN_SCOPES),
      authorizationRequest.checkPrompt(),
      authorizationRequest.checkDisplay(),
      authorizationRequest.checkAcrValues(ACR_LEVELS),
      authorizationRequest.checkPkce(),
    ],
  }
}

/** The parameters of a request that passed `authorizeChecks`. */
function authorizeParams(request: authorizationRequest.AuthorizationRequest, application: ApplicationRow): AuthorizeParams {
  const nonce = request.value('nonce')
  const loginHint = request.value('login_hint')
  const codeChallenge = request.value('code_challenge')
  return {
    clientId: application.client_id,
    redirectUri: request.value('redirect_uri')!,
    state: request.value('state')!,
    scopes: request.values('scope'),
    prompt: request.values('prompt') as authorizationRequest.Prompt[],
    display: (request.value('display') ?? 'page') as authorizationRequest.Display,
    language: languageOf(request.value('ui_locales')),
    ...(nonce ? { nonce } : {}),
    ...(loginHint ? { loginHint } : {}),
    acr: request.values('acr_values')[0] ?? '1',
    ...(codeChallenge ? { codeChallenge } : {}),
  }
}

/** What a person may grant this client: the asked scopes the client is registered for, ordering ones only if the person has them. */
export function grantableScopes(asked: string[], user: UserRow, application: ApplicationRow): string[] {
  const personal = user.scopes.split(' ')
  const registered = application.scopes.split(' ')
  return asked.filter((scope) => registered.includes(scope) && (scope === OPENID || scope === OFFLINE_ACCESS || personal.includes(scope)))
}

export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https'
}

function redirectError(c: Context, params: { redirectUri: string; state?: string | undefined }, error: AuthorizeError, description: string) {
  return authorizationRequest.redirectTo(c, params.redirectUri, { error, error_description: description, state: params.state })
}

/** What the code flow's handlers share: the sandbox, where they are mounted, and the authorize checks. */
interface CodeFlow {
  sandbox: Sandbox
  paths: Paths
  checks: authorizationRequest.AuthorizationChecks
}

type Flow = { country: Country; params: AuthorizeParams; application: ApplicationRow; pending?: PendingRequest }

/** GET authorize, POST login, GET and POST consent: the browser side of the code flow. */
export function authorizeRoutes(sandbox: Sandbox, paths: Paths): Hono {
  const flow: CodeFlow = { sandbox, paths, checks: authorizeChecks(sandbox) }
  const app = new Hono()
  app.get('/:country{fr|es}/v1/authorize', (c) => authorize(flow, c))
  app.post('/:country{fr|es}/v1/login', (c) => login(flow, c))
  app.get('/:country{fr|es}/v1/consent', (c) => showConsentPage(flow, c))
  app.post('/:country{fr|es}/v1/consent', (c) => answerConsent(flow, c))
  return app
}

const endpointOf = (paths: Paths, country: Country, name: 'login' | 'consent') => `${paths.base}/${country}/v1/${name}`
const cookieOptions = (c: Context) => ({ httpOnly: true, sameSite: 'Lax' as const, secure: isHttps(c) })

function browserId(paths: Paths, c: Context): string {
  const existing = getCookie(c, BROWSER_COOKIE)
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const created = randomBytes(32).toString('base64url')
  setCookie(c, BROWSER_COOKIE, created, { ...cookieOptions(c), path: paths.base })
  return created
}

/** The pending request a form posted (or a consent page asks for), only from the browser that opened it. */
function pendingFor(sandbox: Sandbox, c: Context, country: Country, id: string | undefined, csrf: string | null): PendingRequest | undefined {
  const pending = id ? sandbox.signIn.pending(id) : undefined
  const browser = getCookie(c, BROWSER_COOKIE)
  if (!pending || !browser || pending.country !== country || !safeEqual(pending.browserHash, hashToken(browser))) return undefined
  if (csrf !== null && !safeEqual(pending.csrf, csrf)) return undefined
  return pending
}

function showLogin(
  { paths }: CodeFlow,
  c: Context,
  pending: PendingRequest,
  application: ApplicationRow,
  options: { username?: string; failed?: boolean } = {},
): Response {
  const username = options.username ?? pending.params.loginHint
  return loginPage(c, {
    language: pending.params.language,
    display: pending.params.display,
    action: endpointOf(paths, pending.country, 'login'),
    requestId: pending.id,
    csrf: pending.csrf,
    clientName: application.name,
    redirectUri: pending.params.redirectUri,
    ...(username ? { username } : {}),
    ...(options.failed ? { failed: true } : {}),
  })
}

function showConsent({ sandbox, paths }: CodeFlow, c: Context, pending: PendingRequest, application: ApplicationRow, user: UserRow): Response {
  return consentPage(c, {
    language: pending.params.language,
    display: pending.params.display,
    action: endpointOf(paths, pending.country, 'consent'),
    requestId: pending.id,
    csrf: pending.csrf,
    clientName: application.name,
    redirectUri: pending.params.redirectUri,
    user: { name: user.name, email: user.email },
    customerName: sandbox.customerNames.get(user.customer_id) ?? user.customer_id,
    scopes: grantableScopes(pending.params.scopes, user, application),
  })
}

function issueCode(
  sandbox: Sandbox,
  c: Context,
  flow: { country: Country; params: AuthorizeParams; pending?: PendingRequest },
  user: UserRow,
  authTime: number,
  scopes: string[],
): Response {
  const code = sandbox.signIn.issueCode({ country: flow.country, params: flow.params, userId: user.id, authTime, scopes })
  if (flow.pending) sandbox.signIn.finish(flow.pending.id)
  // Always sent: the granted scope is a subset of the asked one (reference 2), and the client need not compare.
  return authorizationRequest.redirectTo(c, flow.params.redirectUri, { code, state: flow.params.state, scope: scopes.join(' ') })
}

/** Who is signed in for this flow: the login form's person, else the login session's unless prompt=login. */
function signedInUser(sandbox: Sandbox, c: Context, flow: Flow): { user: UserRow; authTime: number } | undefined {
  const { params } = flow
  if (flow.pending?.userId) {
    const user = sandbox.users.byId(flow.pending.userId)
    return user ? { user, authTime: flow.pending.authTime ?? 0 } : undefined
  }
  if (params.prompt.includes('login')) return undefined
  const session = sandbox.signIn.session(getCookie(c, SSO_COOKIE))
  const candidate = session && sandbox.users.byId(session.userId)
  // A login_hint naming somebody else asks for that person's login, not the session's.
  if (candidate && (!params.loginHint || params.loginHint.trim().toLowerCase() === candidate.username.toLowerCase())) {
    return { user: candidate, authTime: session.authTime }
  }
  return undefined
}

/**
 * Where an authorize request stands: who is signed in (form, or login session unless prompt=login), what
 * they may grant and whether they consented; answers the next page, an error, or the code.
 */
function proceed(codeFlow: CodeFlow, c: Context, flow: Flow): Response {
  const { sandbox } = codeFlow
  const { params, application } = flow
  const signedIn = signedInUser(sandbox, c, flow)
  if (!signedIn) {
    if (params.prompt.includes('none'))
      return redirectError(c, params, 'login_required', 'The user is not signed in; send the request again without prompt=none.')
    const pending = flow.pending ?? sandbox.signIn.createPending({ browserId: browserId(codeFlow.paths, c), country: flow.country, params })
    return showLogin(codeFlow, c, pending, application)
  }
  const { user, authTime } = signedIn
  const granted = grantableScopes(params.scopes, user, application)
  if (!granted.length) {
    if (flow.pending) sandbox.signIn.finish(flow.pending.id)
    return redirectError(c, params, 'access_denied', 'The user may grant none of the scopes asked.')
  }
  const consented = sandbox.signIn.consent(user.id, application.client_id) ?? []
  if (params.prompt.includes('consent') || granted.some((scope) => !consented.includes(scope))) {
    if (params.prompt.includes('none'))
      return redirectError(c, params, 'consent_required', 'The user has not consented to these scopes; send the request again without prompt=none.')
    if (flow.pending) {
      // After the login form: Post/Redirect/Get to the consent page.
      c.header('Cache-Control', 'no-store')
      return c.redirect(`${endpointOf(codeFlow.paths, flow.country, 'consent')}?request=${encodeURIComponent(flow.pending.id)}`, 303)
    }
    const pending = sandbox.signIn.createPending({ browserId: browserId(codeFlow.paths, c), country: flow.country, params, userId: user.id, authTime })
    return showConsent(codeFlow, c, pending, application, user)
  }
  return issueCode(sandbox, c, flow, user, authTime, granted)
}

/** GET authorize: the request checked, then the login page, the consent page, or the code. */
function authorize(codeFlow: CodeFlow, c: Context): Response {
  const { sandbox } = codeFlow
  const country = c.req.param('country') as Country
  const query = new URL(c.req.url).searchParams
  const request = authorizationRequest.parseAuthorizationRequest(query)
  const checked = authorizationRequest.checkAuthorizationRequest(request, codeFlow.checks)
  if (!checked.ok) {
    // The first ui_locales even when repeated: the page of a refused request should still speak the person's language.
    return checked.redirect ? authorizationRequest.redirectFailure(c, checked) : refusedRequestPage(c, languageOf(query.getAll('ui_locales')[0]), checked.error)
  }
  const application = sandbox.applications.byClientId(request.value('client_id')!)!
  const params = authorizeParams(request, application)
  try {
    return proceed(codeFlow, c, { country, params, application })
  } catch (error) {
    console.error('Sandbox authorize failed', error)
    return redirectError(c, params, 'server_error', 'The authorization server failed; try again.')
  }
}

async function readForm(c: Context): Promise<URLSearchParams | undefined> {
  return /^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '') ? new URLSearchParams(await c.req.text()) : undefined
}

/** POST login: the person's name and password, then a login session and the rest of the flow. */
async function login(codeFlow: CodeFlow, c: Context): Promise<Response> {
  const { sandbox, paths } = codeFlow
  const country = c.req.param('country') as Country
  const form = await readForm(c)
  const pending = form && pendingFor(sandbox, c, country, form.get('request') ?? undefined, form.get('csrf') ?? '')
  const application = pending && sandbox.applications.byClientId(pending.params.clientId)
  if (!form || !pending || !application) return errorPage(c, pending?.params.language ?? 'en', 'expired')
  const username = form.get('username') ?? ''
  const user = await sandbox.users.authenticate(username, form.get('password') ?? '')
  if (!user) return showLogin(codeFlow, c, pending, application, { username, failed: true })

  const authTime = sandbox.realNow()
  sandbox.signIn.endSession(getCookie(c, SSO_COOKIE))
  const session = sandbox.signIn.startSession(user.id, authTime)
  setCookie(c, SSO_COOKIE, session, { ...cookieOptions(c), path: paths.ssoCookiePath, maxAge: SSO_TTL_MS / 1000 })
  sandbox.signIn.signedIn(pending.id, user.id, authTime)
  return proceed(codeFlow, c, { country, params: pending.params, application, pending: { ...pending, userId: user.id, authTime } })
}

/** GET consent: the page the login form's Post/Redirect/Get leads to. */
function showConsentPage(codeFlow: CodeFlow, c: Context): Response {
  const { sandbox } = codeFlow
  const country = c.req.param('country') as Country
  const pending = pendingFor(sandbox, c, country, c.req.query('request'), null)
  const application = pending && sandbox.applications.byClientId(pending.params.clientId)
  const user = pending?.userId ? sandbox.users.byId(pending.userId) : undefined
  if (!pending || !application || !user) return errorPage(c, pending?.params.language ?? 'en', 'expired')
  return showConsent(codeFlow, c, pending, application, user)
}

/** POST consent: allowed (the code) or cancelled (access_denied). */
async function answerConsent({ sandbox }: CodeFlow, c: Context): Promise<Response> {
  const country = c.req.param('country') as Country
  const form = await readForm(c)
  const pending = form && pendingFor(sandbox, c, country, form.get('request') ?? undefined, form.get('csrf') ?? '')
  const application = pending && sandbox.applications.byClientId(pending.params.clientId)
  const user = pending?.userId ? sandbox.users.byId(pending.userId) : undefined
  const decision = form?.get('decision')
  if (!form || !pending || !application || !user || (decision !== 'allow' && decision !== 'cancel')) {
    return errorPage(c, pending?.params.language ?? 'en', 'expired')
  }
  if (decision === 'cancel') {
    sandbox.signIn.finish(pending.id)
    return redirectError(c, pending.params, 'access_denied', 'The user cancelled the consent form.')
  }
  const granted = grantableScopes(pending.params.scopes, user, application)
  if (!granted.length) {
    sandbox.signIn.finish(pending.id)
    return redirectError(c, pending.params, 'access_denied', 'The user may grant none of the scopes asked.')
  }
  sandbox.signIn.remember(user.id, application.client_id, granted)
  return issueCode(sandbox, c, { country, params: pending.params, pending }, user, pending.authTime ?? sandbox.realNow(), granted)
}
