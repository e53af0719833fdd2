import { createHmac } from 'node:crypto'
import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { ApiError, errorApi, requestIdOf, type MessageTable } from './api-error'

/**
 * The server's edge (docs/decisions/0022-server-edge.md): what every call goes through before any route reads it.
 * In app.ts, in this order: request id and log, Host allow-list, same-origin writes, then per route the session
 * (gateway), the body limit, the content type and the UTF-8 check, and last the handler.
 */
export type EdgeEnv = { Variables: { requestId: string; customerId?: string } }

/** What the edge says, in English and French: what happened and what to do. */
const EDGE_TEXTS = {
  tooLarge: {
    en: 'The body is larger than the {{max}} bytes this address accepts. Send a smaller body.',
    fr: 'Le corps dépasse les {{max}} octets acceptés à cette adresse. Envoyez un corps plus petit.',
  },
  contentType: {
    en: 'Send the body as application/json in UTF-8 (Content-Type: application/json; charset=utf-8, or no charset).',
    fr: 'Envoyez le corps en application/json encodé en UTF-8 (Content-Type: application/json; charset=utf-8, ou sans charset).',
  },
  utf8: {
    en: 'The body is not valid UTF-8. Send it encoded in UTF-8.',
    fr: 'Le corps n’est pas de l’UTF-8 valide. Envoyez-le encodé en UTF-8.',
  },
  host: {
    en: 'This server does not answer for the host {{host}}. Use the address it is configured for (ALLOWED_HOSTS).',
    fr: 'Ce serveur ne répond pas pour l’hôte {{host}}. Utilisez l’adresse pour laquelle il est configuré (ALLOWED_HOSTS).',
  },
  crossOrigin: {
    en: 'Changes are accepted from this console’s own pages only; this call came from another site.',
    fr: 'Les modifications ne sont acceptées que depuis les pages de cette console ; cet appel vient d’un autre site.',
  },
  method: {
    en: 'The method {{method}} is not allowed at this address. Use one of: {{allow}}.',
    fr: 'La méthode {{method}} n’est pas autorisée à cette adresse. Utilisez l’une de : {{allow}}.',
  },
  internal: {
    en: 'The server could not answer this call. Try again in a moment; if it persists, give the request id to support.',
    fr: 'Le serveur n’a pas pu répondre à cet appel. Réessayez dans un instant ; si cela persiste, communiquez l’identifiant de requête au support.',
  },
  signIn: {
    en: 'Sign in to make changes.',
    fr: 'Connectez-vous pour faire des modifications.',
  },
  headersTooLarge: {
    en: 'The address and headers of this call are larger than the {{max}} bytes this server reads. Send a shorter address or fewer cookies.',
    fr: 'L’adresse et les en-têtes de cet appel dépassent les {{max}} octets que ce serveur lit. Envoyez une adresse plus courte ou moins de cookies.',
  },
  tooSlow: {
    en: 'The call was not received within {{seconds}} s, so the connection was closed. Try again.',
    fr: 'L’appel n’a pas été reçu en {{seconds}} s : la connexion a été fermée. Réessayez.',
  },
  malformed: {
    en: 'This call is not valid HTTP.',
    fr: 'Cet appel n’est pas du HTTP valide.',
  },
} satisfies MessageTable<string>

/**
 * The edge's errors (the message of each code from server/shared/error-messages.ts). An address nothing serves is
 * described in English in both languages, as it always was.
 */
export const EDGE_ERRORS = errorApi('edge', 'platform', { ...EDGE_TEXTS, notFound: { en: 'No resource exists at {{path}}.' } })

export const tooLarge = (max: number) => new ApiError(EDGE_ERRORS, 413, ERROR_CODE.payloadTooLarge, 'tooLarge', { max })
export const unsupportedMediaType = () => new ApiError(EDGE_ERRORS, 415, ERROR_CODE.unsupportedMediaType, 'contentType')
export const notUtf8 = () => new ApiError(EDGE_ERRORS, 400, ERROR_CODE.malformedBody, 'utf8')
export const crossOrigin = () => new ApiError(EDGE_ERRORS, 403, ERROR_CODE.accessDenied, 'crossOrigin')
export const internalError = () => new ApiError(EDGE_ERRORS, 500, ERROR_CODE.internal, 'internal')
export const signInToWrite = () =>
  new ApiError(EDGE_ERRORS, 401, ERROR_CODE.missingCredentials, 'signIn', {}, { headers: { 'WWW-Authenticate': 'Bearer realm="ordering"' } })
export const nothingAt = (path: string) => new ApiError(EDGE_ERRORS, 404, ERROR_CODE.notFound, 'notFound', { path: path.slice(0, 200) })
export function methodNotAllowed(method: string, allow: readonly string[]): ApiError {
  return new ApiError(EDGE_ERRORS, 405, ERROR_CODE.methodNotAllowed, 'method', { method, allow: allow.join(', ') }, { headers: { Allow: allow.join(', ') } })
}

