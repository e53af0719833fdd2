import { Hono, type Context, type Next } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { DROPPED_PARAMETERS_HEADER, ZOperatorProfile, type OperatorProfile } from '@contract/operator-profile'
import { REQUEST_BODY_MAX_BYTES } from '@contract/request-bodies'
import { ApiError } from '../shared/api-error'
import { answerError, jsonUtf8Writes, limitBody, noteCustomer, signInToWrite } from '../shared/edge'
import type { Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'
import type { PersonCustomers } from './person-customer'
import { GATEWAY_ERRORS } from './gateway-errors'
import { customerIdOf } from './me-reader'
import { placeApiKey, toOperatorQuery } from '../shared/operator-dialect'
import { MAX_RETRIES, mayFallBack, nextToLeaveOut, type RefusalMemory } from './refused-parameters'
import { sendAsPerson, type PersonCall, type Upstream } from './person-call'
import type { HeldSend, SendGuard } from './send-guard'

export const GATEWAY_ORDERING_BASE = '/api/ordering/v3'

/** Paths of reference 1 the browser may reach through the gateway; anything else is a 404 here. */
const ALLOWED_PATHS = [
  /^\/requests$/,
  /^\/requests\/aggregate$/,
  /^\/requests\/[A-Za-z0-9_-]{1,64}$/,
  /^\/catalogItems$/,
  /^\/catalogItems\/[A-Za-z0-9_-]{1,64}$/,
  /^\/(doc|status|version|me)$/,
]

/** Never `authorization`: the browser holds no token (0011); the gateway attaches the session's. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type']
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-language',
  HEADER.requestId,
  HEADER.totalCount,
  HEADER.resultCount,
  'retry-after',
  'allow',
  'www-authenticate',
  'vary',
]

const DEFAULT_PROFILE = ZOperatorProfile.parse({})

/** The paths whose canonical query the gateway translates, and whose refused parameters it leaves out (0027). */
const LIST_PATHS = ['/requests', '/requests/aggregate']

/**
 * The upstream's Content-Location as the browser must follow it: under the gateway. The operator may
 * give a path or an absolute URL (RFC 9110 allows both); anything outside its API is left as it is.
 */
function gatewayLocation(location: string, baseUrl: string): string {
  const base = new URL(baseUrl)
  let target: URL
  try {
    target = new URL(location, base)
  } catch {
    return location
  }
  if (target.origin !== base.origin || !target.pathname.startsWith(`${base.pathname}/`)) return location
  return GATEWAY_ORDERING_BASE + target.pathname.slice(base.pathname.length) + target.search
}

/**
 * Whose call this was, for its log line (docs/decisions/0022-server-edge.md), whoever answered it (the operator or the
 * gateway): a GET /me's own answer, else what the gateway learned of the session before (its /me answers, /auth/session,
 * the cloud proxy and the send guard ask). Never a call of its own: an answer costs what it cost before, so a call made
 * before the session's first /me answer is logged without it. A failure leaves the line without it too.
 */
async function noteCaller(c: Context, customers: PersonCustomers, session: Session, path: string): Promise<void> {
  try {
    if (path === '/me' && c.res.status === 200 && c.req.method === 'GET') {
      const customerId = customerIdOf(await c.res.clone().json())
      if (customerId) {
        await customers.remember(session, customerId)
        return noteCustomer(c, customerId)
      }
    }
    const known = await customers.known(session)
    if (known) noteCustomer(c, known)
  } catch {
    // The line goes without the customer.
  }
}

/** What the proxy's handlers share: the upstream, its profile, the sessions, and the optional guard, customers and refusals. */
interface OrderingProxy {
  upstream: Upstream
  profile: OperatorProfile
  sessions: GatewaySessions
  guard?: SendGuard
  customers?: PersonCustomers
  refusals?: RefusalMemory
  /** The session of a call, read once for the checks, the call and the log line. */
  readSession(c: Context): Promise<Session | null>
}

/** A list's or another call's query in the operator's dialect, with the API key placed and what was dropped. */
type Dialect = ReturnType<typeof toOperatorQuery>

const pathOf = (c: Context) => new URL(c.req.url).pathname.slice(GATEWAY_ORDERING_BASE.length).replace(/\/$/, '')

function sessionReader(sessions: GatewaySessions): (c: Context) => Promise<Session | null> {
  const sessionOf = new WeakMap<Request, Promise<Session | null>>()
  return (c) => {
    let session = sessionOf.get(c.req.raw)
    if (!session) sessionOf.set(c.req.raw, (session = sessions.read(c)))
    return session
  }
}

/**
 * The gateway's API proxy: the browser calls /api/ordering/v3/*, the gateway adds the API key from its
 * configuration (never sent to the browser) and the signed-in person's access token from the oc_session
 * cookie, forwards allow-listed paths only, and passes the operator's request id, paging headers and
 * errors through unchanged. An expired access token (401 code 42) is refreshed once and the call replayed
 * once, with the renewed cookie set on the answer; a refused refresh ends the session. A list's or an aggregate's
 * query goes in the operator's dialect, and a parameter the operator refuses is left out and said in
 * DROPPED_PARAMETERS_HEADER, remembered in `refusals` (docs/decisions/0027-operator-profile.md).
 */
export function orderingProxyRoutes(
  upstream: Upstream,
  sessions: GatewaySessions,
  guard?: SendGuard,
  customers?: PersonCustomers,
  refusals?: RefusalMemory,
): Hono {
  const proxy: OrderingProxy = {
    upstream,
    profile: upstream.profile ?? DEFAULT_PROFILE,
    sessions,
    guard,
    customers,
    refusals,
    readSession: sessionReader(sessions),
  }
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  // Around everything below, so that every answer's log line says whose call it was.
  app.use('/*', (c, next) => logCaller(proxy, c, next))
  // Before any body is read (docs/decisions/0022-server-edge.md): the path, then for a write the session, then the
  // body, counted as it streams in, then its content type and UTF-8. Same-origin is checked before (app.ts).
  app.use('/*', allowedPathsOnly)
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/*', (c, next) => signedInWrites(proxy, c, next), limitBody(REQUEST_BODY_MAX_BYTES), jsonUtf8Writes)
  app.all('/*', (c) => forward(proxy, c))
  return app
}

async function logCaller(proxy: OrderingProxy, c: Context, next: Next): Promise<void> {
  await next()
  const session = proxy.customers ? await proxy.readSession(c).catch(() => null) : null
  if (proxy.customers && session) await noteCaller(c, proxy.customers, session, pathOf(c))
}

async function allowedPathsOnly(c: Context, next: Next): Promise<Response | void> {
  if (!ALLOWED_PATHS.some((pattern) => pattern.test(pathOf(c)))) {
    throw new ApiError(GATEWAY_ERRORS, 404, ERROR_CODE.notFound, 'notFound', { path: new URL(c.req.url).pathname })
  }
  await next()
}

async function signedInWrites(proxy: OrderingProxy, c: Context, next: Next): Promise<Response | void> {
  if (!(await proxy.readSession(c))) throw signInToWrite()
  await next()
}

/** The query of a call in the operator's dialect, leaving out `omit` (a list's refused parameters, 0027). */
function dialectOf(proxy: OrderingProxy, canonical: URLSearchParams, listCall: boolean, omit: ReadonlySet<string>): Dialect {
  if (listCall) return toOperatorQuery(canonical, proxy.profile, proxy.upstream.apiKey, omit)
  const query = new URLSearchParams(canonical)
  return { query, headers: placeApiKey(query, proxy.profile.apiKey, proxy.upstream.apiKey), dropped: [] as string[] }
}

/** One call to the operator as the session's person, with the browser's forwarded headers. */
function sendUpstream(proxy: OrderingProxy, c: Context, session: Session | null, body: ArrayBuffer | undefined, dialect: Dialect): Promise<PersonCall> {
  const { upstream } = proxy
  return sendAsPerson(proxy.sessions, c, session, (accessToken) => {
    const headers = new Headers(dialect.headers)
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name)
      if (value) headers.set(name, value)
    }
    headers.set('X-Forwarded-Prefix', GATEWAY_ORDERING_BASE)
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
    const search = dialect.query.toString()
    const target = `${upstream.baseUrl}${pathOf(c)}${search ? `?${search}` : ''}`
    return upstream.fetch(new Request(target, { method: c.req.method, headers, body, signal: AbortSignal.timeout(upstream.timeoutMs) }))
  })
}

