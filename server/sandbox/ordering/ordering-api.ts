import { Hono, type Context, type Next } from 'hono'
import { z } from 'zod'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import type { SandboxApiStatus as ApiStatus, SandboxApiVersion as ApiVersion, SandboxMe as Me } from '@contract/misc'
import { buildOpenApiDocument } from '@contract/openapi'
import { REQUEST_BODY_MAX_BYTES } from '@contract/request-bodies'
import { CATALOG_PAGE, ZApiKeyOnlyQuery, ZSandboxListRequestsQuery } from '@contract/request-query'
import { readBounded } from '../../shared/edge'
import { ApiError } from '../../shared/api-error'
import { identifyCall, JSON_PLAIN, JSON_UTF8, sendJson, sendJsonText, validationError, type SandboxEnv } from '../http'
import type { FaultRule } from '../faults'
import type { Sandbox } from '../sandbox'
import { requireAccess } from './access'
import { createRequest } from './create-request'
import { RenderedRequests, renderRequest, type RenderOptions } from './render'
import type { RequestRow } from './request-store'
import { jsonShapeProblem, type JsonLimit } from '../json-shape'
import { ORDERING_ERRORS } from './messages'

const JSON_SHAPE_KEYS = { depth: 'jsonDepth', objectKeys: 'jsonObjectKeys', arrayItems: 'jsonArrayItems', nodes: 'jsonNodes' } as const satisfies Record<
  JsonLimit,
  string
>

/**
 * Endpoints whose errors are `application/json;charset=utf-8` (reference 1); the others answer `application/json`.
 * `path` is relative to the API's base, so that GET /requests/status (a request id) is not taken for GET /status.
 */
function errorContentType(method: string, path: string): string {
  if (method === 'POST' && path === '/requests') return JSON_UTF8
  return /^\/(doc|status|version|me)$/.test(path) ? JSON_UTF8 : JSON_PLAIN
}

/** Query parameters of GET /requests/{id}; built once, as building a schema costs more than parsing with it. */
const ZGetRequestQuery = z.strictObject({
  'x-api-key': z.string().optional(),
  displayNulls: ZSandboxListRequestsQuery.shape.displayNulls,
  displayLinks: ZSandboxListRequestsQuery.shape.displayLinks,
})

/**
 * Parses query parameters with a contract schema: a repeated parameter or any failure is a 400 naming it. `canonical`
 * first rewrites a dialect's parameters into the canonical ones (docs/decisions/0029-second-dialect.md).
 */
function parseQuery<T extends z.core.$ZodType>(
  c: Context<SandboxEnv>,
  schema: T,
  canonical: (flat: Record<string, string>) => Record<string, string> = (flat) => flat,
): z.infer<T> {
  const raw = c.req.queries()
  // No prototype: a parameter named __proto__ is then a key like any other, refused as unknown (0020).
  const flat = Object.create(null) as Record<string, string>
  for (const [name, values] of Object.entries(raw)) {
    if (values.length > 1) {
      throw new ApiError(
        ORDERING_ERRORS,
        400,
        ERROR_CODE.invalidQueryParameter,
        'repeatedParameter',
        { name },
        {
          fields: [{ path: name, message: 'is given more than once' }],
        },
      )
    }
    flat[name] = values[0] ?? ''
  }
  const parsed = z.safeParse(schema, canonical(flat), { reportInput: true })
  if (!parsed.success) throw validationError(parsed.error, c.get('language'), ERROR_CODE.invalidQueryParameter, 'parameter')
  return parsed.data
}

/**
 * Applies an injected fault (0016): waits, throws the platform's answer, or gives a response whose body fails
 * mid-way as a dropped connection would. Returns that response, or nothing when the call goes on.
 */
async function injectFault(fault: FaultRule, spikeArrestLimit: number): Promise<Response | undefined> {
  const retryAfter = (fallback: number) => ({ 'Retry-After': String(fault.retryAfterSeconds ?? fallback) })
  switch (fault.kind) {
    case 'latency':
      await new Promise((resolve) => setTimeout(resolve, fault.latencyMs ?? 0))
      return undefined
    case 'unavailable':
      throw new ApiError(ORDERING_ERRORS, 503, ERROR_CODE.unavailable, 'unavailable', {}, { headers: retryAfter(30) })
    case 'tooManyRequests':
      throw new ApiError(ORDERING_ERRORS, 429, ERROR_CODE.tooManyRequests, 'rateLimited', {}, { headers: retryAfter(1) })
    case 'spikeArrest':
      throw new ApiError(ORDERING_ERRORS, 403, ERROR_CODE.tooManyRequests, 'spikeArrest', { limit: spikeArrestLimit || 25 }, { headers: retryAfter(1) })
    case 'expiredToken':
      throw new ApiError(
        ORDERING_ERRORS,
        401,
        ERROR_CODE.expiredCredentials,
        'expiredToken',
        {},
        {
          headers: { 'WWW-Authenticate': 'Bearer realm="ordering", error="invalid_token"' },
        },
      )
    case 'dropConnection':
      return new Response(new ReadableStream({ start: (controller) => controller.error(new Error('connection dropped by the sandbox')) }), {
        status: 200,
        headers: { 'Content-Type': JSON_PLAIN },
      })
  }
}