/** The methods that change state: the ones the same-origin rule and the content-type rule hold. */
export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())
}

/** First middleware: the call's request id, which every error of the edge and the log line carry. */
export const identify: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  requestIdOf(c)
  await next()
}

/** Says whose call this is, for its log line (hashed there): the gateway learns it from the session's /me. */
export function noteCustomer(c: Context, customerId: string): void {
  c.set('customerId', customerId)
}

export interface RequestLogOptions {
  /** Where a line goes; stdout by default. */
  write?: (line: string) => void
  /** Keys the customer hash (HMAC-SHA256), so that a log reader cannot enumerate short customer ids back. */
  hashKey: string
  now?: () => number
}

/**
 * One JSON line per call (docs/decisions/0022-server-edge.md): time, request id, method, the route's pattern (never
 * the path or the query, which can hold an id, a code or a token), status, duration and a keyed hash of the customer
 * when the call made it known. Nothing of the headers: no cookie, token, key or secret can reach the log.
 */
export function requestLog(options: RequestLogOptions): MiddlewareHandler<EdgeEnv> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`))
  const now = options.now ?? (() => performance.now())
  return async (c, next) => {
    const started = now()
    try {
      await next()
    } finally {
      const principal = c.get('principal' as never) as { customerId?: string } | undefined
      const customer = c.get('customerId') ?? principal?.customerId
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          requestId: c.res.headers.get(HEADER.requestId) ?? c.get('requestId'),
          method: c.req.method,
          route: routePath(c) || null,
          status: c.res.status,
          durationMs: Math.round((now() - started) * 10) / 10,
          ...(customer ? { customer: createHmac('sha256', options.hashKey).update(customer).digest('hex').slice(0, 16) } : {}),
        }),
      )
    }
  }
}

/**
 * The Host allow-list (ALLOWED_HOSTS): a DNS-rebinding page reaches this server under its own name, which is not on
 * the list, so it gets a 421 and never a token, a session or a control.
 */
export function allowedHosts(hosts: readonly string[]): MiddlewareHandler {
  const exact = new Set(hosts.filter((host) => !host.endsWith(':*')).map((host) => host.toLowerCase()))
  // `name:*` (tests, development): that name on any port, or none.
  const anyPort = new Set(hosts.filter((host) => host.endsWith(':*')).map((host) => host.slice(0, -2).toLowerCase()))
  return async (c, next) => {
    const host = (c.req.header('Host') ?? new URL(c.req.url).host).toLowerCase()
    const name = host.replace(/:\d+$/, '')
    if (!exact.has(host) && !anyPort.has(name)) throw new ApiError(EDGE_ERRORS, 421, ERROR_CODE.notFound, 'host', { host: host.slice(0, 100) })
    await next()
  }
}

/**
 * The origin the browser used, as same-origin.ts computes it for /auth (X-Forwarded-Proto honoured for the scheme).
 * Duplicated here in a line rather than imported, so that shared code does not depend on the gateway.
 */
function originOf(c: Context): string {
  const url = new URL(c.req.url)
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1)
  return `${scheme}://${url.host}`
}

/**
 * Why a call is cross-site, or null. Same-origin writes only: a state-changing call that a browser marks as coming from another origin (`Origin`) or
 * another site (`Sec-Fetch-Site`) is refused before anything is read. A call with neither header is not a browser's
 * (browsers send Origin on every non-GET fetch and form), so a script with its own credentials is not a CSRF risk.
 */
export function crossSiteReason(c: Context): string | null {
  const origin = c.req.header('Origin')
  if (origin !== undefined && origin !== originOf(c)) return 'Requests from another origin are refused.'
  const site = c.req.header('Sec-Fetch-Site')?.toLowerCase()
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'Cross-site requests are refused.'
  return null
}

/**
 * `sameOriginWrites` for a group of routes, with the refusal in that group's own error format (the API's error entity,
 * or the OAuth error of the token endpoints).
 */
export function sameOriginWrites(refuse: (c: Context, reason: string) => Response = (c) => crossOrigin().respond(c)): MiddlewareHandler {
  return async (c, next) => {
    const reason = isWrite(c.req.method) ? crossSiteReason(c) : null
    if (reason) return refuse(c, reason)
    await next()
  }
}

/**
 * The body limit, enforced while the body streams in: Hono's bodyLimit refuses a Content-Length over `maxBytes` at
 * once and otherwise counts the chunks as they arrive, stopping at the first byte over. Placed after the checks that
 * need no body (host, origin, session), so that a refused call is never read. `refuse` answers in the routes' own
 * error format (the token endpoints' OAuth error).
 */
