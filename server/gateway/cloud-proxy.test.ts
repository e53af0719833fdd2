import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ZCloudInstanceList, ZCloudProjectList, ZCloudRegionList } from '@contract/cloud'
import { ERROR_CODE } from '@contract/error'
import { buildApp } from '../app'
import { ConfigError, loadConfig } from '../config'
import {
  ManualClock,
  expectApiError,
  JSON_UTF8,
  jsonResponse,
  OPERATOR_API,
  OPERATOR_ENV,
  requestIdOf,
  sessionCookieHeader,
  startTestApp,
  type TestApp,
} from '../../test/test-app'
import { OTHER_CUSTOMER_DESCRIPTION } from './cloud-proxy'
import { CUSTOMER_TTL_MS } from './person-customer'

const GATEWAY_CLOUD = '/api/cloud/v1'

describe('the gateway’s cloud proxy in front of the sandbox (0018)', () => {
  let t: TestApp
  let session: Record<string, string>
  beforeAll(async () => {
    t = startTestApp()
    session = { Cookie: await t.sessionCookie(await t.mintToken({ customerId: 'C001', subjectId: 'U001' })) }
  })
  afterAll(() => t.close())

  const viaGateway = (path: string, headers: Record<string, string> = session) => t.fetch(`${GATEWAY_CLOUD}${path}`, { headers })

  it('adds the cloud API key for a signed-in person: the browser sends none', async () => {
    const response = await viaGateway('/regions')
    expect(response.status).toBe(200)
    requestIdOf(response)
    expect(ZCloudRegionList.parse(await response.json()).count).toBe(6)
    const page = ZCloudInstanceList.parse(await (await viaGateway('/instances/1101/1?limit=10&offset=2495')).json())
    expect(page).toMatchObject({ count: 2500 })
    expect(page.results).toHaveLength(5)
  })

  it('refuses a person who is not signed in with 401 code 40, before reaching the cloud API', async () => {
    const body = await expectApiError(await viaGateway('/regions', {}), 401, ERROR_CODE.missingCredentials)
    expect(body.description).toBe('Sign in to see cloud resources.')
  })

  it('ignores a browser’s Authorization header: the configured key is the one sent', async () => {
    expect((await viaGateway('/regions', { ...session, Authorization: 'APIKey wrong' })).status).toBe(200)
  })

  it('forwards only allow-listed paths (404 code 60 otherwise) and passes the upstream’s errors through', async () => {
    for (const path of ['/flavors', '/instances/1101', '/instances/abc/1', '/instances/1101/1/extra']) {
      await expectApiError(await viaGateway(path), 404, ERROR_CODE.notFound)
    }
    const refused = await expectApiError(await viaGateway('/instances/1101/1?limit=5000'), 400, ERROR_CODE.invalidQueryParameter)
    expect(refused.fields).toEqual([{ path: 'limit', message: 'must be at most 1000' }])
    await expectApiError(await viaGateway('/instances/2201/1'), 404, ERROR_CODE.notFound)
  })

  it('shows Alice (C001, the cloud key’s customer) her company’s projects', async () => {
    const projects = ZCloudProjectList.parse(await (await viaGateway('/projects')).json())
    expect(projects.results.map((p) => p.id)).toEqual([1101, 1102, 1103])
  })

  it('refuses Bruno (C002) every list with 403 code 50 and no data: the cloud key is C001’s', async () => {
    const bruno = { Cookie: await t.sessionCookie(await t.mintToken({ customerId: 'C002', subjectId: 'U003' })) }
    for (const path of ['/regions', '/projects', '/instances/1101/1', '/instances/2201/1?limit=10']) {
      const response = await viaGateway(path, bruno)
      const body = await expectApiError(response.clone(), 403, ERROR_CODE.accessDenied)
      expect(body.description).toBe(OTHER_CUSTOMER_DESCRIPTION)
      expect(body).not.toHaveProperty('results')
      expect(await response.text()).not.toMatch(/Acme|1101|Paris/)
    }
  })

  it('passes the ordering API’s 401 on when the session’s access token is no good, and reaches no cloud list', async () => {
    const stranger = { Cookie: await t.sessionCookie('not-a-token-the-sandbox-issued') }
    // The ordering API's own answer (its content type included), so the SPA signs the person in again.
    const body = await expectApiError(await viaGateway('/regions', stranger), 401, ERROR_CODE.invalidCredentials, JSON_UTF8)
    expect(body).not.toHaveProperty('count')
  })
})

