import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ZSandboxCatalogItem } from '@contract/catalog'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { SCOPE, ZSandboxApiStatus as ZApiStatus, ZSandboxApiVersion as ZApiVersion, ZSandboxMe as ZMe } from '@contract/misc'
import { ZSandboxRequest as ZRequest } from '@contract/request'
import { ZAggregateResponse } from '@contract/request-query'
import {
  API,
  createOk,
  expectApiError,
  JSON_PLAIN,
  JSON_UTF8,
  pagingOf,
  requestIdOf,
  SANDBOX_CLIENT_ID,
  startTestApp,
  validBody,
  type TestApp,
} from '../../../test/test-app'
import { BUILTIN_CATALOG_ITEMS } from '../catalog/builtin-items'

let t: TestApp
let token: string
let expiredToken: string
let noScopeToken: string
let ownRequestId: string

beforeAll(async () => {
  t = startTestApp()
  token = await t.mintToken()
  noScopeToken = await t.mintToken({ scopes: ['openid'] })
  expiredToken = await t.mintToken({ ttlSeconds: 1 })
  t.clock.advance(2000)
  ownRequestId = (await createOk(t, token, validBody(t.today()))).request.id
})
afterAll(() => t.close())

interface Endpoint {
  op: string
  method: 'GET' | 'POST'
  path: string
  auth: boolean
  ok: 200 | 201
  /** Content type of this endpoint's errors (reference 1). */
  errorType: string
  /** Another method on the same path: 405 with this Allow, in this content type. */
  other: { method: string; allow: string; errorType: string }
}

const ENDPOINTS: Endpoint[] = [
  {
    op: 'POST /requests',
    method: 'POST',
    path: '/requests',
    auth: true,
    ok: 201,
    errorType: JSON_UTF8,
    other: { method: 'DELETE', allow: 'GET, POST', errorType: JSON_PLAIN },
  },
  {
    op: 'GET /requests',
    method: 'GET',
    path: '/requests',
    auth: true,
    ok: 200,
    errorType: JSON_PLAIN,
    other: { method: 'PUT', allow: 'GET, POST', errorType: JSON_PLAIN },
  },
  {
    op: 'GET /requests/{id}',
    method: 'GET',
    path: '/requests/{id}',
    auth: true,
    ok: 200,
    errorType: JSON_PLAIN,
    other: { method: 'PATCH', allow: 'GET', errorType: JSON_PLAIN },
  },
  {
    op: 'GET /requests/aggregate',
    method: 'GET',
    path: '/requests/aggregate',
    auth: true,
    ok: 200,
    errorType: JSON_PLAIN,
    other: { method: 'POST', allow: 'GET', errorType: JSON_PLAIN },
  },
  {
    op: 'GET /catalogItems',
    method: 'GET',
    path: '/catalogItems',
    auth: true,
    ok: 200,
    errorType: JSON_PLAIN,
    other: { method: 'POST', allow: 'GET', errorType: JSON_PLAIN },
  },
  {
    op: 'GET /catalogItems/{id}',
    method: 'GET',
    path: '/catalogItems/CI-INTERNET-ACCESS',
    auth: true,
    ok: 200,
    errorType: JSON_PLAIN,
    other: { method: 'DELETE', allow: 'GET', errorType: JSON_PLAIN },
  },
  { op: 'GET /doc', method: 'GET', path: '/doc', auth: false, ok: 200, errorType: JSON_UTF8, other: { method: 'POST', allow: 'GET', errorType: JSON_UTF8 } },
  {
    op: 'GET /status',
    method: 'GET',
    path: '/status',
    auth: false,
    ok: 200,
    errorType: JSON_UTF8,
    other: { method: 'PUT', allow: 'GET', errorType: JSON_UTF8 },
  },
  {
    op: 'GET /version',
    method: 'GET',
    path: '/version',
    auth: false,
    ok: 200,
    errorType: JSON_UTF8,
    other: { method: 'DELETE', allow: 'GET', errorType: JSON_UTF8 },
  },
  { op: 'GET /me', method: 'GET', path: '/me', auth: true, ok: 200, errorType: JSON_UTF8, other: { method: 'POST', allow: 'GET', errorType: JSON_UTF8 } },
]

