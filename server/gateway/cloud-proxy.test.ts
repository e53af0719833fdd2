import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ZCloudInstanceList, ZCloudRegionList } from '@contract/cloud'
import { ERROR_CODE } from '@contract/error'
import { buildApp } from '../app'
import { ConfigError, loadConfig } from '../config'
import { expectApiError, jsonResponse, OPERATOR_ENV, requestIdOf, sessionCookieHeader, startTestApp, type TestApp } from '../test-support'

const GATEWAY_CLOUD = '/api/cloud/v1'

describe('the gateway’s cloud proxy in front of the sandbox (0018)', () => {
  let t: TestApp
  let session: Record<string, string>
  beforeAll(async () => {
    t = startTestApp()
    session = { Cookie: await t.sessionCookie(await t.mintToken()) }
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
})

describe('the gateway’s cloud proxy in front of a real cloud API', () => {
  afterEach(() => vi.unstubAllGlobals())
  const CLOUD_URL = 'https://cloud.operator.example/cloud/v1'

  it('sends Authorization: APIKey <CLOUD_API_KEY> to CLOUD_UPSTREAM, with the query as given', async () => {
    const config = loadConfig({ ...OPERATOR_ENV, CLOUD_UPSTREAM: CLOUD_URL, CLOUD_API_KEY: 'operator-cloud-key' })
    const { app } = buildApp(config)
    const seen: Request[] = []
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request)
      return jsonResponse(200, { count: 1, results: [{ id: 7, display_name: 'Rennes' }] }, { 'X-OAPI-Request-Id': 'upstream-id' })
    })
    const cookie = await sessionCookieHeader(config, Date.now, { accessToken: 'operator-token' })
    const response = await app.request(`${GATEWAY_CLOUD}/regions?limit=1`, { headers: { Cookie: cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('X-OAPI-Request-Id')).toBe('upstream-id')
    expect(seen).toHaveLength(1)
    expect(seen[0]!.url).toBe(`${CLOUD_URL}/regions?limit=1`)
    expect(seen[0]!.headers.get('Authorization')).toBe('APIKey operator-cloud-key')
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
})