/** The proxy's one route: the call in the operator's dialect, sent as the person, its answer passed on. */
async function forward(proxy: OrderingProxy, c: Context): Promise<Response> {
  const path = pathOf(c)
  // The API key travels where the operator takes it; a browser-supplied one is always dropped.
  const canonical = new URLSearchParams(new URL(c.req.url).searchParams)
  canonical.delete(HEADER.apiKey)
  // A list or an aggregate: the SPA's canonical query in the operator's dialect, without what it refused (0027).
  const listCall = c.req.method === 'GET' && LIST_PATHS.includes(path)
  const omitted = listCall && proxy.refusals ? await proxy.refusals.of(path) : new Set<string>()
  // Buffered, so that the call can be replayed after a refresh.
  const body = c.req.method !== 'GET' && c.req.method !== 'HEAD' ? await c.req.arrayBuffer() : undefined
  const session = await proxy.readSession(c)
  // One creation per customer and reference at a time (docs/decisions/0020-hostile-input-and-faults.md).
  const held = proxy.guard && c.req.method === 'POST' && path === '/requests' ? await proxy.guard.enter(c, session, body) : null
  if (held instanceof Response) return held
  const send = (omit: ReadonlySet<string>) => {
    const dialect = dialectOf(proxy, canonical, listCall, omit)
    return sendUpstream(proxy, c, session, body, dialect).then((call) => ({ call, dialect }))
  }
  let sent = await send(omitted)
  // A parameter the operator refuses (400) never kills the page: asked again without it (0027).
  if (listCall && sent.call.kind === 'answer' && sent.call.response.status === 400 && mayFallBack(canonical)) {
    sent = await retryWithoutRefused(proxy, path, canonical, omitted, { call: sent.call, dialect: sent.dialect }, send)
  }
  return answerOf(proxy, c, sent, held)
}

