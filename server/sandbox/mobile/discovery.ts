import { Hono, type Context } from 'hono'
import { randomBytes } from 'node:crypto'
import { ZDiscoveryQuery, type DiscoveryResponse } from '@contract/mobile-connect'
import { ApiError, errorApi } from '../../shared/api-error'
import { authenticateClient } from '../oauth/client-credentials'
import { languageOf } from '../oidc/pages'
import type { Sandbox } from '../sandbox'
import { mobileStateOf, purgeExpired } from './mobile-state'
import { discoveryErrorPage, selectionPage } from './mobile-pages'
import { encryptMsisdn, mccMncOf, normalizeMsisdn, operatorByKey, operatorByMccMnc, subscriberOf, type SandboxOperator } from './operators'
import { answerError } from '../../shared/edge'

/** Discovery sessions and the operator-selection page live 10 minutes, like the code they lead to. */
const SESSION_TTL_MS = 10 * 60_000
/** Step 2's `ttl`, in seconds: how long a client may cache an operator's endpoints and credentials. */
export const DISCOVERY_TTL_SECONDS = 3600
/** Reference 3: the scope list an operator serves (rel "scope"). */
export const OPERATOR_SCOPES = 'openid mc_authn'

export const DISCOVERY_PATH = '/v2/discovery'
export const SELECTION_PATH = '/v2/discovery/operator-selection'

/** Where the sandbox's public addresses start, as the browser sees them (`{issuer base}/sandbox`). */
export function publicSandboxBase(sandbox: Sandbox): string {
  const issuer = sandbox.config.oidc.issuer
  return issuer.slice(0, issuer.indexOf('/sandbox/') + '/sandbox'.length)
}

/** The operator's endpoints: reference 3's `{auth_url}/openidconnect/{country_code}/v1/…`, one `{auth_url}` per operator. */
export function operatorBase(sandbox: Sandbox, operator: SandboxOperator): string {
  return `${publicSandboxBase(sandbox)}/operators/${operator.key}/openidconnect/${operator.countryCode}`
}

/** The origins whose pages may be Redirect_URL: those of the application's registered redirect URIs. */
function registeredOrigins(sandbox: Sandbox): string[] {
  return [...new Set(sandbox.config.sandboxRedirectUris.flatMap((uri) => (URL.canParse(uri) ? [new URL(uri).origin] : [])))]
}

/** Discovery's message table: each `description` of reference 3's discovery errors (`error` and `description`). */
export const DISCOVERY_ERRORS = errorApi('discovery', 'discovery', {
  noCredentials: { en: 'Send the application’s credentials as Authorization: Basic.' },
  badCredentials: { en: 'The Basic credentials are not those of a registered application.' },
  formBody: { en: 'Send the parameters form-encoded (application/x-www-form-urlencoded).' },
  repeated: { en: '{{names}} may appear only once.' },
  redirectRequired: { en: 'Redirect_URL is required.' },
  invalid: { en: '{{problems}}' },
  redirectOrigin: { en: 'Redirect_URL is not on an origin registered for this application.' },
  mccMnc: { en: 'Send Selected-MCC and Selected-MNC together.' },
  noOperator: { en: 'No operator serves MCC {{mcc}} and MNC {{mnc}}.' },
})

function redirectWith(c: Context, target: string, parameters: Record<string, string>): Response {
  const url = new URL(target)
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  return c.redirect(url.toString(), 302)
}

/** Step 2's JSON (reference 3); in production without an agreement for the country, no credentials and no endpoints. */
export function discoveryAnswer(sandbox: Sandbox, operator: SandboxOperator, application: { client_id: string; client_secret: string }): DiscoveryResponse {
  const { environment } = mobileStateOf(sandbox)
  const withheld = environment.production && !environment.agreements.includes(operator.countryCode)
  const base = operatorBase(sandbox, operator)
  return {
    ttl: DISCOVERY_TTL_SECONDS,
    response: {
      ...(withheld ? {} : { client_id: application.client_id, client_secret: application.client_secret }),
      serving_operator: operator.name,
      country: operator.country,
      currency: operator.currency,
      ...(withheld
        ? {}
        : {
            apis: {
              operatorid: {
                link: [
                  { href: `${base}/v1/authorize`, rel: 'authorization' },
                  { href: `${base}/v1/token`, rel: 'token' },
                  { href: `${base}/v1/userinfo`, rel: 'userinfo' },
                  { href: OPERATOR_SCOPES, rel: 'scope' },
                ],
              },
            },
          }),
    },
  }
}

/**
 * GET or POST /v2/discovery (reference 3) and the operator-selection page it sends the browser to
 * (docs/decisions/0017-mobile-connect.md).
 */
export function discoveryRoutes(sandbox: Sandbox): Hono {
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  app.on(['GET', 'POST'], DISCOVERY_PATH, (c) => discover(sandbox, c))
  app.get(SELECTION_PATH, (c) => showSelection(sandbox, c))
  app.post(SELECTION_PATH, (c) => answerSelection(sandbox, c))
  return app
}