/** Calls the endpoint as it should be called (a valid body for POST), with `query` and other options. */
function callEndpoint(e: Endpoint, options: { query?: string; token?: string | null; apiKey?: string | null; language?: string } = {}) {
  const path = e.path.replace('{id}', ownRequestId) + (options.query ? `?${options.query}` : '')
  return t.call(path, {
    method: e.method,
    token: options.token === undefined ? token : options.token,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.language ? { language: options.language } : {}),
    ...(e.method === 'POST' ? { json: validBody(t.today()) } : {}),
  })
}

describe.each(ENDPOINTS)('$op', (e) => {
  it(`answers ${e.ok} in application/json with a request id`, async () => {
    const response = await callEndpoint(e)
    expect(response.status).toBe(e.ok)
    expect(response.headers.get('Content-Type')).toBe(JSON_PLAIN)
    requestIdOf(response)
    expect(await response.json()).toBeTypeOf('object')
  })

  it('answers 400 code 26 naming an unknown query parameter, in its error content type', async () => {
    const before = await t.countRequests(token)
    const body = await expectApiError(await callEndpoint(e, { query: 'nope=1' }), 400, ERROR_CODE.unknownQueryParameter, e.errorType)
    expect(body.fields).toEqual([{ path: 'nope', message: 'is not a known parameter' }])
    expect(await t.countRequests(token)).toBe(before)
  })

  it(`answers 405 with Allow: ${e.other.allow} to ${e.other.method}`, async () => {
    const response = await t.call(e.path.replace('{id}', ownRequestId), { method: e.other.method, token })
    expect(response.headers.get('Allow')).toBe(e.other.allow)
    const body = await expectApiError(response, 405, ERROR_CODE.methodNotAllowed, e.other.errorType)
    expect(body.description).toContain(`${e.other.method} is not allowed`)
  })

  it(e.path === '/status' ? 'stays up in maintenance and reports UNAVAILABLE' : 'answers 503 code 5 with Retry-After in maintenance', async () => {
    await t.control('maintenance', { enabled: true })
    try {
      const response = await callEndpoint(e)
      if (e.path === '/status') {
        expect(response.status).toBe(200)
        expect(ZApiStatus.parse(await response.json()).status).toBe('UNAVAILABLE')
      } else {
        expect(response.headers.get('Retry-After')).toBe('30')
        await expectApiError(response, 503, ERROR_CODE.unavailable, e.errorType)
      }
    } finally {
      await t.control('maintenance', { enabled: false })
    }
  })
})

describe.each(ENDPOINTS.filter((e) => e.auth))('$op checks credentials', (e) => {
  it('answers 401 code 40 without the API key', async () => {
    const body = await expectApiError(await callEndpoint(e, { apiKey: null }), 401, ERROR_CODE.missingCredentials, e.errorType)
    expect(body.description).toContain('x-api-key')
  })

  it('answers 401 code 40 with a Bearer challenge without a token', async () => {
    const response = await callEndpoint(e, { token: null })
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering"')
    await expectApiError(response, 401, ERROR_CODE.missingCredentials, e.errorType)
  })

  it('answers 401 code 41 to an unknown API key and to an unknown token', async () => {
    await expectApiError(await callEndpoint(e, { apiKey: 'not-a-key-of-ours' }), 401, ERROR_CODE.invalidCredentials, e.errorType)
    const response = await callEndpoint(e, { token: 'not-a-token-of-ours' })
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering", error="invalid_token"')
    await expectApiError(response, 401, ERROR_CODE.invalidCredentials, e.errorType)
  })

  it('answers 401 code 42 to an expired token', async () => {
    const body = await expectApiError(await callEndpoint(e, { token: expiredToken }), 401, ERROR_CODE.expiredCredentials, e.errorType)
    expect(body.description).toMatch(/expired/)
  })

  it('answers 403 code 50 while the application is not subscribed', async () => {
    await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: false })
    try {
      await expectApiError(await callEndpoint(e), 403, ERROR_CODE.accessDenied, e.errorType)
    } finally {
      await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: true })
    }
    expect((await callEndpoint(e)).status).toBe(e.ok)
  })

  it('answers 403 code 51 to a token without an ordering scope', async () => {
    await expectApiError(await callEndpoint(e, { token: noScopeToken }), 403, ERROR_CODE.insufficientScope, e.errorType)
  })

  it('answers in French when asked', async () => {
    const response = await callEndpoint(e, { token: null, language: 'fr-FR,fr;q=0.9,en;q=0.5' })
    expect(response.headers.get('Content-Language')).toBe('fr')
    const body = await expectApiError(response, 401, ERROR_CODE.missingCredentials, e.errorType)
    expect(body.message).toBe('Identifiants manquants')
  })
})

