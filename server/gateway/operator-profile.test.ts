import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HEADER } from '@contract/common'
import { SENDS_PATH } from '@contract/gateway-sends'
import { DROPPED_PARAMETERS_HEADER, OPERATOR_TRAITS_PATH, ZOperatorTraits, type OperatorProfile } from '@contract/operator-profile'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { DISCOVERY_RETRY_MS } from './auth/issuer'
import { customerIdOf } from './me-reader'
import { REFUSAL_TTL_MS } from './refused-parameters'
import {
  jsonResponse,
  GATEWAY,
  OPERATOR_API,
  pagingOf,
  startTestApp,
  OPERATOR_AUTH,
  OPERATOR_ENV,
  OPERATOR_ISSUER,
  OPERATOR_TOKEN_URL,
  operatorIdToken,
  sessionCookieHeader,
} from '../../test/test-app'

/**
 * The gateway in front of an operator that fills the references' gaps its own way (docs/decisions/0027-operator-profile.md):
 * the profile's dialect on the wire, a refused parameter left out and said, the traits, the issuer.
 */
const folder = mkdtempSync(join(tmpdir(), 'gateway-profile-'))
let files = 0
/** A profile file holding `profile`, its path. */
function profileFile(profile: Partial<OperatorProfile>): string {
  const path = join(folder, `profile-${files++}.json`)
  writeFileSync(path, JSON.stringify(profile))
  return path
}
function envWith(profile: Partial<OperatorProfile> | null): Record<string, string> {
  return profile === null ? { ...OPERATOR_ENV } : { ...OPERATOR_ENV, OPERATOR_PROFILE: profileFile(profile) }
}

/** Global fetch answered by `answer` for the operator's API; every call it saw, as URLs. */
function operatorApi(answer: (url: URL, request: Request) => Response | Promise<Response>) {
  const seen: Request[] = []
  vi.stubGlobal('fetch', async (request: Request) => {
    if (!request.url.startsWith(`${OPERATOR_API}/`)) throw new Error(`Unexpected fetch of ${request.url}`)
    seen.push(request)
    return answer(new URL(request.url), request)
  })
  return {
    seen,
    /** The query of each call, decoded, without the operator's address. */
    queries: () => seen.map((request) => decodeURIComponent(request.url.slice(OPERATOR_API.length))),
  }
}

const list = (count = 1) => jsonResponse(200, [], { [HEADER.totalCount]: String(count), [HEADER.resultCount]: '0', [HEADER.requestId]: 'op-1' })
const refusal = (description: string) => jsonResponse(400, { code: 25, message: 'Invalid query parameter', description }, { [HEADER.requestId]: 'op-400' })

async function gatewayWith(profile: Partial<OperatorProfile> | null, now: () => number = Date.now) {
  const config = loadConfig(envWith(profile))
  const { app, sessions } = buildApp(config, { realNow: now })
  const cookie = await sessionCookieHeader(config, now, { accessToken: 'operator-access' }, sessions)
  return { app, cookie, get: (path: string) => app.request(`/api/ordering/v3${path}`, { headers: { Cookie: cookie } }) }
}

afterEach(() => vi.unstubAllGlobals())

describe('the profile’s dialect on the wire', () => {
  it('sends the canonical query translated: sort, ranges, page size, patterns, API key in the query', async () => {
    const operator = operatorApi(() => list())
    const { get } = await gatewayWith({ sort: 'field:desc', dateRange: 'field=FROM..TO', pageSizeMax: 50, wildcards: false, apiKey: 'query' })
    const response = await get(
      '/requests?sort=-createdAt,name&createdAt.gte=2026-01-01&createdAt.lte=2026-01-31&customerReference=PO-*&limit=100&x-api-key=browser',
    )
    expect(response.status).toBe(200)
    expect(operator.queries()).toEqual([
      `/requests?sort=createdAt:desc,name:asc&createdAt=2026-01-01..2026-01-31&limit=50&x-api-key=${OPERATOR_ENV.ORDERING_API_KEY}`,
    ])
    expect(operator.seen[0]!.headers.get('x-api-key')).toBeNull()
    // Left out by the profile, and said so.
    expect(response.headers.get(DROPPED_PARAMETERS_HEADER)).toBe('customerReference')
  })

  it('translates the aggregate’s filters too, and sends any other path’s query as it is, the API key where the profile says', async () => {
    const operator = operatorApi(() => jsonResponse(200, {}))
    const { get } = await gatewayWith({ dateRange: 'field[gte]', apiKey: 'query' })
    await get('/requests/aggregate?groupBy=status&updatedAt.gte=2026-02-01')
    await get('/catalogItems?limit=100')
    expect(operator.queries()).toEqual([
      `/requests/aggregate?groupBy=status&updatedAt[gte]=2026-02-01&x-api-key=${OPERATOR_ENV.ORDERING_API_KEY}`,
      `/catalogItems?limit=100&x-api-key=${OPERATOR_ENV.ORDERING_API_KEY}`,
    ])
  })

  it('changes nothing with the default profile, and says nothing was dropped', async () => {
    const operator = operatorApi(() => list())
    const { get } = await gatewayWith(null)
    const query = '/requests?sort=-createdAt&createdAt.gte=2026-01-01&customerReference=PO-*&limit=100'
    const response = await get(query)
    expect(operator.queries()).toEqual([query])
    expect(operator.seen[0]!.headers.get('x-api-key')).toBe(OPERATOR_ENV.ORDERING_API_KEY)
    expect(response.headers.get(DROPPED_PARAMETERS_HEADER)).toBeNull()
  })
})

