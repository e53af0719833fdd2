import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { HEADER } from '@contract/common'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import { ZSandboxMe as ZMe } from '@contract/misc'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import type { ServerSessions } from './auth/session-store'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import {
  basicHeader,
  expectApiError,
  GATEWAY,
  jsonResponse,
  JSON_PLAIN,
  JSON_UTF8,
  OPERATOR_ENV,
  pagingOf,
  requestIdOf,
  sessionCookieHeader,
  startTestApp,
  stubOperator,
  TEST_HOSTS,
  validBody,
  type StubbedOperator,
  type TestApp,
} from '../../test/test-app'

/** The gateway at /api/ordering/v3: the browser's way to the ordering API, in front of the sandbox or an operator. */
describe('in front of the sandbox', () => {
  let t: TestApp
  let token: string
  /** The session of a signed-in person whose access token is `token`. */
  let session: Record<string, string>
  beforeAll(async () => {
    t = startTestApp()
    token = await t.mintToken()
    session = { Cookie: await t.sessionCookie(token) }
  })
  afterAll(() => t.close())

  /** A browser call through the gateway, signed in unless `token: null`. */
  const viaGateway = (path: string, { token: signedIn, ...options }: Parameters<TestApp['fetch']>[1] = {}) =>
    t.fetch(`${GATEWAY}${path}`, { ...options, headers: { ...(signedIn === null ? {} : session), ...options.headers } })

  it('adds the API key: a browser call without x-api-key succeeds, with the request id and paging headers', async () => {
    const response = await viaGateway('/requests?status=REJECTED&limit=5')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe(JSON_PLAIN)
    requestIdOf(response)
    const items = z.array(ZRequest).parse(await response.json())
    expect(pagingOf(response)).toEqual({ total: expect.any(Number) as number, result: 5 })
    expect(pagingOf(response).total).toBe(pagingOf(await t.call('/requests?status=REJECTED', { token })).total)
    expect(items.every((r) => r.status === 'REJECTED')).toBe(true)
  })

  it('attaches the session’s access token and never forwards the browser’s Authorization header', async () => {
    expect((await viaGateway('/me')).status).toBe(200)
    // A valid token in the header alone is not enough: the browser holds no token (0011).
    const withHeaderOnly = await viaGateway('/me', { token: null, headers: { Authorization: `Bearer ${token}` } })
    await expectApiError(withHeaderOnly, 401, ERROR_CODE.missingCredentials, JSON_UTF8)
    // And a browser header does not override the session's token.
    expect((await viaGateway('/me', { headers: { Authorization: 'Bearer forged' } })).status).toBe(200)
  })

  it('drops a browser-supplied x-api-key, in the query or in a header', async () => {
    // Forwarded, a repeated parameter would be a 400 and a wrong key a 401.
    expect((await viaGateway('/requests?x-api-key=wrong&x-api-key=again')).status).toBe(200)
    expect((await viaGateway('/me?x-api-key=wrong')).status).toBe(200)
    expect((await viaGateway('/me', { apiKey: 'wrong' })).status).toBe(200)
  })

  it('creates a request and rewrites Content-Location to the gateway', async () => {
    const response = await viaGateway('/requests', { json: validBody(t.today()) })
    expect(response.status).toBe(201)
    const created = ZRequest.parse(await response.json())
    expect(response.headers.get(HEADER.contentLocation)).toBe(`${GATEWAY}/requests/${created.id}`)
    const read = await t.fetch(response.headers.get(HEADER.contentLocation)!, { headers: session })
    expect(ZRequest.parse(await read.json())).toEqual(created)
  })

  it('gives links and the description with the gateway’s addresses, not the sandbox’s', async () => {
    const list = await viaGateway('/requests?limit=1&displayLinks=true')
    const [first] = (await list.json()) as { id: string; _links: { self: { href: string } } }[]
    expect(first!._links.self.href).toBe(`${GATEWAY}/requests/${first!.id}`)
    const doc = (await (await viaGateway('/doc')).json()) as { servers: { url: string }[] }
    expect(doc.servers).toEqual([{ url: GATEWAY }])
  })

  it('passes errors through unchanged: entity, code, content type, request id and headers', async () => {
    const unauthenticated = await viaGateway('/me', { token: null })
    expect(unauthenticated.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering"')
    await expectApiError(unauthenticated, 401, ERROR_CODE.missingCredentials, JSON_UTF8)

    const refused = await viaGateway('/requests', { json: validBody(t.today(), { contract: 'NOPE' }), language: 'fr' })
    expect(refused.headers.get('Content-Language')).toBe('fr')
    const error = await expectApiError(refused, 422, ERROR_CODE.unknownContract, JSON_UTF8)
    expect(error.message).toBe('Contrat inconnu')

    const notAllowed = await viaGateway('/requests', { method: 'DELETE' })
    expect(notAllowed.headers.get('Allow')).toBe('GET, POST')
    await expectApiError(notAllowed, 405, ERROR_CODE.methodNotAllowed)

    await expectApiError(await viaGateway('/requests/REQ99999999'), 404, ERROR_CODE.notFound)
  })

  it('passes the maintenance 503 and its Retry-After through', async () => {
    await t.control('maintenance', { enabled: true })
    try {
      const response = await viaGateway('/requests')
      expect(response.headers.get('Retry-After')).toBe('30')
      await expectApiError(response, 503, ERROR_CODE.unavailable)
    } finally {
      await t.control('maintenance', { enabled: false })
    }
  })

  it.each(['', '/', '/admin', '/requests/REQ00000001/attachments', '/requests/REQ.1', '/oauth/v3/token', `/requests/${'R'.repeat(65)}`])(
    'answers 404 with an error entity and a request id to the path "%s", which it does not forward',
    async (path) => {
      const body = await expectApiError(await viaGateway(path), 404, ERROR_CODE.notFound)
      expect(body.description).toMatch(/^No resource exists at \/api\/ordering\/v3/)
    },
  )

  it('reaches the misc endpoints, which need no token', async () => {
    expect((await viaGateway('/status', { token: null })).status).toBe(200)
    expect((await viaGateway('/version', { token: null })).status).toBe(200)
    const me = ZMe.parse(await (await viaGateway('/me')).json())
    expect(me.customer.id).toBe('C001')
  })
})

describe('in front of an operator (ORDERING_UPSTREAM is a URL)', () => {
  const UPSTREAM = 'https://operator.example/b2b/ordering/v3'
  const env = {
    SESSION_DB_PATH: ':memory:',
    ORDERING_UPSTREAM: UPSTREAM,
    ORDERING_API_KEY: 'operator-key-123',
    SERVE_SPA: 'off',
    OIDC_BASE_URL: 'https://auth.operator.example',
    OIDC_CLIENT_ID: 'client-1',
    OIDC_CLIENT_SECRET: 'client-secret-0123456789',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    ALLOWED_HOSTS: TEST_HOSTS,
  }
  let seen: Request[] = []
  const answer = (status: number, headers: Record<string, string> = {}, body = '{}') => {
    const upstream = vi.fn(async (request: Request) => {
      seen.push(request)
      return new Response(body, { status, headers: { 'Content-Type': 'application/json', [HEADER.requestId]: 'op-req-1', ...headers } })
    })
    vi.stubGlobal('fetch', upstream)
    return upstream
  }
  afterEach(() => {
    vi.unstubAllGlobals()
    seen = []
  })

  it('forwards allow-listed calls with its own API key and none of the browser’s', async () => {
    answer(200, { [HEADER.totalCount]: '42', [HEADER.resultCount]: '1', 'Set-Cookie': 'operator=1' }, '[]')
    const { app } = buildApp(loadConfig(env))
    const response = await app.request('/api/ordering/v3/requests?status=NEW&x-api-key=browser-key', {
      headers: { Authorization: 'Bearer user-token', 'Accept-Language': 'fr', 'x-api-key': 'browser-key', Cookie: 'session=secret' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get(HEADER.requestId)).toBe('op-req-1')
    expect(pagingOf(response)).toEqual({ total: 42, result: 1 })
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(seen).toHaveLength(1)
    const forwarded = seen[0]!
    expect(forwarded.url).toBe(`${UPSTREAM}/requests?status=NEW`)
    expect(forwarded.headers.get('x-api-key')).toBe('operator-key-123')
    // Not the browser's Authorization header (0011): without a session, no token at all.
    expect(forwarded.headers.get('Authorization')).toBeNull()
    expect(forwarded.headers.get('Accept-Language')).toBe('fr')
    expect(forwarded.headers.get('Cookie')).toBeNull()
  })

  it('attaches the access token of the oc_session cookie, and forwards no cookie', async () => {
    answer(200, {}, '[]')
    const config = loadConfig(env)
    const { app, sessions } = buildApp(config)
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-access-1', refreshToken: 'operator-refresh-1' }, sessions)
    const response = await app.request('/api/ordering/v3/requests', { headers: { Authorization: 'Bearer forged', Cookie: cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer operator-access-1')
    expect(seen[0]!.headers.get('Cookie')).toBeNull()
  })

  it('ignores a session cookie it cannot decrypt (tampered, or sealed with another secret)', async () => {
    answer(200, {}, '[]')
    const config = loadConfig(env)
    const { app, sessions } = buildApp(config)
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-access-1' }, sessions)
    const other = await sessionCookieHeader(
      loadConfig({ ...env, SESSION_SECRET: 'another-session-secret-of-32-characters' }),
      Date.now,
      { accessToken: 'operator-access-1' },
      sessions,
    )
    for (const sent of [`${cookie.slice(0, -4)}AAAA`, other]) {
      await app.request('/api/ordering/v3/requests', { headers: { Cookie: sent } })
    }
    expect(seen.map((request) => request.headers.get('Authorization'))).toEqual([null, null])
  })

  it.each([
    ['a path', '/b2b/ordering/v3/requests/REQ00000042'],
    ['an absolute URL', 'https://operator.example/b2b/ordering/v3/requests/REQ00000042'],
  ])('rewrites a Content-Location given as %s to the gateway', async (_, location) => {
    answer(201, { [HEADER.contentLocation]: location })
    const config = loadConfig(env)
    const { app, sessions } = buildApp(config)
    // A write needs a session at the gateway before its body is read (0022).
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-access-token' }, sessions)
    const response = await app.request('/api/ordering/v3/requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: '{}',
    })
    expect(response.status).toBe(201)
    expect(response.headers.get(HEADER.contentLocation)).toBe('/api/ordering/v3/requests/REQ00000042')
    expect(await seen[0]!.text()).toBe('{}')
  })

  it('does not forward a path off the allow-list', async () => {
    const upstream = answer(200)
    const { app } = buildApp(loadConfig(env))
    await expectApiError(await app.request('/api/ordering/v3/requests/REQ1/attachments'), 404, ERROR_CODE.notFound)
    expect(upstream).not.toHaveBeenCalled()
  })

  it('answers 502 with an error entity and a request id when the operator cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed')
      }),
    )
    const { app } = buildApp(loadConfig(env))
    const body = await expectApiError(await app.request('/api/ordering/v3/status'), 502, ERROR_CODE.internal)
    expect(body.message).toBe('The ordering API could not be reached')
  })

  it('answers 504 when the operator does not answer in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
      }),
    )
    const { app } = buildApp(loadConfig(env))
    const body = await expectApiError(await app.request('/api/ordering/v3/status'), 504, ERROR_CODE.internal)
    expect(body.description).toMatch(/may still have been processed/)
  })

  it('mounts no sandbox: its API, token endpoint and controls are unreachable', async () => {
    const upstream = answer(200)
    const built = buildApp(loadConfig(env))
    expect(built.sandbox).toBeNull()
    for (const path of ['/sandbox/control/clock', '/sandbox/ordering/v3/status', '/sandbox/oauth/v3/token']) {
      expect((await built.app.request(path)).status).toBe(404)
      expect((await built.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"days":1}' })).status).toBe(404)
    }
    expect(upstream).not.toHaveBeenCalled()
    expect(await (await built.app.request('/healthz')).json()).toEqual({ ok: true, upstream: 'operator' })
  })
})