export function limitBody(maxBytes: number, refuse: (c: Context) => Response = (c) => tooLarge(maxBytes).respond(c)): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBytes, onError: refuse })
  return async (c, next) => {
    if (!c.req.raw.body) return next()
    return limit(c, next)
  }
}

/** True for `application/json` with no charset or charset utf-8 (reference 1's bodies), case and quotes aside. */
export function isJsonUtf8(contentType: string | undefined): boolean {
  if (!contentType) return false
  const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return params.every((param) => {
    const [name = '', value = ''] = param.split('=').map((part) => part.trim())
    return name !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8'
  })
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * JSON writes only: a body-carrying write must say `application/json` in UTF-8 (else 415) and be valid UTF-8 (else
 * 400 code 20), so that a `charset=utf-16` body is never read as UTF-8 and invalid bytes are never stored as U+FFFD.
 * The body is read here (within the limit before it) and cached by Hono for the handler.
 */
/**
 * Whether a request carries a body, as its headers announce it (RFC 9112 6.3). Node's adapter gives every request a
 * body stream, even a DELETE that sent none, so the stream's presence says nothing.
 */
export function announcesBody(headers: Headers): boolean {
  return Number(headers.get('Content-Length') ?? 0) > 0 || headers.has('Transfer-Encoding')
}

export const jsonUtf8Writes: MiddlewareHandler = async (c, next) => {
  const method = c.req.method.toUpperCase()
  if (!isWrite(method) || (method === 'DELETE' && !announcesBody(c.req.raw.headers))) return next()
  if (!isJsonUtf8(c.req.header('Content-Type'))) throw unsupportedMediaType()
  try {
    strictUtf8.decode(await c.req.arrayBuffer())
  } catch (error) {
    if (error instanceof HTTPException) throw error
    throw notUtf8()
  }
  await next()
}

/**
 * The answer to any error no route turned into an answer: an ApiError as it is, a Hono HTTPException's own answer (the
 * body limit's 413) with the request id, anything else a 500 error entity, logged once with its stack; never plain text.
 */
export function answerError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return error.respond(c)
  if (error instanceof HTTPException) {
    const response = error.getResponse()
    if (!response.headers.has(HEADER.requestId)) response.headers.set(HEADER.requestId, requestIdOf(c))
    return response
  }
  console.error(`Unhandled error answering ${c.req.method} ${routePath(c) || '?'} (request ${requestIdOf(c)}):`, error)
  return internalError().respond(c)
}

/**
 * Reads a body as it streams in, stopping at the first byte over `maxBytes` (null then, and the rest is never read):
 * for a route that answers an oversize body its own way (the sandbox's ordering API, 400 code 63 per 0004).
 */
export async function readBounded(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > maxBytes) return null
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}

/** The most bytes of request line and headers Node reads (its default, said here once); past it, 431. */
export const HEADER_MAX_BYTES = 16 * 1024
/** How long a client has to send a whole request, headers and body; then the connection is closed (408). */
export const REQUEST_TIMEOUT_MS = 30_000

/**
 * The options of the Node server (`serve`'s serverOptions, docs/decisions/0022-server-edge.md): bounded headers and
 * a bounded time to send a request, checked every second (Node checks every 30 s by default, which would let a slow
 * body be held twice as long).
 */
export function connectionLimits(requestTimeoutMs = REQUEST_TIMEOUT_MS) {
  return {
    maxHeaderSize: HEADER_MAX_BYTES,
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
  }
}

/**
 * What Node answers itself (headers too large, a request too slow, bytes that are not HTTP) is an error entity with a
 * request id too, never a bare status line; then the connection is closed.
 */
export function answerClientErrors(server: Pick<Server, 'on'>, requestTimeoutMs = REQUEST_TIMEOUT_MS): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // An answer already begun (or a closed socket) cannot take another one (Node's own rule for its default answer).
    if (!socket.writable || ('bytesWritten' in socket && socket.bytesWritten !== 0)) {
      socket.destroy()
      return
    }
    const failure =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new ApiError(EDGE_ERRORS, 431, ERROR_CODE.invalidField, 'headersTooLarge', { max: HEADER_MAX_BYTES })
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new ApiError(EDGE_ERRORS, 408, ERROR_CODE.malformedBody, 'tooSlow', { seconds: Math.round(requestTimeoutMs / 1000) })
          : new ApiError(EDGE_ERRORS, 400, ERROR_CODE.malformedBody, 'malformed')
    const response = failure.toResponse('en')
    void response.text().then((body) => {
      const head = [`HTTP/1.1 ${response.status} ${statusText(response.status)}`]
      response.headers.forEach((value, name) => head.push(`${name}: ${value}`))
      head.push(`Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close')
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
    })
  })
}

function statusText(status: number): string {
  return { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status] ?? 'Error'
}