describe('a parameter the operator refuses (400)', () => {
  it('answers the list without it and says so, then leaves it out at once on the next call', async () => {
    const operator = operatorApi((url) => (url.searchParams.has('sort') ? refusal('The parameter sort is not supported.') : list(7)))
    const { get } = await gatewayWith(null)
    const first = await get('/requests?status=NEW&sort=-createdAt&limit=20')
    expect(first.status).toBe(200)
    expect(first.headers.get(HEADER.totalCount)).toBe('7')
    expect(first.headers.get(HEADER.requestId)).toBe('op-1')
    expect(first.headers.get(DROPPED_PARAMETERS_HEADER)).toBe('sort')
    expect(operator.queries()).toEqual(['/requests?status=NEW&sort=-createdAt&limit=20', '/requests?status=NEW&limit=20'])

    const second = await get('/requests?status=NEW&sort=name&offset=20')
    expect(second.status).toBe(200)
    expect(second.headers.get(DROPPED_PARAMETERS_HEADER)).toBe('sort')
    expect(operator.queries().slice(2)).toEqual(['/requests?status=NEW&offset=20'])
  })

  it('offers the parameter again once the refusal has expired', async () => {
    let now = Date.parse('2026-05-04T10:00:00Z')
    let refusing = true
    const operator = operatorApi((url) => (refusing && url.searchParams.has('sort') ? refusal('sort is not supported.') : list()))
    const { get } = await gatewayWith(null, () => now)
    expect((await get('/requests?sort=name')).headers.get(DROPPED_PARAMETERS_HEADER)).toBe('sort')
    refusing = false
    now += REFUSAL_TTL_MS - 1000
    expect((await get('/requests?sort=name')).headers.get(DROPPED_PARAMETERS_HEADER)).toBe('sort')
    now += 2000
    const offered = await get('/requests?sort=name')
    expect(offered.headers.get(DROPPED_PARAMETERS_HEADER)).toBeNull()
    expect(operator.queries()).toEqual(['/requests?sort=name', '/requests', '/requests', '/requests?sort=name'])
  })

  it('tries without the sort, then without the date ranges, when the error names no parameter', async () => {
    const operator = operatorApi((url) => ([...url.searchParams.keys()].some((key) => key.startsWith('createdAt')) ? refusal('Bad request.') : list()))
    const { get } = await gatewayWith({ dateRange: 'field[gte]' })
    const response = await get('/requests?sort=-createdAt&createdAt.gte=2026-01-01&status=NEW')
    expect(response.status).toBe(200)
    expect(response.headers.get(DROPPED_PARAMETERS_HEADER)).toBe('sort,createdAt')
    expect(operator.queries()).toEqual([
      '/requests?sort=-createdAt&createdAt[gte]=2026-01-01&status=NEW',
      '/requests?createdAt[gte]=2026-01-01&status=NEW',
      '/requests?status=NEW',
    ])
  })

  it('gives up after three tries and passes the operator’s first 400 on as it is', async () => {
    const operator = operatorApi(() => refusal('Bad request.'))
    const { get } = await gatewayWith(null)
    const response = await get('/requests?sort=-createdAt&createdAt.gte=2026-01-01&status=NEW&type=X')
    expect(response.status).toBe(400)
    expect(response.headers.get(HEADER.requestId)).toBe('op-400')
    expect(response.headers.get(DROPPED_PARAMETERS_HEADER)).toBeNull()
    expect(operator.seen).toHaveLength(4)
    // Nothing was remembered: the next call sends everything again.
    await get('/requests?sort=-createdAt')
    expect(operator.queries()[4]).toBe('/requests?sort=-createdAt')
  })

  it('passes a 400 to a query the caller wrote wrong on as it is, never leaving anything out for everyone', async () => {
    const operator = operatorApi(() => refusal('createdAt.gte must be a date.'))
    const { get } = await gatewayWith(null)
    const response = await get('/requests?createdAt.gte=yesterday')
    expect(response.status).toBe(400)
    expect(operator.seen).toHaveLength(1)
  })

  it('never retries a 400 of another path', async () => {
    const operator = operatorApi(() => refusal('The parameter limit is not supported.'))
    const { get } = await gatewayWith(null)
    expect((await get('/catalogItems?limit=20')).status).toBe(400)
    expect(operator.seen).toHaveLength(1)
  })
})

