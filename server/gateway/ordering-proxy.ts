import { Hono, type Context } from 'hono'
import { HEADER } from '@contract/common'
import { ERROR_CODE, type ApiErrorBody } from '@contract/error'
import { newRequestId } from '../shared/request-id'

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

const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'authorization']
const FORWARDED_RESPONSE_HEADERS = [
  'content-type', 'content-language', HEADER.requestId, HEADER.totalCount, HEADER.resultCount, 'retry-after', 'allow',
  'www-authenticate', 'vary',
]

export interface Upstream {
  /** Base URL of the ordering API, ending with /v3. */
  baseUrl: string
  /** How to reach it: the sandbox in-process, or the network. */
  fetch: (request: Request) => Promise<Response>
  apiKey: string
  timeoutMs: number
}

function gatewayError(c: Context, status: 404 | 502 | 504, description: string): Response {
  const body: ApiErrorBody = {
    code: status === 404 ? ERROR_CODE.notFound : ERROR_CODE.internal,
    message: status === 404 ? 'Resource not found' : status === 504 ? 'The ordering API did not answer in time' : 'The ordering API could not be reached',
    description,
  }
  return c.body(JSON.stringify(body), status, { 'Content-Type': 'application/json', [HEADER.requestId]: newRequestId() })
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

/**
 * The gateway's API proxy: the browser calls /api/ordering/v3/*, the gateway adds the API key from its
 * configuration (never sent to the browser), forwards allow-listed paths only, and passes the
 * operator's request id, paging headers and errors through unchanged.
 */
export function orderingProxy(upstream: Upstream): Hono {
  const app = new Hono()
  app.all('/*', async (c) => {
    const url = new URL(c.req.url)
    const path = url.pathname.slice(GATEWAY_ORDERING_BASE.length).replace(/\/$/, '')
    if (!ALLOWED_PATHS.some((pattern) => pattern.test(path))) {
      return gatewayError(c, 404, `No resource exists at ${url.pathname}.`)
    }
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
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    let response: Response
    try {
      response = await upstream.fetch(
        new Request(target, {
          method: c.req.method,
          headers,
          body: hasBody ? await c.req.arrayBuffer() : undefined,
          signal: AbortSignal.timeout(upstream.timeoutMs),
        }),
      )
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      return gatewayError(c, timedOut ? 504 : 502, timedOut
        ? 'The ordering API took too long to answer. The request may still have been processed; check before retrying.'
        : 'The ordering API could not be reached. Try again in a moment.')
    }
    const out = new Headers()
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers.get(name)
      if (value) out.set(name, value)
    }
    const location = response.headers.get(HEADER.contentLocation)
    if (location) out.set(HEADER.contentLocation, gatewayLocation(location, upstream.baseUrl))
    return new Response(response.body, { status: response.status, headers: out })
  })
  return app
}
