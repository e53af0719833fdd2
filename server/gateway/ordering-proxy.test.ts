import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { HEADER } from '@contract/common'
import { ERROR_CODE, ZApiErrorBody } from '@contract/error'
import { ZMe } from '@contract/misc'
import { ZRequest } from '@contract/request'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import {
  expectApiError, GATEWAY, JSON_PLAIN, JSON_UTF8, pagingOf, requestIdOf, startTestApp, validBody, type TestApp,
} from '../test-support'

/** The gateway at /api/ordering/v3: the browser's way to the ordering API, in front of the sandbox or an operator. */
describe('in front of the sandbox', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = startTestApp()
    token = await t.mintToken()
  })
  afterAll(() => t.close())

  const viaGateway = (path: string, options: Parameters<TestApp['fetch']>[1] = {}) => t.fetch(`${GATEWAY}${path}`, { token, ...options })

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
    const read = await t.fetch(response.headers.get(HEADER.contentLocation)!, { token })
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

  it.each([
    '',
    '/',
    '/admin',
    '/requests/REQ00000001/attachments',
    '/requests/REQ.1',
    '/oauth/v3/token',
    `/requests/${'R'.repeat(65)}`,
  ])('answers 404 with an error entity and a request id to the path "%s", which it does not forward', async (path) => {
    const body = await expectApiError(await viaGateway(path), 404, ERROR_CODE.notFound)
    expect(body.description).toMatch(/^No resource exists at \/api\/ordering\/v3/)
  })

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
    ORDERING_UPSTREAM: UPSTREAM,
    ORDERING_API_KEY: 'operator-key-123',
    SERVE_SPA: 'off',
    OIDC_BASE_URL: 'https://auth.operator.example',
    OIDC_CLIENT_ID: 'client-1',
    OIDC_CLIENT_SECRET: 'client-secret-0123456789',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
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
    expect(forwarded.headers.get('Authorization')).toBe('Bearer user-token')
    expect(forwarded.headers.get('Accept-Language')).toBe('fr')
    expect(forwarded.headers.get('Cookie')).toBeNull()
  })

  it.each([
    ['a path', '/b2b/ordering/v3/requests/REQ00000042'],
    ['an absolute URL', 'https://operator.example/b2b/ordering/v3/requests/REQ00000042'],
  ])('rewrites a Content-Location given as %s to the gateway', async (_, location) => {
    answer(201, { [HEADER.contentLocation]: location })
    const { app } = buildApp(loadConfig(env))
    const response = await app.request('/api/ordering/v3/requests', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
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
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('fetch failed')
    }))
    const { app } = buildApp(loadConfig(env))
    const body = await expectApiError(await app.request('/api/ordering/v3/status'), 502, ERROR_CODE.internal)
    expect(body.message).toBe('The ordering API could not be reached')
  })

  it('answers 504 when the operator does not answer in time', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    }))
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
