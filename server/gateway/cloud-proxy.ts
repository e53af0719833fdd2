import { Hono, type Context } from 'hono'
import { CLOUD_AUTH_SCHEME } from '@contract/cloud'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { ApiError, errorApi } from '../shared/api-error'
import { answerError, noteCustomer } from '../shared/edge'
import type { GatewaySessions } from './auth/token-handler'
import type { PersonCustomers } from './person-customer'

export const GATEWAY_CLOUD_BASE = '/api/cloud/v1'

/** The cloud lists the browser may reach (0018); anything else is a 404 here. */
const ALLOWED_PATHS = [/^\/regions$/, /^\/projects$/, /^\/instances\/[0-9]{1,9}\/[0-9]{1,9}$/]
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language']
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-language', HEADER.requestId, 'retry-after', 'allow', 'vary']

export interface CloudUpstream {
  /** Base URL of the cloud API, ending with /cloud/v1. */
  baseUrl: string
  fetch: (request: Request) => Promise<Response>
  apiKey: string
  /** The customer the key belongs to: only its people are served (0018). */
  customerId: string
  timeoutMs: number
}

/** What another customer's person is told (403 code 50); the SPA shows its own words for this code. */
export const OTHER_CUSTOMER_DESCRIPTION = 'Your company has no cloud resources on this console: its cloud lists belong to another customer.'

/**
 * The message table of the gateway's own answers on its cloud API (0018); the cloud API's errors pass through as they
 * are. In English whatever the browser asks, as this proxy has always answered.
 */
export const GATEWAY_CLOUD_ERRORS = errorApi(
  'gateway cloud',
  'platform',
  {
    notConfigured: { en: 'No cloud API is configured on this server (CLOUD_UPSTREAM).' },
    noPath: { en: 'No resource exists at {{path}}.' },
    signIn: { en: 'Sign in to see cloud resources.' },
    otherCustomer: { en: OTHER_CUSTOMER_DESCRIPTION },
    meTimeout: { message: { en: 'The cloud API did not answer in time' }, en: 'The ordering API took too long to say who you are. Try again in a moment.' },
    meUnreachable: { message: { en: 'The cloud API could not be reached' }, en: 'The ordering API could not say who you are. Try again in a moment.' },
    timeout: { message: { en: 'The cloud API did not answer in time' }, en: 'The cloud API took too long to answer. Try again in a moment.' },
    unreachable: { message: { en: 'The cloud API could not be reached' }, en: 'The cloud API could not be reached. Try again in a moment.' },
  },
  { englishOnly: true },
)

/**
 * The gateway's proxy to the cloud lists: /api/cloud/v1/* for signed-in people only (the cloud API knows no
 * person, so the gateway checks the session cookie itself), allow-listed paths, the query as given, and
 * `Authorization: APIKey <key>` from the configuration, which never reaches the browser. The key is one
 * customer's, so only that customer's people are served: the person's customer comes from GET /me (cached per
 * session, see person-customer.ts); another customer's person gets 403 code 50 before the cloud API is called.
 * With no cloud API configured (a real operator without CLOUD_UPSTREAM), every path is a 404 saying so.
 */
export function cloudProxyRoutes(upstream: CloudUpstream | null, sessions: GatewaySessions, customers: PersonCustomers): Hono {
  const app = new Hono()
  // What a handler throws, answered as the edge answers it (docs/decisions/0036-server-handlers-by-name.md).
  app.onError(answerError)
  app.all('/*', async (c) => {
    const url = new URL(c.req.url)
    if (!upstream) throw new ApiError(GATEWAY_CLOUD_ERRORS, 404, ERROR_CODE.notFound, 'notConfigured')
    const path = url.pathname.slice(GATEWAY_CLOUD_BASE.length).replace(/\/$/, '')
    if (!ALLOWED_PATHS.some((pattern) => pattern.test(path)))
      throw new ApiError(GATEWAY_CLOUD_ERRORS, 404, ERROR_CODE.notFound, 'noPath', { path: url.pathname })
    const session = await sessions.read(c)
    if (!session) throw new ApiError(GATEWAY_CLOUD_ERRORS, 401, ERROR_CODE.missingCredentials, 'signIn')

    // Whose data this is: the key's customer's, for that customer's people only.
    const lookup = await customers.of(c, session)
    const withCookie = (response: Response) => {
      if (lookup.setCookie) {
        response.headers.set('Set-Cookie', lookup.setCookie)
        response.headers.set('Cache-Control', 'no-store')
      }
      return response
    }
    if (lookup.kind === 'failed') {
      return withCookie(
        new ApiError(GATEWAY_CLOUD_ERRORS, lookup.timedOut ? 504 : 502, ERROR_CODE.internal, lookup.timedOut ? 'meTimeout' : 'meUnreachable').respond(c),
      )
    }
    if (lookup.kind === 'refused') {
      // The ordering API's own answer (an ended session, its spike arrest…), so the SPA reacts as it does there.
      const out = new Headers()
      for (const name of [...FORWARDED_RESPONSE_HEADERS, 'www-authenticate']) {
        const value = lookup.headers.get(name)
        if (value) out.set(name, value)
      }
      return withCookie(new Response(lookup.body, { status: lookup.status, headers: out }))
    }
    noteCustomer(c, lookup.customerId)
    if (lookup.customerId !== upstream.customerId)
      return withCookie(new ApiError(GATEWAY_CLOUD_ERRORS, 403, ERROR_CODE.accessDenied, 'otherCustomer').respond(c))

    return withCookie(await forward(upstream, c, path, url.searchParams))
  })
  return app
}

/** The call as the cloud API takes it: its key, the forwarded headers, the query as it is; its answer's headers passed on. */
async function forward(upstream: CloudUpstream, c: Context, path: string, searchParams: URLSearchParams): Promise<Response> {
  const headers = new Headers({ Authorization: `${CLOUD_AUTH_SCHEME} ${upstream.apiKey}` })
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = c.req.header(name)
    if (value) headers.set(name, value)
  }
  // The query goes as it is: the upstream checks it and names a bad or unknown parameter (400 25 / 26).
  const query = searchParams.toString()
  let response: Response
  try {
    response = await upstream.fetch(
      new Request(`${upstream.baseUrl}${path}${query ? `?${query}` : ''}`, {
        method: c.req.method,
        headers,
        signal: AbortSignal.timeout(upstream.timeoutMs),
      }),
    )
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError'
    // Returned, not thrown: the caller adds the renewed session cookie to this answer too.
    return new ApiError(GATEWAY_CLOUD_ERRORS, timedOut ? 504 : 502, ERROR_CODE.internal, timedOut ? 'timeout' : 'unreachable').respond(c)
  }
  const out = new Headers()
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = response.headers.get(name)
    if (value) out.set(name, value)
  }
  return new Response(response.body, { status: response.status, headers: out })
}