describe('a profile the sandbox does not speak', () => {
  it('leaves a list working: the sandbox refuses `createdAt:desc`, the list comes without the sort and says so', async () => {
    const t = startTestApp({ OPERATOR_PROFILE: profileFile({ sort: 'field:desc' }) })
    try {
      const session = { Cookie: await t.sessionCookie(await t.mintToken()) }
      const response = await t.fetch(`${GATEWAY}/requests?status=REJECTED&sort=-createdAt&limit=5`, { headers: session })
      expect(response.status).toBe(200)
      expect(response.headers.get(DROPPED_PARAMETERS_HEADER)).toBe('sort')
      expect(pagingOf(response).result).toBe(5)
      expect(pagingOf(response).total).toBe(pagingOf(await t.fetch(`${GATEWAY}/requests?status=REJECTED`, { headers: session })).total)
    } finally {
      t.close()
    }
  })
})

describe(`GET ${OPERATOR_TRAITS_PATH}`, () => {
  it('answers the profile’s traits without a session, for five minutes', async () => {
    const { app } = buildApp(loadConfig(envWith({ closedStatuses: ['DONE', 'CANCELLED'], pageSizeMax: 50, wildcards: false })))
    const response = await app.request(OPERATOR_TRAITS_PATH)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=300')
    expect(ZOperatorTraits.parse(await response.json())).toEqual({ closedStatuses: ['DONE', 'CANCELLED'], pageSizeMax: 50, wildcards: false })
  })

  it('answers the defaults without a profile', async () => {
    const { app } = buildApp(loadConfig(envWith(null)))
    expect(await (await app.request(OPERATOR_TRAITS_PATH)).json()).toEqual({
      closedStatuses: ['COMPLETED', 'REJECTED', 'CANCELLED'],
      pageSizeMax: 100,
      wildcards: true,
    })
  })
})