type Sent = { call: PersonCall; dialect: Dialect }

/**
 * A list the operator refused (400), asked again without the parameters it names, at most MAX_RETRIES times, and
 * what it left out remembered once a call without it is answered (0027). The first 400 is passed on when nothing helps.
 */
async function retryWithoutRefused(
  proxy: OrderingProxy,
  path: string,
  canonical: URLSearchParams,
  omitted: ReadonlySet<string>,
  first: { call: Extract<PersonCall, { kind: 'answer' }>; dialect: Dialect },
  send: (omit: ReadonlySet<string>) => Promise<Sent>,
): Promise<Sent> {
  const firstBody = await first.call.response.text()
  let errorBody = firstBody
  const leftOut = new Set(omitted)
  let cookie = first.call.setCookie
  let sent: Sent = first
  for (let retry = 0; retry < MAX_RETRIES; retry++) {
    const more = nextToLeaveOut(canonical, leftOut, errorBody)
    if (more.length === 0) break
    for (const name of more) leftOut.add(name)
    sent = await send(leftOut)
    cookie = sent.call.setCookie ?? cookie
    if (sent.call.kind !== 'answer' || sent.call.response.status !== 400) break
    errorBody = await sent.call.response.text()
  }
  if (sent.call.kind === 'answer' && sent.call.response.ok)
    await proxy.refusals?.add(
      path,
      [...leftOut].filter((name) => !omitted.has(name)),
    )
  else {
    const response = new Response(firstBody, { status: first.call.response.status, headers: first.call.response.headers })
    sent = { dialect: first.dialect, call: { ...first.call, response } }
  }
  return cookie ? { ...sent, call: { ...sent.call, setCookie: cookie } } : sent
}

/** The operator's answer as the browser gets it: read whole, its headers forwarded, the renewed cookie set. */
async function answerOf(proxy: OrderingProxy, c: Context, { call, dialect }: Sent, held: HeldSend | null): Promise<Response> {
  const setCookie = call.setCookie
  const fail = async (timedOut: boolean) => {
    await held?.leave('gaveUp')
    const failed = new ApiError(GATEWAY_ERRORS, timedOut ? 504 : 502, ERROR_CODE.internal, timedOut ? 'timeout' : 'unreachable').respond(c)
    if (setCookie) failed.headers.set('Set-Cookie', setCookie)
    return failed
  }
  if (call.kind === 'failed') return fail(call.timedOut)
  const response = call.response
  // Read whole, so that a connection dropped mid-answer is a 502 the browser can read, not a truncated body.
  let payload: ArrayBuffer | null
  try {
    payload = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer()
  } catch (error) {
    return fail((error as Error).name === 'TimeoutError')
  }
  await held?.leave('answered')
  const out = new Headers()
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = response.headers.get(name)
    if (value) out.set(name, value)
  }
  const location = response.headers.get(HEADER.contentLocation)
  if (location) out.set(HEADER.contentLocation, gatewayLocation(location, proxy.upstream.baseUrl))
  if (dialect.dropped.length > 0) out.set(DROPPED_PARAMETERS_HEADER, dialect.dropped.join(','))
  if (setCookie) {
    out.set('Set-Cookie', setCookie)
    // The answer now depends on the cookie: no shared cache may keep it.
    out.set('Cache-Control', 'no-store')
  }
  return new Response(payload, { status: response.status, headers: out })
}
