import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import { ZMe } from '@contract/misc'
import { REQUEST_BODY_MAX_BYTES } from '@contract/request-bodies'
import { ApiError } from '../shared/api-error'
import { jsonUtf8Writes, limitBody, noteCustomer, signInToWrite } from '../shared/edge'
import type { Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'
import type { PersonCustomers } from './person-customer'
import { GATEWAY_ERRORS } from './gateway-errors'
import type { SendGuard } from './send-guard'

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

export interface Upstream {
  /** Base URL of the ordering API, ending with /v3. */
  baseUrl: string
  /** How to reach it: the sandbox in-process, or the network. */
  fetch: (request: Request) => Promise<Response>
  apiKey: string
  timeoutMs: number
}

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

/** True when a 401's body is the platform's code 42: the access token expired (reference 2). */
function isExpiredToken(text: string): boolean {
  try {
    const body = ZApiErrorBody.safeParse(JSON.parse(text))
    return body.success && body.data.code === ERROR_CODE.expiredCredentials
  } catch {
    return false
  }
}

/**
 * What a call made as the signed-in person gave: the answer, or a network failure or timeout; with the
 * renewed (or cleared) session cookie to pass on in both cases.
 */
export type PersonCall = { kind: 'answer'; response: Response; setCookie?: string } | { kind: 'failed'; timedOut: boolean; setCookie?: string }

/**
 * Sends a call to the ordering API as the session's person (`send` adds the access token it is given): an
 * expired access token (401 code 42) is refreshed once and the call replayed once; a refused refresh ends
 * the session (its clearing cookie is returned), a transient failure keeps it. Shared by the ordering proxy
 * and the cloud proxy's look-up of the person's customer.
 */
export async function sendAsPerson(
  sessions: GatewaySessions,
  c: Context,
  session: Session | null,
  send: (accessToken: string | undefined) => Promise<Response>,
): Promise<PersonCall> {
  let setCookie: string | undefined
  const cookie = () => (setCookie ? { setCookie } : {})
  try {
    let response = await send(session?.accessToken)
    if (session && response.status === 401) {
      const text = await response.text()
      response = new Response(text, { status: response.status, headers: response.headers })
      if (isExpiredToken(text)) {
        const refreshed = await sessions.refresh(session)
        if (refreshed.kind === 'renewed') {
          setCookie = await sessions.setCookie(c, refreshed.session)
          response = await send(refreshed.session.accessToken)
        } else if (refreshed.kind === 'refused') {
          // The refresh token is no good: the session is over. A transient failure keeps it for the next call.
          setCookie = sessions.clearCookie(c)
        }
      }
    }
    return { kind: 'answer', response, ...cookie() }
  } catch (error) {
    // A refresh that succeeded before the replay failed is kept: the old refresh token may be spent.
    return { kind: 'failed', timedOut: (error as Error).name === 'TimeoutError', ...cookie() }
  }
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
      const me = ZMe.safeParse(await c.res.clone().json())
      const customerId = me.success ? me.data.customer?.id : undefined
      if (customerId !== undefined) {
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

/**
 * The gateway's API proxy: the browser calls /api/ordering/v3/*, the gateway adds the API key from its
 * configuration (never sent to the browser) and the signed-in person's access token from the oc_session
 * cookie, forwards allow-listed paths only, and passes the operator's request id, paging headers and
 * errors through unchanged. An expired access token (401 code 42) is refreshed once and the call replayed
 * once, with the renewed cookie set on the answer; a refused refresh ends the session.
 */
export function orderingProxy(upstream: Upstream, sessions: GatewaySessions, guard?: SendGuard, customers?: PersonCustomers): Hono {
  const app = new Hono()
  const pathOf = (c: Context) => new URL(c.req.url).pathname.slice(GATEWAY_ORDERING_BASE.length).replace(/\/$/, '')
  // The session of a call, read once for the checks, the call and the log line.
  const sessionOf = new WeakMap<Request, Promise<Session | null>>()
  const readSession = (c: Context) => {
    let session = sessionOf.get(c.req.raw)
    if (!session) sessionOf.set(c.req.raw, (session = sessions.read(c)))
    return session
  }
  // Around everything below, so that every answer's log line says whose call it was.
  app.use('/*', async (c, next) => {
    await next()
    const session = customers ? await readSession(c).catch(() => null) : null
    if (customers && session) await noteCaller(c, customers, session, pathOf(c))
  })
  // Before any body is read (docs/decisions/0022-server-edge.md): the path, then for a write the session, then the
  // body, counted as it streams in, then its content type and UTF-8. Same-origin is checked before (app.ts).
  app.use('/*', async (c, next) => {
    if (!ALLOWED_PATHS.some((pattern) => pattern.test(pathOf(c)))) {
      return new ApiError(GATEWAY_ERRORS, 404, ERROR_CODE.notFound, 'notFound', { path: new URL(c.req.url).pathname }).respond(c)
    }
    await next()
  })
  app.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '/*',
    async (c, next) => {
      if (!(await readSession(c))) return signInToWrite().respond(c)
      await next()
    },
    limitBody(REQUEST_BODY_MAX_BYTES),
    jsonUtf8Writes,
  )
  app.all('/*', async (c) => {
    const url = new URL(c.req.url)
    const path = pathOf(c)
    const headers = new Headers()
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name)
      if (value) headers.set(name, value)
    }
    headers.set(HEADER.apiKey, upstream.apiKey)
    headers.set('X-Forwarded-Prefix', GATEWAY_ORDERING_BASE)
    // The API key travels in the header only; a browser-supplied one is dropped.
    url.searchParams.delete(HEADER.apiKey)
    const search = url.searchParams.toString()
    const target = `${upstream.baseUrl}${path}${search ? `?${search}` : ''}`
    // Buffered, so that the call can be replayed after a refresh.
    const body = c.req.method !== 'GET' && c.req.method !== 'HEAD' ? await c.req.arrayBuffer() : undefined
    const session = await readSession(c)
    // One creation per customer and reference at a time (docs/decisions/0020-hostile-input-and-faults.md).
    const held = guard && c.req.method === 'POST' && path === '/requests' ? await guard.enter(c, session, body) : null
    if (held instanceof Response) return held
    const call = await sendAsPerson(sessions, c, session, (accessToken) => {
      if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`)
      return upstream.fetch(new Request(target, { method: c.req.method, headers, body, signal: AbortSignal.timeout(upstream.timeoutMs) }))
    })
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
    if (location) out.set(HEADER.contentLocation, gatewayLocation(location, upstream.baseUrl))
    if (setCookie) {
      out.set('Set-Cookie', setCookie)
      // The answer now depends on the cookie: no shared cache may keep it.
      out.set('Cache-Control', 'no-store')
    }
    return new Response(payload, { status: response.status, headers: out })
  })
  return app
}