// The router is strict (`/requests/` is not `/requests`), so these match without a trailing slash only:
// otherwise GET /requests/ would be a 405 saying that GET is allowed.
/**
 * The base the client sees: a gateway in front says where it mounts the API (`X-Forwarded-Prefix`), so
 * that links, Content-Location and /doc name addresses the client can use.
 */
function publicBase(c: Context<SandboxEnv>, basePath: string): string {
  const prefix = c.req.header('X-Forwarded-Prefix')
  return prefix && /^\/[A-Za-z0-9/_.-]*$/.test(prefix) ? prefix.replace(/\/$/, '') : basePath
}

const ROUTES: { pattern: RegExp; allow: string }[] = [
  { pattern: /^\/requests$/, allow: 'GET, POST' },
  { pattern: /^\/requests\/[^/]+$/, allow: 'GET' },
  { pattern: /^\/catalogItems(\/[^/]+)?$/, allow: 'GET' },
  { pattern: /^\/(doc|status|version|me)$/, allow: 'GET' },
]

/** What the ordering API's handlers share: the sandbox, where the API is mounted, and the request renderer. */
interface OrderingApi {
  sandbox: Sandbox
  basePath: string
  render(row: RequestRow, options: RenderOptions): unknown
  rendered: RenderedRequests
}

type OrderingContext = Context<SandboxEnv>

/**
 * The ordering API of reference 1, mounted at `basePath` (for Content-Location and links).
 * Middleware order: request id and language first (every answer has them), then maintenance,
 * then the lifecycle catch-up, then access per route.
 */
export function orderingApiRoutes(sandbox: Sandbox, basePath: string): Hono<SandboxEnv> {
  const { dialect } = sandbox
  const render = (row: RequestRow, options: RenderOptions) => dialect.request(renderRequest(row, options), row)
  const api: OrderingApi = { sandbox, basePath, render, rendered: new RenderedRequests(render) }
  const access = requireAccess({ ...sandbox, apiKeyInQueryOnly: dialect.apiKeyInQueryOnly })
  const app = new Hono<SandboxEnv>()
  app.use(identifyCall)
  app.onError((error, c) => answerOrderingError(api, error, c))
  app.use((c, next) => faultsAndMaintenance(api, c, next))
  // Miscellaneous (no API key).
  app.get('/doc', (c) => getDoc(api, c))
  app.get('/status', (c) => getStatus(api, c))
  app.get('/version', (c) => getVersion(api, c))
  // Everything else needs the API key and a token.
  app.get('/me', access, (c) => getMe(api, c))
  app.get('/requests', access, (c) => listRequests(api, c))
  app.get('/requests/aggregate', access, (c) => aggregateRequests(api, c))
  app.get('/requests/:id', access, (c) => getRequest(api, c))
  app.post('/requests', access, (c) => postRequest(api, c))
  app.get('/catalogItems', access, (c) => listCatalogItems(api, c))
  app.get('/catalogItems/:id', access, (c) => getCatalogItem(api, c))
  // A known path with another method is a 405 naming what is allowed; anything else a 404.
  app.all('*', (c) => notHere(api, c))
  return app
}

/** Every error of the API, thrown by a handler, as the platform entity in the endpoint's content type. */
function answerOrderingError({ basePath }: OrderingApi, error: Error, c: OrderingContext): Response {
  const known = error instanceof ApiError ? error : null
  if (!known) console.error(`[sandbox] ${c.get('requestId')} ${c.req.method} ${c.req.path}`, error)
  const answer = known ?? new ApiError(ORDERING_ERRORS, 500, ERROR_CODE.internal, 'internal')
  return answer.respond(c, { contentType: errorContentType(c.req.method, c.req.path.slice(basePath.length)) })
}