describe('unknown addresses under /api and /sandbox', () => {
  it('answer a 404 error entity with a request id, not the SPA page', async () => {
    const t = startTestApp({ SERVE_SPA: 'on', SPA_DIST: 'public' })
    try {
      for (const path of ['/api/nothing', '/sandbox/nothing/here']) {
        const response = await t.fetch(path)
        expect(response.status).toBe(404)
        expect(response.headers.get('Content-Type')).toBe('application/json')
        expect(ZApiErrorBody.parse(await response.json()).code).toBe(ERROR_CODE.notFound)
        requestIdOf(response)
      }
    } finally {
      t.close()
    }
  })
})

describe('in front of an operator, with a session whose access token expires (401 code 42)', () => {
  const expired = { code: ERROR_CODE.expiredCredentials, message: 'Expired credentials' }
  const BEFORE_ID = '0b0b0b0b-0000-4000-8000-000000000001'
  const AFTER_ID = '0a0a0a0a-0000-4000-8000-000000000002'
  const config = loadConfig(OPERATOR_ENV)
  // The gateway's clock stands still, so that cookie lifetimes are exact.
  const START = Date.now()
  const clock = () => START
  afterEach(() => vi.unstubAllGlobals())

  /** An API that accepts `valid` only, and says 42 to `stale`. */
  const api = (valid: string) => (request: Request) => {
    const auth = request.headers.get('Authorization')
    if (auth === `Bearer ${valid}`) return jsonResponse(200, [], { [HEADER.requestId]: AFTER_ID })
    return jsonResponse(401, auth === 'Bearer stale' ? expired : { code: ERROR_CODE.invalidCredentials, message: 'Invalid credentials' }, {
      [HEADER.requestId]: BEFORE_ID,
      'WWW-Authenticate': 'Bearer realm="ordering"',
    })
  }
  const staleSession = (sessions: ServerSessions) =>
    sessionCookieHeader(config, clock, { accessToken: 'stale', refreshToken: 'refresh-1', sub: 'person-1' }, sessions)

  it('refreshes once, replays the call with its body, and renews the cookie', async () => {
    const operator = stubOperator({
      api: api('fresh'),
      token: () => jsonResponse(200, { token_type: 'Bearer', access_token: 'fresh', expires_in: 3600, refresh_token: 'refresh-2' }),
    })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const response = await app.request('/api/ordering/v3/requests', {
      method: 'POST',
      headers: { Cookie: await staleSession(sessions), 'Content-Type': 'application/json' },
      body: '{"type":"INTERNET_ACCESS"}',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get(HEADER.requestId)).toBe(AFTER_ID)
    expect(operator.tokenCalls).toHaveLength(1)
    const [{ request, form }] = operator.tokenCalls as [StubbedOperator['tokenCalls'][number]]
    expect(request.headers.get('Authorization')).toBe(basicHeader(OPERATOR_ENV.OIDC_CLIENT_ID, OPERATOR_ENV.OIDC_CLIENT_SECRET))
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' })
    expect(operator.apiCalls.map((call) => [call.request.headers.get('Authorization'), call.body])).toEqual([
      ['Bearer stale', '{"type":"INTERNET_ACCESS"}'],
      ['Bearer fresh', '{"type":"INTERNET_ACCESS"}'],
    ])
    const renewed = response.headers.get('Set-Cookie')!
    expect(renewed).toMatch(/^oc_session=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    // The renewed cookie carries the new tokens: the next call goes straight through.
    await app.request('/api/ordering/v3/requests', { headers: { Cookie: renewed.split(';')[0]! } })
    expect(operator.apiCalls.at(-1)!.request.headers.get('Authorization')).toBe('Bearer fresh')
    expect(operator.tokenCalls).toHaveLength(1)
  })

  it('refreshes once for concurrent calls of one session (single-flight), and every call is replayed', async () => {
    const operator = stubOperator({
      api: api('fresh'),
      token: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30))
        return jsonResponse(200, { token_type: 'Bearer', access_token: 'fresh', expires_in: 3600 })
      },
    })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const cookie = await staleSession(sessions)
    const responses = await Promise.all(
      ['/requests', '/me', '/catalogItems'].map((path) => app.request(`/api/ordering/v3${path}`, { headers: { Cookie: cookie } })),
    )
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200])
    expect(responses.every((response) => response.headers.get('Set-Cookie')?.startsWith('oc_session='))).toBe(true)
    expect(operator.tokenCalls).toHaveLength(1)
    expect(operator.apiCalls).toHaveLength(6)
  })

  it('serves a later call with the cookie it already had with the refreshed tokens: the store holds them (rotated refresh token)', async () => {
    const used = new Set<string>()
    const operator = stubOperator({
      api: api('fresh'),
      token: (form) => {
        // An operator that rotates refresh tokens refuses a used one.
        if (used.has(form.get('refresh_token')!)) return jsonResponse(400, { error: 'invalid_grant', error_description: 'Refresh token already used.' })
        used.add(form.get('refresh_token')!)
        return jsonResponse(200, { token_type: 'Bearer', access_token: 'fresh', expires_in: 3600, refresh_token: 'refresh-2' })
      },
    })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const cookie = await staleSession(sessions)
    expect((await app.request('/api/ordering/v3/me', { headers: { Cookie: cookie } })).status).toBe(200)
    const late = await app.request('/api/ordering/v3/me', { headers: { Cookie: cookie } })
    expect(late.status).toBe(200)
    // The cookie holds only the session's id (docs/decisions/0031-server-side-sessions.md): nothing to renew.
    expect(late.headers.get('Set-Cookie')).toBeNull()
    expect(operator.tokenCalls).toHaveLength(1)
  })

  it('answers the original 401 and ends the session when the operator refuses the refresh token', async () => {
    const operator = stubOperator({
      api: api('fresh'),
      token: () => jsonResponse(400, { error: 'invalid_grant', error_description: 'The refresh token was revoked.' }),
    })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const response = await app.request('/api/ordering/v3/me', { headers: { Cookie: await staleSession(sessions) } })
    expect(response.headers.get(HEADER.requestId)).toBe(BEFORE_ID)
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering"')
    await expectApiError(response, 401, ERROR_CODE.expiredCredentials)
    expect(response.headers.get('Set-Cookie')).toBe('oc_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict')
    expect(operator.tokenCalls).toHaveLength(1)
    expect(operator.apiCalls).toHaveLength(1)
  })

  it('keeps the session when the operator cannot be reached for the refresh (the next call tries again)', async () => {
    let reachable = false
    const operator = stubOperator({
      api: api('fresh'),
      token: () => {
        if (!reachable) throw new TypeError('fetch failed')
        return jsonResponse(200, { token_type: 'Bearer', access_token: 'fresh', expires_in: 3600 })
      },
    })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const cookie = await staleSession(sessions)
    const first = await app.request('/api/ordering/v3/me', { headers: { Cookie: cookie } })
    await expectApiError(first, 401, ERROR_CODE.expiredCredentials)
    expect(first.headers.get('Set-Cookie')).toBeNull()
    reachable = true
    expect((await app.request('/api/ordering/v3/me', { headers: { Cookie: cookie } })).status).toBe(200)
    expect(operator.tokenCalls).toHaveLength(2)
  })

  it('never loops: a replay that is refused again is answered as it is', async () => {
    const operator = stubOperator({
      api: () => jsonResponse(401, expired, { [HEADER.requestId]: BEFORE_ID }),
      token: () => jsonResponse(200, { token_type: 'Bearer', access_token: 'also-stale', expires_in: 3600 }),
    })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const response = await app.request('/api/ordering/v3/me', { headers: { Cookie: await staleSession(sessions) } })
    await expectApiError(response, 401, ERROR_CODE.expiredCredentials)
    expect(operator.tokenCalls).toHaveLength(1)
    expect(operator.apiCalls).toHaveLength(2)
  })

  it('refreshes only on code 42 of a session: a 41 passes through, a browser’s own bearer is never forwarded', async () => {
    const operator = stubOperator({ api: api('fresh'), token: () => jsonResponse(500, {}) })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const revoked = await sessionCookieHeader(config, clock, { accessToken: 'revoked', refreshToken: 'refresh-1' }, sessions)
    await expectApiError(await app.request('/api/ordering/v3/me', { headers: { Cookie: revoked } }), 401, ERROR_CODE.invalidCredentials)
    await expectApiError(await app.request('/api/ordering/v3/me', { headers: { Authorization: 'Bearer stale' } }), 401, ERROR_CODE.invalidCredentials)
    expect(operator.tokenCalls).toHaveLength(0)
  })

  it('ends a session that has no refresh token at its first 42, without asking the operator', async () => {
    const operator = stubOperator({ api: api('fresh'), token: () => jsonResponse(500, {}) })
    const { app, sessions } = buildApp(config, { realNow: clock })
    const cookie = await sessionCookieHeader(config, clock, { accessToken: 'stale' }, sessions)
    const response = await app.request('/api/ordering/v3/me', { headers: { Cookie: cookie } })
    await expectApiError(response, 401, ERROR_CODE.expiredCredentials)
    expect(response.headers.get('Set-Cookie')).toMatch(/^oc_session=; Max-Age=0/)
    expect(operator.tokenCalls).toHaveLength(0)
  })
})