describe.each(ENDPOINTS.filter((e) => !e.auth))('$op needs no credentials', (e) => {
  it('answers without API key nor token', async () => {
    expect((await callEndpoint(e, { apiKey: null, token: null })).status).toBe(200)
  })
})

describe('every answer carries its own request id', () => {
  it('differs from one answer to the next, errors included', async () => {
    const responses = await Promise.all([t.call('/requests', { token }), t.call('/requests', { token }), t.call('/nope', { token }), t.call('/status')])
    const ids = responses.map(requestIdOf)
    expect(new Set(ids).size).toBe(4)
  })
})

describe('404', () => {
  it.each([
    ['an unknown request', '/requests/REQ99999999', 'No request REQ99999999 exists for your company.'],
    ['an unknown catalog item', '/catalogItems/CI-NOPE', 'No catalog item CI-NOPE exists.'],
    ['an unknown path', '/orders', 'No resource exists at /orders.'],
    ['a path under a known one', '/requests/REQ00000001/attachments', 'No resource exists at /requests/REQ00000001/attachments.'],
    ['a request id that looks like a misc endpoint', '/requests/status', 'No request status exists for your company.'],
    ['a trailing slash', '/requests/', 'No resource exists at /requests/.'],
  ])('answers 404 code 60 to %s, in application/json', async (_, path, description) => {
    const body = await expectApiError(await t.call(path, { token }), 404, ERROR_CODE.notFound, JSON_PLAIN)
    expect(body.description).toBe(description)
  })

  it('answers 404 to a path outside the API without any credential', async () => {
    await expectApiError(await t.call('/nope', { apiKey: null }), 404, ERROR_CODE.notFound)
  })
})

describe('POST /requests', () => {
  it('answers 201 with the request and Content-Location naming it', async () => {
    const body = validBody(t.today(), { customerReference: 'PO-LOCATION', comment: 'Ring twice.' })
    const { response, request } = await createOk(t, token, body)
    const created = ZRequest.parse(request)
    expect(response.headers.get(HEADER.contentLocation)).toBe(`${API}/requests/${created.id}`)
    expect(created).toMatchObject({
      status: 'NEW',
      step: 'ORDER',
      subStep: 'INITIATION',
      category: 'creation',
      type: 'INTERNET_ACCESS',
      customerReference: 'PO-LOCATION',
      comment: 'Ring twice.',
      contract: 'ACM-000101',
      priority: '',
      customer: { id: 'C001', name: 'Acme Industries' },
      keyDates: { requestedAt: body.requestedAt },
      isOverdue: false,
      isArchived: false,
      rejectionReasons: [],
      name: 'Business internet access – Test site',
    })
    expect(created.createdAt).toBe(new Date(t.sandbox.clock.now()).toISOString())
    const read = await t.fetch(response.headers.get(HEADER.contentLocation)!, { apiKey: 'sandbox-api-key', token })
    expect(await read.json()).toEqual(request)
  })

  it('answers 400 code 62 to a body that is not JSON (POST documents no 415), and stores nothing', async () => {
    const before = await t.countRequests(token)
    const text = JSON.stringify(validBody(t.today()))
    await expectApiError(await t.call('/requests', { token, body: text, contentType: 'text/plain' }), 400, ERROR_CODE.unsupportedMediaType, JSON_UTF8)
    await expectApiError(
      await t.call('/requests', { token, body: text, contentType: 'application/x-www-form-urlencoded' }),
      400,
      ERROR_CODE.unsupportedMediaType,
      JSON_UTF8,
    )
    expect(await t.countRequests(token)).toBe(before)
  })

  it('accepts application/json with a charset', async () => {
    const response = await t.call('/requests', { token, json: validBody(t.today()), contentType: 'application/json; charset=utf-8' })
    expect(response.status).toBe(201)
  })
})

