import { SignJWT, type JWTPayload } from 'jose'
import { expect, vi } from 'vitest'
import { HEADER } from '@contract/common'
import { ZApiErrorBody, ZOAuthErrorBody, type ApiErrorBody } from '@contract/error'
import { SCOPE } from '@contract/misc'
import { addDaysToIsoDate } from '@contract/request-bodies'
import { buildApp, type BuiltApp } from '../server/app'
import { loadConfig, type ServerConfig } from '../server/config'
import { SESSION_COOKIE, SessionCookies, sessionFromTokens } from '../server/gateway/auth/session'
import type { SharedStore } from '../server/gateway/shared-store'
import type { ServerSessions } from '../server/gateway/auth/session-store'
import { SANDBOX_ORDERING_BASE } from '../server/sandbox/routes'
import { SANDBOX_APPLICATION } from '../server/sandbox/demo'
import type { Sandbox } from '../server/sandbox/sandbox'

/**
 * Shared helpers of the in-process API tests: an app on an in-memory sandbox with a real clock the test
 * moves by hand, tokens, authenticated calls and valid request bodies.
 */
export const API = SANDBOX_ORDERING_BASE
export const GATEWAY = '/api/ordering/v3'
export const JSON_UTF8 = 'application/json;charset=utf-8'
export const JSON_PLAIN = 'application/json'
/** The sandbox application's credentials, the configuration's defaults (server/sandbox/demo.ts). */
export const SANDBOX_API_KEY: string = SANDBOX_APPLICATION.apiKey
export const SANDBOX_CLIENT_ID: string = SANDBOX_APPLICATION.clientId
export const SANDBOX_CLIENT_SECRET: string = SANDBOX_APPLICATION.clientSecret

/** The control secret of every test app (0009); tests send it with `t.fetch` and `t.control` like the e2e fixtures. */
export const TEST_CONTROL_SECRET = 'test-control-secret-0123456789'
/** In-process calls (`app.request('/path')`) come with Host: localhost; some tests name localhost:8080 or a real port. */
export const TEST_HOSTS = 'localhost:*,127.0.0.1:*,sandbox.internal'

/** A Monday morning, UTC: the real clock every test app starts at unless told otherwise. */
export const DEFAULT_START = Date.parse('2026-05-04T10:00:00.000Z')

/** The "real" time of a test app: it only moves when the test says so (token expiry, rate limits). */
export class ManualClock {
  constructor(private ms: number = DEFAULT_START) {}
  readonly now = (): number => this.ms
  advance(ms: number): void {
    this.ms += ms
  }
}

export interface CallOptions {
  method?: string
  /** Bearer token; `null` sends no Authorization header. */
  token?: string | null
  /** API key header; `null` sends none. */
  apiKey?: string | null
  language?: string
  /** A JSON value, sent with Content-Type application/json (unless `contentType` says otherwise). */
  json?: unknown
  /** A raw body, sent as is. */
  body?: string
  contentType?: string
  headers?: Record<string, string>
}

export interface TestApp extends BuiltApp {
  sandbox: Sandbox
  clock: ManualClock
  config: ServerConfig
  /** A Cookie header that signs someone in at the gateway with `accessToken`, skipping the sign-in screens. */
  sessionCookie(accessToken: string, options?: SessionCookieOptions): Promise<string>
  /** A call to the sandbox's ordering API (`path` relative to /sandbox/ordering/v3), with the API key and `token`. */
  call(path: string, options?: CallOptions): Promise<Response>
  /** A call to any path of the server, with the same options but no default API key. */
  fetch(path: string, options?: CallOptions): Promise<Response>
  /** POST /sandbox/control/<path> with a JSON body; fails the test unless it answers 2xx. */
  control<T = Record<string, unknown>>(path: string, body: unknown): Promise<T>
  /** A user token minted through POST /sandbox/control/tokens. */
  mintToken(options?: { customerId?: string; scopes?: string[]; ttlSeconds?: number; subjectId?: string }): Promise<string>
  /** A token of the sandbox application through the client-credentials endpoint. */
  clientCredentialsToken(scope?: string): Promise<string>
  /** The sandbox's today, YYYY-MM-DD. */
  today(): string
  /** Moves the sandbox clock (lifecycle, today+7 rule) forward. */
  advanceSandbox(by: { days?: number; hours?: number }): Promise<void>
  /** How many requests `token`'s customer has (X-Total-Count of GET /requests). */
  countRequests(token: string): Promise<number>
}

/** A test app and a user token of its first customer, for a `describe` block's `beforeAll`. */
export async function startTestAppWithToken(env: Record<string, string> = {}): Promise<{ t: TestApp; token: string }> {
  const t = startTestApp(env)
  return { t, token: await t.mintToken() }
}