describe('the gateway’s cloud proxy in front of a real cloud API', () => {
  afterEach(() => vi.unstubAllGlobals())
  const CLOUD_URL = 'https://cloud.operator.example/cloud/v1'

  /** A gateway in front of a stubbed operator whose cloud key is C-ACME's; GET /me says the person is `meCustomer`'s. */
  function operator(options: { clock?: ManualClock; meCustomer?: string; meAnswer?: () => Response } = {}) {
    const config = loadConfig({ ...OPERATOR_ENV, CLOUD_UPSTREAM: CLOUD_URL, CLOUD_API_KEY: 'operator-cloud-key', CLOUD_CUSTOMER_ID: 'C-ACME' })
    const { app, sessions } = buildApp(config, options.clock ? { realNow: options.clock.now } : {})
    const seen = { me: [] as Request[], cloud: [] as Request[] }
    const me = {
      kind: 'user',
      id: 'U1',
      name: 'Alice',
      clientId: 'client-1',
      scopes: [],
      contracts: [],
      customer: { id: options.meCustomer ?? 'C-ACME', name: 'Acme' },
    }
    vi.stubGlobal('fetch', async (request: Request) => {
      if (request.url === `${OPERATOR_API}/me`) {
        seen.me.push(request)
        return options.meAnswer ? options.meAnswer() : jsonResponse(200, me)
      }
      if (request.url.startsWith(`${CLOUD_URL}/`)) {
        seen.cloud.push(request)
        return jsonResponse(200, { count: 1, results: [{ id: 7, display_name: 'Rennes' }] }, { 'X-OAPI-Request-Id': 'upstream-id' })
      }
      throw new Error(`Unexpected fetch of ${request.url}`)
    })
    return { app, config, seen, sessions }
  }

  it('sends Authorization: APIKey <CLOUD_API_KEY> to CLOUD_UPSTREAM, with the query as given', async () => {
    const { app, config, seen, sessions } = operator()
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-token' }, sessions)
    const response = await app.request(`${GATEWAY_CLOUD}/regions?limit=1`, { headers: { Cookie: cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('X-OAPI-Request-Id')).toBe('upstream-id')
    expect(seen.cloud).toHaveLength(1)
    expect(seen.cloud[0]!.url).toBe(`${CLOUD_URL}/regions?limit=1`)
    expect(seen.cloud[0]!.headers.get('Authorization')).toBe('APIKey operator-cloud-key')
    // Who the person is: GET /me with the person's own token and the application's API key.
    expect(seen.me).toHaveLength(1)
    expect(seen.me[0]!.headers.get('Authorization')).toBe('Bearer operator-token')
    expect(seen.me[0]!.headers.get('x-api-key')).toBe(OPERATOR_ENV.ORDERING_API_KEY)
  })

  it('asks GET /me once for a paged read, again per session and after the cache’s time, never per page', async () => {
    const clock = new ManualClock()
    const { app, config, seen, sessions } = operator({ clock })
    const cookie = await sessionCookieHeader(config, clock.now, { accessToken: 'operator-token' }, sessions)
    for (const offset of [0, 1000, 2000]) {
      const page = await app.request(`${GATEWAY_CLOUD}/instances/11/1?limit=1000&offset=${offset}`, { headers: { Cookie: cookie } })
      expect(page.status).toBe(200)
    }
    expect(seen.cloud).toHaveLength(3)
    expect(seen.me).toHaveLength(1)
    // Concurrent first calls of a new session share one look-up.
    const other = await sessionCookieHeader(config, clock.now, { accessToken: 'operator-token' }, sessions)
    const both = await Promise.all(['/regions', '/projects'].map((path) => app.request(`${GATEWAY_CLOUD}${path}`, { headers: { Cookie: other } })))
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(seen.me).toHaveLength(2)
    clock.advance(CUSTOMER_TTL_MS + 1)
    expect((await app.request(`${GATEWAY_CLOUD}/regions`, { headers: { Cookie: cookie } })).status).toBe(200)
    expect(seen.me).toHaveLength(3)
  })

  it('refuses another customer’s person with 403 code 50 without calling the cloud API', async () => {
    const { app, config, seen, sessions } = operator({ meCustomer: 'C-OTHER' })
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-token' }, sessions)
    const body = await expectApiError(await app.request(`${GATEWAY_CLOUD}/projects`, { headers: { Cookie: cookie } }), 403, ERROR_CODE.accessDenied)
    expect(body.description).toBe(OTHER_CUSTOMER_DESCRIPTION)
    expect(seen.cloud).toHaveLength(0)
  })

  it('answers 502 code 1 when GET /me cannot be read, and forgets the failure', async () => {
    const { app, config, seen, sessions } = operator({ meAnswer: () => new Response('<html>oops</html>', { status: 200 }) })
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-token' }, sessions)
    await expectApiError(await app.request(`${GATEWAY_CLOUD}/regions`, { headers: { Cookie: cookie } }), 502, ERROR_CODE.internal)
    await expectApiError(await app.request(`${GATEWAY_CLOUD}/regions`, { headers: { Cookie: cookie } }), 502, ERROR_CODE.internal)
    expect(seen.me).toHaveLength(2)
    expect(seen.cloud).toHaveLength(0)
  })

  it('has no cloud API with a real operator and no CLOUD_UPSTREAM: 404 saying so', async () => {
    const config = loadConfig(OPERATOR_ENV)
    const { app } = buildApp(config)
    const body = await expectApiError(await app.request(`${GATEWAY_CLOUD}/regions`), 404, ERROR_CODE.notFound)
    expect(body.description).toContain('CLOUD_UPSTREAM')
  })

  it('requires CLOUD_API_KEY with a real cloud API, and refuses the sandbox as cloud upstream of a real operator', () => {
    expect(() => loadConfig({ ...OPERATOR_ENV, CLOUD_UPSTREAM: CLOUD_URL })).toThrow(/CLOUD_API_KEY.*is required when CLOUD_UPSTREAM/)
    expect(() => loadConfig({ ...OPERATOR_ENV, CLOUD_UPSTREAM: 'sandbox' })).toThrow(ConfigError)
    expect(() => loadConfig({ CLOUD_API_KEY: 'another-key' })).toThrow(/CLOUD_API_KEY.*must equal SANDBOX_CLOUD_API_KEY/)
    expect(loadConfig({}).cloud).toEqual({ upstream: 'sandbox', apiKey: 'sandbox-cloud-api-key' })
  })

  it('requires CLOUD_CUSTOMER_ID with a real cloud API and refuses it with the sandbox, naming the variable', () => {
    expect(() => loadConfig({ ...OPERATOR_ENV, CLOUD_UPSTREAM: CLOUD_URL, CLOUD_API_KEY: 'k' })).toThrow(
      /CLOUD_CUSTOMER_ID: is required when CLOUD_UPSTREAM points at a real cloud API/,
    )
    expect(() => loadConfig({ CLOUD_CUSTOMER_ID: 'C002' })).toThrow(/CLOUD_CUSTOMER_ID \("C002"\): must be unset when the cloud upstream is the sandbox/)
    expect(loadConfig({ ...OPERATOR_ENV, CLOUD_UPSTREAM: CLOUD_URL, CLOUD_API_KEY: 'k', CLOUD_CUSTOMER_ID: 'C-ACME' }).cloud).toMatchObject({
      customerId: 'C-ACME',
    })
  })
})