describe('GET /requests and GET /requests/{id}', () => {
  it('lists requests that parse with the contract, with the paging headers', async () => {
    const response = await t.call('/requests', { token })
    const list = z.array(ZRequest).parse(await response.json())
    const { total, result } = pagingOf(response)
    expect(result).toBe(list.length)
    expect(total).toBeGreaterThan(250)
    expect(list.every((r) => r.customer.id === 'C001')).toBe(true)
  })

  it('reads one request as the list shows it', async () => {
    const list = (await (await t.call('/requests?limit=5&status=REJECTED', { token })).json()) as { id: string }[]
    for (const listed of list) {
      const one = await t.call(`/requests/${listed.id}`, { token })
      const request = ZRequest.parse(await one.json())
      expect(request).toEqual(listed)
      expect(request.rejectionReasons.length).toBeGreaterThan(0)
    }
  })
})

describe('GET /requests/aggregate', () => {
  it('counts by status by default, every status present, summing to the list total', async () => {
    const response = await t.call('/requests/aggregate', { token })
    const counts = ZAggregateResponse.parse(await response.json())
    expect(Object.keys(counts).sort()).toEqual(['COMPLETED', 'IN_PROGRESS', 'NEW', 'REJECTED'])
    const sum = Object.values(counts).reduce((a, b) => a + b, 0)
    expect(Number(response.headers.get(HEADER.totalCount))).toBe(sum)
    expect(sum).toBe(await t.countRequests(token))
  })
})