/** An injected fault first, then maintenance, then the lifecycle catch-up. */
async function faultsAndMaintenance({ sandbox, basePath }: OrderingApi, c: OrderingContext, next: Next): Promise<Response | void> {
  const path = c.req.path.slice(basePath.length)
  const fault = sandbox.faults.injected.take(c.req.method, path)
  if (fault) {
    const dropped = await injectFault(fault, sandbox.spikeArrest.limit)
    if (dropped) return dropped
  }
  if (sandbox.faults.maintenance && !/^\/status\/?$/.test(path)) {
    throw new ApiError(ORDERING_ERRORS, 503, ERROR_CODE.unavailable, 'unavailable', {}, { headers: { 'Retry-After': '30' } })
  }
  sandbox.catchUp()
  await next()
}

function getDoc({ basePath }: OrderingApi, c: OrderingContext): Response {
  parseQuery(c, ZApiKeyOnlyQuery)
  return sendJson(c, buildOpenApiDocument(publicBase(c, basePath)))
}

function getStatus({ sandbox }: OrderingApi, c: OrderingContext): Response {
  parseQuery(c, ZApiKeyOnlyQuery)
  const state = sandbox.faults.maintenance ? 'UNAVAILABLE' : 'OK'
  const body: ApiStatus = {
    status: state,
    checkedAt: new Date(sandbox.realNow()).toISOString(),
    components: [
      { name: 'ordering', status: state },
      { name: 'catalog', status: state },
      { name: 'storage', status: 'OK' },
    ],
  }
  return sendJson(c, sandbox.dialect.status(body))
}

function getVersion({ sandbox }: OrderingApi, c: OrderingContext): Response {
  parseQuery(c, ZApiKeyOnlyQuery)
  const body: ApiVersion = { name: 'B2B Ordering API', version: '3.1.0', major: 3, releasedAt: '2026-02-17' }
  return sendJson(c, sandbox.dialect.version(body))
}

function getMe({ sandbox }: OrderingApi, c: OrderingContext): Response {
  parseQuery(c, ZApiKeyOnlyQuery)
  const principal = c.get('principal')
  const application = sandbox.applications.byClientId(principal.clientId)!
  const contracts = sandbox.db.prepare('SELECT number, name FROM contracts WHERE customer_id = ? ORDER BY number').all(principal.customerId) as {
    number: string
    name: string
  }[]
  // A person signed in at the sandbox authorization server has a name and an e-mail address; a minted test subject has neither.
  const user = principal.subjectKind === 'user' ? sandbox.users.byId(principal.subjectId) : undefined
  const body: Me = {
    kind: principal.subjectKind,
    id: principal.subjectId,
    name: principal.subjectKind === 'application' ? application.name : (user?.name ?? principal.subjectId),
    ...(user ? { email: user.email } : {}),
    clientId: principal.clientId,
    customer: { id: principal.customerId, name: sandbox.customerNames.get(principal.customerId) ?? principal.customerId },
    scopes: principal.scopes,
    contracts,
  }
  return sendJson(c, sandbox.dialect.me(body))
}

function listRequests({ sandbox, basePath, rendered }: OrderingApi, c: OrderingContext): Response {
  const { dialect } = sandbox
  const query = parseQuery(c, dialect.listSchema, (flat) => dialect.requestQuery(flat, c.get('language'), 'list'))
  const { customerId } = c.get('principal')
  const { seqs, total } = sandbox.store.page(customerId, query)
  const options = {
    language: c.get('language'),
    customerName: sandbox.customerNames.get(customerId) ?? customerId,
    displayNulls: query.displayNulls ?? false,
    fields: query.fields,
    links: query.displayLinks ? publicBase(c, basePath) : undefined,
  }
  const texts = rendered.page(sandbox.store.version, seqs, options, (missing) => sandbox.store.rowsBySeq(missing))
  c.header(HEADER.totalCount, String(total))
  c.header(HEADER.resultCount, String(texts.length))
  return sendJsonText(c, `[${texts.join(',')}]`)
}

function aggregateRequests({ sandbox }: OrderingApi, c: OrderingContext): Response {
  const { dialect } = sandbox
  const query = parseQuery(c, dialect.aggregateSchema, (flat) => dialect.requestQuery(flat, c.get('language'), 'aggregate'))
  const counts = sandbox.store.aggregate(c.get('principal').customerId, query)
  c.header(HEADER.totalCount, String(Object.values(counts).reduce((sum, n) => sum + n, 0)))
  return sendJson(c, counts)
}