const selectionUrl = (sandbox: Sandbox) => `${publicSandboxBase(sandbox)}${SELECTION_PATH}`
const pageLanguage = (c: Context) => languageOf(c.req.header('Accept-Language')?.split(',')[0]?.split(';')[0])

function sessionOf(sandbox: Sandbox, id: string | undefined | null) {
  const session = id ? mobileStateOf(sandbox).discoverySessions.get(id) : undefined
  return session && session.expiresAt > sandbox.realNow() ? session : undefined
}

/** GET or POST /v2/discovery: step 1 sends the browser to the selection page; step 2 answers the operator's endpoints. */
async function discover(sandbox: Sandbox, c: Context): Promise<Response> {
  const state = mobileStateOf(sandbox)
  const auth = authenticateClient(sandbox, c.req.header('Authorization') ?? undefined, {})
  if (!c.req.header('Authorization')) throw new ApiError(DISCOVERY_ERRORS, 401, 'Unauthorized_Access', 'noCredentials')
  if ('error' in auth) throw new ApiError(DISCOVERY_ERRORS, 401, 'Unauthorized_Access', 'badCredentials')
  let params: URLSearchParams
  if (c.req.method === 'GET') params = new URL(c.req.url).searchParams
  else if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '')) params = new URLSearchParams(await c.req.text())
  else throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'formBody')
  const repeated = [...new Set([...params.keys()].filter((name) => params.getAll(name).length > 1))]
  if (repeated.length) throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'repeated', { names: repeated.join(', ') })
  const raw = Object.fromEntries(params)
  if (!raw.Redirect_URL) throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'redirectRequired')
  const query = ZDiscoveryQuery.safeParse(raw)
  if (!query.success)
    throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'invalid', {
      problems: query.error.issues.map((issue) => issue.message).join('; '),
    })
  const redirectUrl = query.data.Redirect_URL
  if (!registeredOrigins(sandbox).includes(new URL(redirectUrl).origin)) {
    throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'redirectOrigin')
  }
  const mcc = query.data['Selected-MCC']
  const mnc = query.data['Selected-MNC']
  if (mcc === undefined && mnc === undefined) {
    // Step 1: the browser goes to the operator-selection page.
    purgeExpired(state, sandbox.realNow())
    const sessionId = randomBytes(24).toString('base64url')
    state.discoverySessions.set(sessionId, { clientId: auth.application.client_id, redirectUrl, expiresAt: sandbox.realNow() + SESSION_TTL_MS })
    return redirectWith(c, selectionUrl(sandbox), { session_id: sessionId })
  }
  if (mcc === undefined || mnc === undefined) throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'mccMnc')
  const operator = operatorByMccMnc(mcc, mnc)
  if (!operator) throw new ApiError(DISCOVERY_ERRORS, 400, 'Invalid_Request', 'noOperator', { mcc, mnc })
  return c.body(JSON.stringify(discoveryAnswer(sandbox, operator, auth.application)), 200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  })
}

/** The operator-selection page of a discovery session. */
function showSelection(sandbox: Sandbox, c: Context): Response {
  const sessionId = c.req.query('session_id')
  const session = sessionOf(sandbox, sessionId)
  if (!session || !sessionId) return discoveryErrorPage(c, pageLanguage(c))
  return selectionPage(c, { language: pageLanguage(c), action: selectionUrl(sandbox), sessionId, redirectUrl: session.redirectUrl })
}

/** The person's choice: an operator, or a number whose operator the sandbox knows; back to the client with it. */
async function answerSelection(sandbox: Sandbox, c: Context): Promise<Response> {
  const state = mobileStateOf(sandbox)
  const form = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '') ? new URLSearchParams(await c.req.text()) : null
  const sessionId = form?.get('session_id') ?? ''
  const session = sessionOf(sandbox, sessionId)
  const language = pageLanguage(c)
  if (!form || !session) return discoveryErrorPage(c, language)
  const page = { language, action: selectionUrl(sandbox), sessionId, redirectUrl: session.redirectUrl }
  const finish = (parameters: Record<string, string>) => {
    state.discoverySessions.delete(sessionId)
    return redirectWith(c, session.redirectUrl, parameters)
  }
  if (form.has('operator')) {
    // The person picked country and operator: no number, so no subscriber_id (reference 3).
    const [mcc = '', mnc = ''] = (form.get('operator') ?? '').split('_')
    const operator = operatorByMccMnc(mcc, mnc)
    return operator ? finish({ mcc_mnc: mccMncOf(operator) }) : selectionPage(c, { ...page, error: 'pick' })
  }
  const typed = form.get('msisdn') ?? ''
  const msisdn = normalizeMsisdn(typed)
  if (!msisdn) return selectionPage(c, { ...page, typed, error: 'malformed' })
  const subscriber = subscriberOf(msisdn)
  const operator = subscriber && operatorByKey(subscriber.operator)
  if (!operator) return selectionPage(c, { ...page, typed, error: 'unknown' })
  return finish({ mcc_mnc: mccMncOf(operator), subscriber_id: encryptMsisdn(msisdn) })
}