describe('GET /catalogItems and GET /catalogItems/{id}', () => {
  it('lists the nine built-in items with the paging headers', async () => {
    const response = await t.call('/catalogItems', { token })
    const items = z.array(ZSandboxCatalogItem).parse(await response.json())
    expect(pagingOf(response)).toEqual({ total: 9, result: 9 })
    expect(items.map((i) => i.type)).toEqual(BUILTIN_CATALOG_ITEMS.map((i) => i.type))
  })

  it('pages with offset and limit', async () => {
    const response = await t.call('/catalogItems?offset=2&limit=2', { token })
    const items = z.array(ZSandboxCatalogItem).parse(await response.json())
    expect(pagingOf(response)).toEqual({ total: 9, result: 2 })
    expect(items.map((i) => i.id)).toEqual(BUILTIN_CATALOG_ITEMS.slice(2, 4).map((i) => i.id))
  })

  it('filters by category and by text', async () => {
    const terminations = z.array(ZSandboxCatalogItem).parse(await (await t.call('/catalogItems?category=termination', { token })).json())
    expect(terminations.map((i) => i.type).sort()).toEqual(['INTERNET_ACCESS_TERMINATION', 'R_BVPN_SITE', 'R_BVPN_SITE_ASSISTED'])
    const vpn = z.array(ZSandboxCatalogItem).parse(await (await t.call('/catalogItems?q=VPN%20site', { token })).json())
    expect(vpn.length).toBeGreaterThan(0)
    expect(vpn.every((i) => i.name.includes('VPN site'))).toBe(true)
  })

  it('publishes for each item a JSON Schema 2020-12 that accepts a valid body and refuses an incomplete one', async () => {
    const items = z.array(ZSandboxCatalogItem).parse(await (await t.call('/catalogItems', { token })).json())
    for (const item of items) {
      expect(item.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
      expect(item.schema.type).toBe('object')
      expect(item.schema.required).toEqual(expect.arrayContaining(['type', 'requestedAt', 'contract', 'attachments']))
    }
    const internet = ZSandboxCatalogItem.parse(await (await t.call('/catalogItems/CI-INTERNET-ACCESS', { token })).json())
    const published = z.fromJSONSchema(internet.schema as z.core.JSONSchema.JSONSchema)
    expect(published.safeParse(validBody(t.today())).success).toBe(true)
    expect(published.safeParse(validBody(t.today(), { properties: undefined })).success).toBe(false)
    expect(published.safeParse(validBody(t.today(), { type: 'ETHERNET_LINK' })).success).toBe(false)
  })

  it('names items and their schema titles in French when asked', async () => {
    const response = await t.call('/catalogItems/CI-INTERNET-ACCESS', { token, language: 'fr' })
    const item = ZSandboxCatalogItem.parse(await response.json())
    expect(response.headers.get('Content-Language')).toBe('fr')
    expect(item.name).toBe('Accès internet entreprise')
    expect(item.description).toMatch(/^Un accès internet fibre/)
    expect(JSON.stringify(item.schema)).toContain('"title":"Code postal"')
    const english = ZSandboxCatalogItem.parse(await (await t.call('/catalogItems/CI-INTERNET-ACCESS', { token })).json())
    expect(english.name).toBe('Business internet access')
  })
})

describe('GET /doc', () => {
  it('is an OpenAPI 3.1 document covering the ten operations', async () => {
    const response = await t.call('/doc', { apiKey: null })
    const doc = (await response.json()) as {
      openapi: string
      servers: { url: string }[]
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.servers[0]!.url).toBe(API)
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    expect(operations.sort()).toEqual(ENDPOINTS.map((e) => e.op).sort())
    expect(Object.keys(doc.paths['/requests']!.post!.responses).sort()).toEqual(['201', '400', '401', '403', '404', '405', '422', '500', '503'])
  })
})

describe('GET /status, /version and /me', () => {
  it('reports the status of each component', async () => {
    const status = ZApiStatus.parse(await (await t.call('/status', { apiKey: null })).json())
    expect(status.status).toBe('OK')
    expect(status.checkedAt).toBe(new Date(t.clock.now()).toISOString())
    expect(status.components.map((c) => c.name)).toEqual(['ordering', 'catalog', 'storage'])
  })

  it('reports release 3.1 of major version 3', async () => {
    const version = ZApiVersion.parse(await (await t.call('/version', { apiKey: null })).json())
    expect(version).toMatchObject({ version: '3.1.0', major: 3 })
  })

  it('describes a user, its customer, scopes and contracts', async () => {
    const me = ZMe.parse(await (await t.call('/me', { token })).json())
    expect(me).toMatchObject({
      kind: 'user',
      id: 'sandbox-tester',
      clientId: SANDBOX_CLIENT_ID,
      customer: { id: 'C001', name: 'Acme Industries' },
      scopes: [SCOPE.full],
    })
    expect(me.contracts.map((c) => c.number)).toEqual(['ACM-000101', 'ACM-000102', 'ACM-000103'])
  })

  it('describes the application behind a client-credentials token', async () => {
    const me = ZMe.parse(await (await t.call('/me', { token: await t.clientCredentialsToken() })).json())
    expect(me).toMatchObject({ kind: 'application', id: SANDBOX_CLIENT_ID, name: 'Ordering Console', customer: { id: 'C001' } })
  })
})

describe('customers are kept apart', () => {
  let otherToken: string
  let otherId: string
  beforeAll(async () => {
    otherToken = await t.mintToken({ customerId: 'C002' })
    otherId = (await createOk(t, otherToken, validBody(t.today(), { contract: 'BHL-000101', customerReference: 'BHL-ONLY' }))).request.id
  })

  it('answers 404 to another customer’s request, as to one that does not exist', async () => {
    expect((await t.call(`/requests/${otherId}`, { token: otherToken })).status).toBe(200)
    const body = await expectApiError(await t.call(`/requests/${otherId}`, { token }), 404, ERROR_CODE.notFound)
    expect(body.description).toBe(`No request ${otherId} exists for your company.`)
  })

  it('never lists nor counts another customer’s request', async () => {
    const byId = await t.call(`/requests?id=${otherId}`, { token })
    expect(await byId.json()).toEqual([])
    expect(pagingOf(byId).total).toBe(0)
    expect(pagingOf(await t.call('/requests?customerReference=BHL-ONLY', { token })).total).toBe(0)
    expect(pagingOf(await t.call('/requests?customerReference=BHL-ONLY', { token: otherToken })).total).toBe(1)
    const counts = ZAggregateResponse.parse(await (await t.call(`/requests/aggregate?id=${otherId}`, { token })).json())
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0)
    const byCustomer = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=customer.id', { token })).json())
    expect(Object.keys(byCustomer)).toEqual(['C001'])
    const all = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=customer.id', { token: otherToken })).json())
    expect(Object.keys(all)).toEqual(['C002'])
  })
})