/** Builds the whole server on an in-memory sandbox; spike arrest is off unless `env` sets it. */
export function startTestApp(env: Record<string, string> = {}, options: { start?: number; clock?: ManualClock; store?: SharedStore } = {}): TestApp {
  const clock = options.clock ?? new ManualClock(options.start)
  const config = loadConfig({
    SANDBOX_DB_PATH: ':memory:',
    SESSION_DB_PATH: ':memory:',
    SERVE_SPA: 'off',
    SANDBOX_SEED_COUNT: '600',
    SANDBOX_SPIKE_ARREST_PER_SECOND: '0',
    SANDBOX_CONTROL_SECRET: TEST_CONTROL_SECRET,
    ALLOWED_HOSTS: TEST_HOSTS,
    ...env,
  })
  const built = buildApp(config, { realNow: clock.now, ...(options.store ? { store: options.store } : {}) })
  if (!built.sandbox) throw new Error('startTestApp needs the sandbox as upstream')
  const sandbox = built.sandbox

  const fetchPath = (path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (path.startsWith('/sandbox/control/') && !('X-Sandbox-Control-Secret' in headers)) headers['X-Sandbox-Control-Secret'] = TEST_CONTROL_SECRET
    if (options.apiKey) headers[HEADER.apiKey] = options.apiKey
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    if (options.language) headers['Accept-Language'] = options.language
    let body = options.body
    if (options.json !== undefined) body = JSON.stringify(options.json)
    if (body !== undefined) headers['Content-Type'] = options.contentType ?? JSON_PLAIN
    else if (options.contentType) headers['Content-Type'] = options.contentType
    return Promise.resolve(built.app.request(path, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }))
  }

  const control = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetchPath(`/sandbox/control/${path}`, { json: body })
    if (!response.ok) throw new Error(`POST /sandbox/control/${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as T
  }

  const testApp: TestApp = {
    ...built,
    sandbox,
    clock,
    config,
    sessionCookie: (accessToken, options) => sessionCookieHeader(config, clock.now, { accessToken, ...options }, built.sessions),
    fetch: fetchPath,
    call: (path, options = {}) => fetchPath(`${API}${path}`, { ...options, apiKey: options.apiKey === undefined ? SANDBOX_API_KEY : options.apiKey }),
    control,
    async mintToken(options = {}) {
      const minted = await control<{ access_token: string }>('tokens', {
        customerId: options.customerId ?? 'C001',
        scopes: options.scopes ?? [SCOPE.full],
        ...(options.ttlSeconds ? { ttlSeconds: options.ttlSeconds } : {}),
        ...(options.subjectId ? { subjectId: options.subjectId } : {}),
      })
      return minted.access_token
    },
    async clientCredentialsToken(scope) {
      const response = await tokenRequest(testApp, { form: { grant_type: 'client_credentials', ...(scope ? { scope } : {}) } })
      expect(response.status).toBe(200)
      return ((await response.json()) as { access_token: string }).access_token
    },
    today: () => sandbox.clock.today(),
    async advanceSandbox(by) {
      await control('clock', by)
    },
    async countRequests(token) {
      const response = await testApp.call('/requests?limit=1', { token })
      expect(response.status).toBe(200)
      return Number(response.headers.get(HEADER.totalCount))
    },
  }
  return testApp
}

export interface SessionCookieOptions {
  refreshToken?: string
  expiresIn?: number
  sub?: string
  scope?: string
}

/**
 * `oc_session=<JWE>` for a Cookie header, sealed as the gateway of `config` seals it at the time `now`
 * (the gateway's clock), its session stored in `sessions` (the app's, `BuiltApp.sessions`): what a sign-in through
 * /auth/token would leave in the browser and the gateway's session store.
 */
export async function sessionCookieHeader(
  config: ServerConfig,
  now: () => number,
  session: SessionCookieOptions & { accessToken: string },
  sessions: ServerSessions,
): Promise<string> {
  const cookies = new SessionCookies(config.oidc.sessionSecret, now, sessions)
  const sealed = await cookies.sealSession(
    sessionFromTokens(
      {
        token_type: 'Bearer',
        access_token: session.accessToken,
        expires_in: session.expiresIn ?? 3600,
        ...(session.refreshToken ? { refresh_token: session.refreshToken } : {}),
      },
      Math.floor(now() / 1000),
      { sub: session.sub ?? 'test-person', scope: session.scope ?? config.oidc.scope },
    ),
  )
  return `${SESSION_COOKIE}=${sealed}`
}

/**
 * A server started as a process (server/cluster/cluster.ts), in the shape of `TestApp.fetch` so that the helpers
 * taking one (`tokenRequest`, the sign-in flows) drive it over HTTP: paths or absolute URLs, redirects not followed.
 */
export function overHttp(baseUrl: string | (() => string)): Pick<TestApp, 'fetch'> {
  return {
    fetch(path, options = {}) {
      const headers: Record<string, string> = { ...options.headers }
      if (options.apiKey) headers[HEADER.apiKey] = options.apiKey
      if (options.token) headers.Authorization = `Bearer ${options.token}`
      if (options.language) headers['Accept-Language'] = options.language
      const body = options.json !== undefined ? JSON.stringify(options.json) : options.body
      if (body !== undefined || options.contentType) headers['Content-Type'] = options.contentType ?? JSON_PLAIN
      const base = typeof baseUrl === 'function' ? baseUrl() : baseUrl
      const url = path.startsWith('http') ? path : `${base}${path}`
      return fetch(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' })
    },
  }
}

/** POST /sandbox/oauth/v3/token; Basic credentials of the sandbox application and Accept JSON unless told otherwise. */
export function tokenRequest(
  testApp: Pick<TestApp, 'fetch'>,
  options: { form?: Record<string, string>; basic?: string | null; accept?: string | null; contentType?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {}
  const basic = options.basic === undefined ? basicHeader(SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET) : options.basic
  if (basic) headers.Authorization = basic
  const accept = options.accept === undefined ? 'application/json' : options.accept
  if (accept) headers.Accept = accept
  return testApp.fetch('/sandbox/oauth/v3/token', {
    body: new URLSearchParams(options.form ?? { grant_type: 'client_credentials' }).toString(),
    contentType: options.contentType ?? 'application/x-www-form-urlencoded',
    headers,
  })
}

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
}

/**
 * Checks that `response` is the platform error entity with `status` and `code`, with a request id and the
 * content type of its endpoint, and returns the parsed body.
 */
export async function expectApiError(response: Response, status: number, code: number, contentType: string = JSON_PLAIN): Promise<ApiErrorBody> {
  const text = await response.text()
  expect({ status: response.status, text }).toMatchObject({ status })
  expect(response.headers.get('Content-Type')).toBe(contentType)
  expect(response.headers.get(HEADER.requestId)).toMatch(/^[0-9a-f-]{36}$/)
  const body = ZApiErrorBody.parse(JSON.parse(text))
  expect(body.code).toBe(code)
  expect(body.message).not.toBe('')
  return body
}

/** The request id header, checked to be there. */
export function requestIdOf(response: Response): string {
  const id = response.headers.get(HEADER.requestId)
  expect(id).toMatch(/^[0-9a-f-]{36}$/)
  return id!
}

export function pagingOf(response: Response): { total: number; result: number } {
  return { total: Number(response.headers.get(HEADER.totalCount)), result: Number(response.headers.get(HEADER.resultCount)) }
}

/** Every request of the token's customer matching `query`, page by page (limit 100). */
export async function listAll<T = Record<string, unknown>>(testApp: TestApp, token: string, query = ''): Promise<T[]> {
  const all: T[] = []
  for (let offset = 0; ; offset += 100) {
    const response = await testApp.call(`/requests?limit=100&offset=${offset}${query ? `&${query}` : ''}`, { token })
    expect(response.status).toBe(200)
    const page = (await response.json()) as T[]
    all.push(...page)
    if (offset + page.length >= pagingOf(response).total) return all
  }
}

// --- Valid bodies of POST /requests, relative to the sandbox's today ---

export const TEST_SITE = {
  name: 'Test site',
  address: { street: '1 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' },
}
export const TEST_CONTACTS = { primary: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+33 1 23 45 67 89' } }

/** A valid INTERNET_ACCESS creation for C001, wanted on today + `days` (7 by default); `overrides` win. */
export function validBody(today: string, overrides: Record<string, unknown> = {}, days = 7): Record<string, unknown> {
  return {
    type: 'INTERNET_ACCESS',
    requestedAt: addDaysToIsoDate(today, days),
    contract: 'ACM-000101',
    customerReference: 'PO-TEST-0001',
    attachments: [],
    properties: {
      location: TEST_SITE,
      contacts: TEST_CONTACTS,
      billingAccount: { code: 'BA-TEST-1' },
      options: { bandwidthMbps: 100 },
    },
    ...overrides,
  }
}

/** A valid body acting on request `requestId`: a REQUEST_CANCELLATION or an INTERNET_ACCESS_CHANGE. */
export function actingOnBody(today: string, type: 'REQUEST_CANCELLATION' | 'INTERNET_ACCESS_CHANGE', requestId: string) {
  return {
    type,
    requestedAt: addDaysToIsoDate(today, 7),
    contract: 'ACM-000101',
    requestId,
    attachments: [],
    ...(type === 'INTERNET_ACCESS_CHANGE' ? { properties: { options: { bandwidthMbps: 200 } } } : {}),
  }
}

/** A valid INTERNET_ACCESS_TERMINATION of service point `servicePointId`. */
export function terminationBody(today: string, servicePointId: string) {
  return {
    type: 'INTERNET_ACCESS_TERMINATION',
    requestedAt: addDaysToIsoDate(today, 7),
    contract: 'ACM-000101',
    attachments: [],
    properties: { servicePoint: { id: servicePointId } },
  }
}

/** POST /requests with `body`; expects 201 and returns the created request. */
export async function createOk(testApp: TestApp, token: string, body: unknown, language?: string) {
  const response = await testApp.call('/requests', { token, json: body, ...(language ? { language } : {}) })
  if (response.status !== 201) throw new Error(`POST /requests answered ${response.status}: ${await response.text()}`)
  return { response, request: (await response.json()) as Record<string, unknown> & { id: string } }
}

// --- A stubbed operator (ORDERING_UPSTREAM and OIDC_BASE_URL are URLs, global fetch is replaced) ---

export const OPERATOR_API = 'https://operator.example/b2b/ordering/v3'
export const OPERATOR_AUTH = 'https://auth.operator.example'
export const OPERATOR_ISSUER = `${OPERATOR_AUTH}/openidconnect/fr`
export const OPERATOR_TOKEN_URL = `${OPERATOR_ISSUER}/v1/token`
/** The environment of a gateway in front of a real operator. */
export const OPERATOR_ENV = {
  SESSION_DB_PATH: ':memory:',
  ORDERING_UPSTREAM: OPERATOR_API,
  ORDERING_API_KEY: 'operator-key-123',
  SERVE_SPA: 'off',
  OIDC_BASE_URL: OPERATOR_AUTH,
  OIDC_CLIENT_ID: 'client-1',
  OIDC_CLIENT_SECRET: 'client-secret-0123456789',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  ALLOWED_HOSTS: TEST_HOSTS,
} as const

export interface StubbedOperator {
  /** Every call of the token endpoint, with its form. */
  tokenCalls: { request: Request; form: URLSearchParams }[]
  /** Every call of the ordering API, with its body. */
  apiCalls: { request: Request; body: string }[]
}

/**
 * Replaces global fetch (restore with vi.unstubAllGlobals) by an operator whose token endpoint and API
 * answer with `token` and `api`; any other address fails the test.
 */
export function stubOperator(handlers: {
  token?: (form: URLSearchParams, request: Request) => Response | Promise<Response>
  api?: (request: Request, body: string) => Response | Promise<Response>
}): StubbedOperator {
  const stub: StubbedOperator = { tokenCalls: [], apiCalls: [] }
  vi.stubGlobal('fetch', async (input: Request) => {
    if (input.url === OPERATOR_TOKEN_URL && handlers.token) {
      const form = new URLSearchParams(await input.clone().text())
      stub.tokenCalls.push({ request: input, form })
      return handlers.token(form, input)
    }
    if (input.url.startsWith(`${OPERATOR_API}/`) && handlers.api) {
      const body = await input.clone().text()
      stub.apiCalls.push({ request: input, body })
      return handlers.api(input, body)
    }
    throw new Error(`Unexpected fetch of ${input.url}`)
  })
  return stub
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

/** An ID token as the stubbed operator signs it (HS256 with the client secret); `claims` override or remove (undefined) claims. */
export async function operatorIdToken(claims: Record<string, unknown> = {}, options: { secret?: string; alg?: string; now?: number } = {}): Promise<string> {
  const now = Math.floor((options.now ?? Date.now()) / 1000)
  const payload: Record<string, unknown> = {
    iss: OPERATOR_ISSUER,
    sub: 'person-1',
    aud: [OPERATOR_ENV.OIDC_CLIENT_ID],
    iat: now,
    exp: now + 3600,
    auth_time: now,
    nonce: 'nonce-1',
    name: 'Alice Martin',
    ...claims,
  }
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name]
  return new SignJWT(payload as JWTPayload)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? OPERATOR_ENV.OIDC_CLIENT_SECRET))
}

/**
 * Checks an OAuth error answer of a token endpoint (reference 2): status, JSON, `Cache-Control: no-store`
 * and the `error`; with `requestId`, also the platform's `X-OAPI-Request-Id` (the sandbox sets it, the
 * gateway's token handler does not).
 */
export async function expectOAuthError(response: Response, status: number, error: string, options: { requestId?: boolean } = {}) {
  const text = await response.text()
  expect({ status: response.status, text }).toMatchObject({ status })
  expect(response.headers.get('Content-Type')).toBe('application/json')
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  if (options.requestId) requestIdOf(response)
  const body = ZOAuthErrorBody.parse(JSON.parse(text))
  expect(body.error).toBe(error)
  return body
}