function getRequest({ sandbox, basePath, render }: OrderingApi, c: OrderingContext): Response {
  parseQuery(c, ZGetRequestQuery)
  const { customerId } = c.get('principal')
  const id = c.req.param('id')!
  const row = sandbox.store.get(customerId, id)
  // Another customer's request is as unknown as one that does not exist.
  if (!row) throw new ApiError(ORDERING_ERRORS, 404, ERROR_CODE.notFound, 'requestNotFound', { id })
  const query = c.req.query()
  return sendJson(
    c,
    render(row, {
      language: c.get('language'),
      customerName: sandbox.customerNames.get(customerId) ?? customerId,
      displayNulls: query.displayNulls === 'true',
      links: query.displayLinks === 'true' ? publicBase(c, basePath) : undefined,
    }),
  )
}

/** A creation's body: JSON, counted as it streams in, valid UTF-8, of a bounded shape. */
async function readCreationBody(c: OrderingContext): Promise<unknown> {
  const contentType = c.req.header('Content-Type') ?? ''
  if (!/^application\/json\b/i.test(contentType)) throw new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.unsupportedMediaType, 'contentType')
  const declared = Number(c.req.header('Content-Length') ?? 0)
  const tooLarge = () => new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.payloadTooLarge, 'bodyTooLarge', { max: REQUEST_BODY_MAX_BYTES })
  if (declared > REQUEST_BODY_MAX_BYTES) throw tooLarge()
  // Counted as it streams in (docs/decisions/0022-server-edge.md): reading stops at the first byte over the limit.
  const bytes = await readBounded(c.req.raw, REQUEST_BODY_MAX_BYTES)
  if (!bytes) throw tooLarge()
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.malformedBody, 'malformedJson', { detail: 'it is not valid UTF-8' })
  }
  // Depth and breadth before parsing: one stored value must never be too deep to read back (0020).
  const shape = jsonShapeProblem(text)
  if (shape) throw new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.malformedBody, JSON_SHAPE_KEYS[shape.limit], { max: shape.max })
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ApiError(ORDERING_ERRORS, 400, ERROR_CODE.malformedBody, 'malformedJson', { detail: (error as Error).message })
  }
}

async function postRequest({ sandbox, basePath, render }: OrderingApi, c: OrderingContext): Promise<Response> {
  parseQuery(c, ZApiKeyOnlyQuery)
  const principal = c.get('principal')
  if (!principal.scopes.includes('b2b:ordering')) throw new ApiError(ORDERING_ERRORS, 403, ERROR_CODE.insufficientScope, 'readonlyScope')
  const raw = await readCreationBody(c)
  const row = createRequest(sandbox, principal, sandbox.dialect.requestBody(raw), c.get('language'))
  sandbox.scheduled(row.next_at)
  const location = `${publicBase(c, basePath)}/requests/${row.id}`
  c.header(HEADER.contentLocation, location)
  const body = render(row, {
    language: c.get('language'),
    customerName: sandbox.customerNames.get(principal.customerId) ?? principal.customerId,
    displayNulls: false,
  })
  return sendJson(c, body, 201)
}

function listCatalogItems({ sandbox }: OrderingApi, c: OrderingContext): Response {
  const { dialect } = sandbox
  const query = parseQuery(c, dialect.catalogSchema, dialect.catalogQuery)
  const { total, items } = sandbox.catalog.list({
    offset: query.offset ?? 0,
    limit: query.limit ?? CATALOG_PAGE.defaultLimit,
    category: query.category,
    q: query.q,
    language: c.get('language'),
  })
  c.header(HEADER.totalCount, String(total))
  c.header(HEADER.resultCount, String(items.length))
  return sendJson(c, dialect.name === 'default' ? items : items.map(dialect.catalogItem))
}

function getCatalogItem({ sandbox }: OrderingApi, c: OrderingContext): Response {
  parseQuery(c, ZApiKeyOnlyQuery)
  const id = c.req.param('id')!
  const entry = sandbox.catalog.byId(id)
  if (!entry) throw new ApiError(ORDERING_ERRORS, 404, ERROR_CODE.notFound, 'catalogItemNotFound', { id })
  return sendJson(c, sandbox.dialect.catalogItem(sandbox.catalog.render(entry, c.get('language'))))
}

/** A known path with another method: a 405 naming what is allowed; anything else a 404. */
function notHere({ basePath }: OrderingApi, c: OrderingContext): never {
  const path = c.req.path.slice(basePath.length) || '/'
  const route = ROUTES.find((r) => r.pattern.test(path))
  if (route) {
    throw new ApiError(
      ORDERING_ERRORS,
      405,
      ERROR_CODE.methodNotAllowed,
      'methodNotAllowed',
      { method: c.req.method, path, allowed: route.allow },
      {
        headers: { Allow: route.allow },
      },
    )
  }
  throw new ApiError(ORDERING_ERRORS, 404, ERROR_CODE.notFound, 'pathNotFound', { path })
}