describe('the ID token’s issuer', () => {
  const ORIGIN = 'http://localhost'
  const FROM_SPA = { 'X-Requested-With': 'ordering-console', Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }
  const DISCOVERY_AT_ISSUER = `${OPERATOR_ISSUER}/.well-known/openid-configuration`
  const DISCOVERY_AT_AUTH = `${OPERATOR_AUTH}/.well-known/openid-configuration`

  /** An operator whose discovery documents are `documents` (absent: 404) and whose token endpoint signs with `iss`. */
  function operatorAuth(documents: Record<string, () => Response>, iss: string) {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (request: Request) => {
      asked.push(request.url)
      if (request.url === OPERATOR_TOKEN_URL) {
        return jsonResponse(200, { token_type: 'Bearer', access_token: 'a', expires_in: 3600, id_token: await operatorIdToken({ iss }) })
      }
      const document = documents[request.url]
      if (document) return document()
      if (request.url.endsWith('/.well-known/openid-configuration')) return new Response('Not found', { status: 404 })
      throw new Error(`Unexpected fetch of ${request.url}`)
    })
    return asked
  }

  /** A sign-in through /auth as the SPA makes it; the status of the code exchange. */
  async function signIn(app: ReturnType<typeof buildApp>['app']) {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: OPERATOR_ENV.OIDC_CLIENT_ID,
      redirect_uri: `${ORIGIN}/auth/callback`,
      scope: 'openid',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })
    const started = await app.request(`/auth/authorize?${query}`)
    const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!
    const form = {
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: `${ORIGIN}/auth/callback`,
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    }
    const response = await app.request('/auth/token', {
      method: 'POST',
      headers: { ...FROM_SPA, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams(form).toString(),
    })
    return { status: response.status, body: await response.text() }
  }
  const issuerOf = async (app: ReturnType<typeof buildApp>['app']) => ((await (await app.request('/auth/config')).json()) as { issuer: string }).issuer

  it('is the profile’s issuer when it names one, without asking for a discovery document', async () => {
    const asked = operatorAuth({}, OPERATOR_AUTH)
    const { app } = buildApp(loadConfig(envWith({ issuer: OPERATOR_AUTH })))
    expect(await issuerOf(app)).toBe(OPERATOR_AUTH)
    expect((await signIn(app)).status).toBe(200)
    expect(asked).toEqual([OPERATOR_TOKEN_URL])
  })

  it('is the discovery document’s issuer, at the issuer first then at the auth URL, asked once', async () => {
    const asked = operatorAuth({ [DISCOVERY_AT_AUTH]: () => jsonResponse(200, { issuer: OPERATOR_AUTH, token_endpoint: 'x' }) }, OPERATOR_AUTH)
    const { app } = buildApp(loadConfig(envWith(null)))
    expect(await issuerOf(app)).toBe(OPERATOR_AUTH)
    expect((await signIn(app)).status).toBe(200)
    expect(asked).toEqual([DISCOVERY_AT_ISSUER, DISCOVERY_AT_AUTH, OPERATOR_TOKEN_URL])
  })

  it('is derived from OIDC_BASE_URL when the operator publishes no document, and an ID token of another issuer is refused', async () => {
    operatorAuth({}, OPERATOR_AUTH)
    const { app } = buildApp(loadConfig(envWith(null)))
    expect(await issuerOf(app)).toBe(OPERATOR_ISSUER)
    const refused = await signIn(app)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatch(/iss/)
  })

  it('falls back to the derived issuer when the document cannot be read, and asks again later', async () => {
    let now = Date.parse('2026-05-04T10:00:00Z')
    let reachable = false
    const asked = operatorAuth(
      {
        [DISCOVERY_AT_ISSUER]: () => {
          if (!reachable) throw new TypeError('fetch failed')
          return jsonResponse(200, { issuer: OPERATOR_AUTH })
        },
      },
      OPERATOR_AUTH,
    )
    const { app } = buildApp(loadConfig(envWith(null)), { realNow: () => now })
    expect(await issuerOf(app)).toBe(OPERATOR_ISSUER)
    expect(await issuerOf(app)).toBe(OPERATOR_ISSUER)
    expect(asked.filter((url) => url === DISCOVERY_AT_ISSUER)).toHaveLength(1)
    reachable = true
    now += DISCOVERY_RETRY_MS + 1
    expect(await issuerOf(app)).toBe(OPERATOR_AUTH)
  })
})

describe('the gateway’s own reading of GET /me', () => {
  it.each([
    [{ customer: { id: 'C001', name: 'Acme' }, contracts: [] }, 'C001'],
    [{ customer: { id: 42, tier: 'gold' }, person: { email: 'a@b.c' } }, '42'],
    [{ customerId: 'C001' }, null],
    [{ customer: 'C001' }, null],
    [{ customer: { id: '' } }, null],
    [[], null],
    [null, null],
  ])('reads only customer.id of %j', (body, expected) => {
    expect(customerIdOf(body)).toBe(expected)
  })
})

describe('a /me that names no customer the gateway can read', () => {
  it('keeps the send guard per person: the send state answers, and a second send of the same reference waits', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    operatorApi(async (url) => {
      if (url.pathname.endsWith('/me')) return jsonResponse(200, { user: { id: 'u-1' }, company: { id: 'C001' } })
      await held
      return jsonResponse(201, { id: 'R1' })
    })
    const { app, cookie } = await gatewayWith(null)
    const state = await app.request(`${SENDS_PATH}?customerReference=PO-1`, { headers: { Cookie: cookie } })
    expect(state.status).toBe(200)
    expect(await state.json()).toEqual({ customerReference: 'PO-1', inFlight: false })
    const send = () =>
      app.request('/api/ordering/v3/requests', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'X', customerReference: 'PO-1' }),
      })
    const first = send()
    await vi.waitFor(async () => {
      const during = await app.request(`${SENDS_PATH}?customerReference=PO-1`, { headers: { Cookie: cookie } })
      expect(await during.json()).toMatchObject({ inFlight: true })
    })
    expect((await send()).status).toBe(409)
    release()
    expect((await first).status).toBe(201)
  })
})
