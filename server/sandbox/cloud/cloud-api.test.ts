import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZCloudInstanceList, ZCloudProjectList, ZCloudRegionList } from '@contract/cloud'
import { ERROR_CODE } from '@contract/error'
import { expectApiError, requestIdOf, startTestApp, type TestApp } from '../../../test/test-app'

const CLOUD = '/sandbox/cloud/v1'
const KEY = 'sandbox-cloud-api-key'

let testApp: TestApp
beforeAll(() => {
  testApp = startTestApp()
})
afterAll(() => testApp.close())

function get(path: string, options: { key?: string | null; authorization?: string; language?: string; method?: string } = {}) {
  const headers: Record<string, string> = {}
  if (options.authorization !== undefined) headers.Authorization = options.authorization
  else if (options.key !== null) headers.Authorization = `APIKey ${options.key ?? KEY}`
  return testApp.fetch(`${CLOUD}${path}`, { headers, ...(options.language ? { language: options.language } : {}), method: options.method ?? 'GET' })
}

async function json(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
  requestIdOf(response)
  return (await response.json()) as unknown
}

describe('sandbox cloud lists (0018)', () => {
  it('lists the regions as {count, results}, 1000 a page by default', async () => {
    const regions = ZCloudRegionList.parse(await json(await get('/regions')))
    expect(regions.count).toBe(6)
    expect(regions.results).toHaveLength(6)
    expect(regions.results[0]).toEqual({ id: 1, display_name: 'Paris' })
  })

  it('lists only the key’s customer’s projects', async () => {
    const projects = ZCloudProjectList.parse(await json(await get('/projects')))
    expect(projects.results.map((p) => p.id)).toEqual([1101, 1102, 1103])
  })

  it('pages 2,500 instances as 1000, 1000 and 500, with the full count on every page, deterministically', async () => {
    const pages = []
    for (const offset of [0, 1000, 2000]) pages.push(ZCloudInstanceList.parse(await json(await get(`/instances/1101/1?offset=${offset}`))))
    expect(pages.map((p) => p.count)).toEqual([2500, 2500, 2500])
    expect(pages.map((p) => p.results.length)).toEqual([1000, 1000, 500])
    const ids = pages.flatMap((p) => p.results.map((i) => i.id))
    expect(new Set(ids).size).toBe(2500)
    const again = ZCloudInstanceList.parse(await json(await get('/instances/1101/1?offset=1000&limit=3')))
    expect(again.results).toEqual(pages[1]!.results.slice(0, 3))
    expect(again.results.every((i) => i.project_id === 1101 && i.region_id === 1)).toBe(true)
  })

  it('honours limit and offset, and an offset at or past the end gives an empty page with the count', async () => {
    const page = ZCloudInstanceList.parse(await json(await get('/instances/1101/3?limit=1&offset=1000')))
    expect(page).toMatchObject({ count: 1001 })
    expect(page.results).toHaveLength(1)
    expect(ZCloudInstanceList.parse(await json(await get('/instances/1101/3?offset=1001')))).toEqual({ count: 1001, results: [] })
    expect(ZCloudInstanceList.parse(await json(await get('/instances/1101/3?offset=999999')))).toEqual({ count: 1001, results: [] })
    expect(ZCloudInstanceList.parse(await json(await get('/instances/1103/1')))).toEqual({ count: 0, results: [] })
  })

  it.each([
    ['limit=1001', 'limit', 'must be at most 1000'],
    ['limit=0', 'limit', 'must be at least 1'],
    ['limit=-5', 'limit', 'must be at least 1'],
    ['limit=ten', 'limit', 'must be a whole number'],
    ['limit=1.5', 'limit', 'must be a whole number'],
    ['limit=', 'limit', 'must be a whole number'],
    ['offset=-1', 'offset', 'must be at least 0'],
    ['offset=abc', 'offset', 'must be a whole number'],
  ])('refuses %s with 400 code 25 naming the parameter', async (query, path, message) => {
    const body = await expectApiError(await get(`/instances/1101/1?${query}`), 400, ERROR_CODE.invalidQueryParameter)
    expect(body.fields).toEqual([{ path, message }])
    expect(body.description).toBe(`${path} ${message}.`)
  })

  it('refuses a repeated parameter (400 25) and an unknown one (400 26)', async () => {
    const repeated = await expectApiError(await get('/regions?limit=1&limit=2'), 400, ERROR_CODE.invalidQueryParameter)
    expect(repeated.fields).toEqual([{ path: 'limit', message: 'is given more than once' }])
    const unknown = await expectApiError(await get('/regions?page=2'), 400, ERROR_CODE.unknownQueryParameter)
    expect(unknown.fields).toEqual([{ path: 'page', message: 'is not a known parameter' }])
  })

  it('answers 404 code 60 for an unknown region, an unknown project and another customer’s project', async () => {
    expect((await expectApiError(await get('/instances/1101/99'), 404, ERROR_CODE.notFound)).description).toBe(
      'No region 99 exists; GET /cloud/v1/regions lists them.',
    )
    expect((await expectApiError(await get('/instances/9999/1'), 404, ERROR_CODE.notFound)).description).toBe('No project 9999 exists for your company.')
    await expectApiError(await get('/instances/2201/1'), 404, ERROR_CODE.notFound)
    await expectApiError(await get('/instances/abc/1'), 404, ERROR_CODE.notFound)
    await expectApiError(await get('/instances/1101'), 404, ERROR_CODE.notFound)
    await expectApiError(await get('/flavors'), 404, ERROR_CODE.notFound)
  })

  it('needs Authorization: APIKey <key>: none or another scheme is 401 40, a wrong key 401 41', async () => {
    const missing = await expectApiError(await get('/regions', { key: null }), 401, ERROR_CODE.missingCredentials)
    expect(missing.description).toBe('Send the cloud API key as Authorization: APIKey <key>.')
    await expectApiError(await get('/regions', { authorization: `Bearer ${KEY}` }), 401, ERROR_CODE.missingCredentials)
    const wrong = await get('/regions', { key: 'not-the-key' })
    expect(wrong.headers.get('WWW-Authenticate')).toBe('APIKey realm="cloud"')
    await expectApiError(wrong, 401, ERROR_CODE.invalidCredentials)
    // The ordering API's key is another key.
    await expectApiError(await get('/regions', { key: 'sandbox-api-key' }), 401, ERROR_CODE.invalidCredentials)
  })

  it('answers in French when asked', async () => {
    const body = await expectApiError(await get('/instances/1101/1?limit=2000', { language: 'fr' }), 400, ERROR_CODE.invalidQueryParameter)
    expect(body.message).toBe('Paramètre de requête invalide')
    expect(body.description).toBe('limit doit être au plus 1000.')
  })

  it('allows GET only (405 61 with Allow)', async () => {
    const response = await get('/regions', { method: 'POST' })
    expect(response.headers.get('Allow')).toBe('GET')
    await expectApiError(response, 405, ERROR_CODE.methodNotAllowed)
  })
})

describe('sandbox cloud spike arrest', () => {
  it('shares the application’s spike arrest: 403 code 53 with Retry-After, then lets calls through in the next second', async () => {
    const limited = startTestApp({ SANDBOX_SPIKE_ARREST_PER_SECOND: '2' })
    try {
      const call = () => limited.fetch(`${CLOUD}/regions`, { headers: { Authorization: `APIKey ${KEY}` } })
      expect((await call()).status).toBe(200)
      expect((await call()).status).toBe(200)
      const refused = await call()
      expect(refused.headers.get('Retry-After')).toBe('1')
      await expectApiError(refused, 403, ERROR_CODE.tooManyRequests)
      limited.clock.advance(1000)
      expect((await call()).status).toBe(200)
    } finally {
      limited.close()
    }
  })
})
