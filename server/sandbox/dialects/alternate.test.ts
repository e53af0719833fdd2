import { decodeJwt } from 'jose'
import { loadConfig } from '../../config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { ZOperatorProfile } from '@contract/operator-profile'
import { addDaysToIsoDate } from '@contract/request-bodies'
import {
  actingOnBody,
  expectApiError,
  pagingOf,
  SANDBOX_API_KEY,
  startTestApp,
  TEST_CONTACTS,
  TEST_SITE,
  terminationBody,
  validBody,
  type CallOptions,
  type TestApp,
} from '../../../test/test-app'
import { exchangeCode, signInFlow } from '../../../test/sign-in'
import { ALTERNATE_STATUSES, ALTERNATE_STEPS, ALTERNATE_SUB_STEPS } from './alternate-states'
import profile from './alternate.profile.json'

/**
 * The alternate dialect (docs/decisions/0029-second-dialect.md) through its HTTP API: its query syntax and refusals,
 * its page size, its statuses, steps and sub-steps in filters and aggregates, its answers' shapes, its issuer and its
 * catalog. The default dialect's own tests (ordering/*.test.ts) run unchanged.
 */
let t: TestApp
let token: string

type Row = Record<string, unknown> & { id: string; status: string; step: string; subStep: string }

/** A call with the API key as the query parameter, the only place this dialect reads it. */
function call(path: string, options: CallOptions = {}): Promise<Response> {
  const separator = path.includes('?') ? '&' : '?'
  return t.call(`${path}${separator}x-api-key=${SANDBOX_API_KEY}`, { token, ...options, apiKey: null })
}

async function list(query: string): Promise<{ rows: Row[]; total: number; result: number }> {
  const response = await call(`/requests?${query}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return { rows: (await response.json()) as Row[], ...pagingOf(response) }
}

async function listEvery(query: string): Promise<Row[]> {
  const rows: Row[] = []
  for (let offset = 0; ; offset += 100) {
    const page = await list(`limit=100&offset=${offset}&${query}`)
    rows.push(...page.rows)
    if (rows.length >= page.total) return rows
  }
}

async function aggregate(query: string): Promise<Record<string, number>> {
  const response = await call(`/requests/aggregate?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as Record<string, number>
}

async function create(body: unknown): Promise<Row> {
  const response = await call('/requests', { json: body })
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as Row
}

/** The 400 naming `parameter` in its `fields`. */
async function expectRefused(query: string, parameter: string, code: number = ERROR_CODE.invalidQueryParameter) {
  const body = await expectApiError(await call(`/requests?${query}`), 400, code)
  expect(JSON.stringify(body)).toContain(`"path":"${parameter}"`)
}

beforeAll(async () => {
  t = startTestApp({ SANDBOX_DIALECT: 'alternate' })
  token = await t.mintToken()
})
afterAll(() => t.close())

describe('the API key', () => {
  it('is read from the query parameter x-api-key only: a header alone is no key (401 code 40)', async () => {
    await expectApiError(await t.call('/requests', { token }), 401, ERROR_CODE.missingCredentials)
    expect((await call('/requests')).status).toBe(200)
  })
})

describe('paging', () => {
  it('gives a page of 10 unless limit says otherwise, at most 100', async () => {
    const first = await list('')
    expect(first.rows).toHaveLength(10)
    expect(first.result).toBe(10)
    expect((await list('limit=100')).rows).toHaveLength(100)
    await expectRefused('limit=101', 'limit')
    const second = await list('offset=10')
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id)
  })

  it('gives a catalog page of 10 too', async () => {
    const response = await call('/catalogItems')
    expect(response.status).toBe(200)
    expect(((await response.json()) as unknown[]).length).toBe(Math.min(10, Number(response.headers.get(HEADER.totalCount))))
  })
})

describe('sort', () => {
  it('takes field:desc and field:asc terms, a bare field ascending', async () => {
    const oldest = (await list('sort=createdAt:asc')).rows.map((r) => Date.parse(r.createdAt as string))
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b))
    const newest = (await list('sort=createdAt:desc')).rows.map((r) => Date.parse(r.createdAt as string))
    expect(newest).toEqual([...newest].sort((a, b) => b - a))
    const names = (await list('sort=name,createdAt:desc&limit=50')).rows.map((r) => r.name as string)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('sorts by its own statuses', async () => {
    const statuses = (await list('sort=status:desc&limit=100')).rows.map((r) => r.status)
    expect(statuses).toEqual([...statuses].sort().reverse())
  })

  it('refuses the default dialect’s -field with a 400 naming sort', async () => {
    await expectRefused('sort=-createdAt', 'sort')
    await expectRefused('sort=createdAt:down', 'sort')
  })
})

describe('date ranges', () => {
  it('take FROM..TO, either end open, and agree with the default dialect’s bounds', async () => {
    const all = await listEvery('fields=createdAt')
    const from = '2026-03-01'
    const to = '2026-04-15'
    const within = (ts: string) => Date.parse(ts) >= Date.parse(`${from}T00:00:00Z`) && Date.parse(ts) < Date.parse(`${to}T00:00:00Z`) + 86_400_000
    expect((await list(`createdAt=${from}..${to}`)).total).toBe(all.filter((r) => within(r.createdAt as string)).length)
    expect((await list(`createdAt=${from}..`)).total).toBe(all.filter((r) => Date.parse(r.createdAt as string) >= Date.parse(`${from}T00:00:00Z`)).length)
    expect((await list(`createdAt=..${to}`)).total).toBe(
      all.filter((r) => Date.parse(r.createdAt as string) < Date.parse(`${to}T00:00:00Z`) + 86_400_000).length,
    )
    expect((await list('updatedAt=2026-01-01T00:00:00.000%2B01:00..')).total).toBeGreaterThan(0)
    expect(Object.values(await aggregate(`createdAt=${from}..${to}`)).reduce((a, b) => a + b, 0)).toBe(all.filter((r) => within(r.createdAt as string)).length)
  })

  it('refuses .gte and .lte parameters with a 400 naming them, and a range it cannot read', async () => {
    await expectRefused('createdAt.gte=2026-01-01', 'createdAt.gte', ERROR_CODE.unknownQueryParameter)
    await expectRefused('updatedAt.lte=2026-01-01', 'updatedAt.lte', ERROR_CODE.unknownQueryParameter)
    await expectRefused('createdAt=2026-01-01..soon', 'createdAt')
    await expectRefused('createdAt=..', 'createdAt')
  })
})

describe('customerReference', () => {
  it('is matched exactly, and a * is refused with a 400 naming it', async () => {
    const [withReference] = (await list('fields=customerReference&limit=100')).rows.filter((r) => typeof r.customerReference === 'string')
    const reference = withReference!.customerReference as string
    expect((await list(`customerReference=${encodeURIComponent(reference)}`)).rows.every((r) => r.customerReference === reference)).toBe(true)
    await expectRefused(`customerReference=${encodeURIComponent(reference.slice(0, 3))}*`, 'customerReference')
  })
})

describe('statuses, steps and sub-steps beyond the named ones', () => {
  it('are all present for C001, each filter finds what the aggregate counts, in SQL and in the answers alike', async () => {
    for (const [group, values] of [
      ['status', ALTERNATE_STATUSES],
      ['step', ALTERNATE_STEPS],
      ['subStep', ALTERNATE_SUB_STEPS],
    ] as const) {
      const counts = await aggregate(`groupBy=${group}`)
      // Only the keys that occur, and every value of the dialect among them (a cancelled request keeps the sub-step
      // it was stopped at, PLANNING included).
      expect(Object.keys(counts)).toEqual(expect.arrayContaining([...values]))
      expect(Object.values(counts).every((n) => n > 0)).toBe(true)
      for (const value of Object.keys(counts)) {
        const rows = await listEvery(`${group}=${value}&fields=${group}`)
        expect(rows.length, `${group}=${value}`).toBe(counts[value])
        expect(rows.every((row) => row[group] === value)).toBe(true)
      }
    }
  })

  it('ON_HOLD is open: a cancellation closes it as CANCELLED, with no rejection reason and the cancelling request named', async () => {
    const [onHold] = (await list('status=ON_HOLD&category=creation&type=INTERNET_ACCESS')).rows
    expect(onHold).toMatchObject({ status: 'ON_HOLD', step: 'DELIVERY', subStep: 'AWAITING_CUSTOMER' })
    const cancellation = await create(actingOnBody(t.today(), 'REQUEST_CANCELLATION', onHold!.id))
    const response = await call(`/requests/${onHold!.id}`)
    const cancelled = (await response.json()) as Row
    expect(cancelled).toMatchObject({ status: 'CANCELLED', rejectionReasons: [], cancelledBy: cancellation.id })
    expect((await list(`status=CANCELLED&id=${onHold!.id}`)).total).toBe(1)
  })
})

describe('answers', () => {
  it('write timestamps with an offset, carry fields no reference names, and no contract', async () => {
    const { rows } = await list('limit=20')
    for (const row of rows) {
      expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+01:00$/)
      expect(row.updatedAt).toMatch(/\+01:00$/)
      expect(row).not.toHaveProperty('contract')
      expect(row).toMatchObject({ channel: 'B2B_API', customer: { id: 'C001', segment: 'ENTERPRISE' }, keyDates: { receivedAt: expect.any(String) } })
      expect(row.properties).toMatchObject({ provisioningRegion: 'FR-NORTH' })
    }
  })

  it('show attachments as { attachmentId, fileName, contentType, sizeBytes }', async () => {
    const created = await create(
      validBody(t.today(), { attachments: [{ name: 'plan.txt', mimeType: 'text/plain', body: Buffer.from('plan').toString('base64') }] }),
    )
    expect(created.attachments).toEqual([{ attachmentId: `${created.id}-A1`, fileName: 'plan.txt', contentType: 'text/plain', sizeBytes: 4 }])
  })

  it('take a service point written SPT-1234-5678 as well as SP12345678 in a termination', async () => {
    const { rows } = await list('status=COMPLETED&category=creation&type=INTERNET_ACCESS&fields=properties&limit=100')
    const servicePoints = rows.map((row) => (row.properties as { servicePoint?: { id: string } }).servicePoint?.id)
    expect(servicePoints.every((id) => /^SP\d{8}$/.test(id ?? ''))).toBe(true)
    for (const servicePoint of servicePoints) {
      const written = servicePoint!.replace(/^SP(\d{4})(\d{4})$/, 'SPT-$1-$2')
      const response = await call('/requests', { json: terminationBody(t.today(), written) })
      if (response.status === 422) continue // already terminated in the seed
      expect(response.status).toBe(201)
      expect(((await response.json()) as Row).properties).toMatchObject({ servicePoint: { id: servicePoint } })
      return
    }
    throw new Error('no service point left to terminate')
  })

  it('give /me, /status and /version in their own shapes', async () => {
    const me = (await (await call('/me')).json()) as Record<string, unknown>
    expect(me).toMatchObject({ user: { id: expect.any(String) }, company: { id: 'C001', name: 'Acme Industries' } })
    expect(me.contracts).toContain('ACM-000101')
    expect(await (await t.call('/status', { apiKey: null })).json()).toMatchObject({ state: 'UP', checkedAt: expect.stringMatching(/\+01:00$/) })
    expect(await (await t.call('/version', { apiKey: null })).json()).toMatchObject({ apiVersion: '3.1.2' })
    expect((await t.call('/doc', { apiKey: null })).status).toBe(200)
  })
})

describe('its issuer', () => {
  it('publishes a discovery document whose addresses are where the sandbox serves them', async () => {
    const response = await t.fetch('/sandbox/.well-known/openid-configuration')
    expect(response.status).toBe(200)
    const document = (await response.json()) as Record<string, string>
    const authUrl = 'http://localhost:8080/sandbox'
    expect(document).toMatchObject({
      issuer: authUrl,
      authorization_endpoint: `${authUrl}/openidconnect/fr/v1/authorize`,
      token_endpoint: `${authUrl}/openidconnect/fr/v1/token`,
      userinfo_endpoint: `${authUrl}/openidconnect/v1/userinfo`,
      jwks_uri: `${authUrl}/.well-known/jwks.json`,
    })
    for (const name of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const) {
      // Each answers something other than "no such path" (a GET of the token endpoint is refused, but it is there).
      expect((await t.fetch(new URL(document[name]!).pathname)).status, name).not.toBe(404)
    }
  })

  it('signs ID tokens with the bare {auth_url} as iss', async () => {
    const tokens = await exchangeCode(t, await signInFlow(t))
    expect(decodeJwt(tokens.id_token!).iss).toBe('http://localhost:8080/sandbox')
  })

  it('is not published by the default dialect', async () => {
    const other = startTestApp({ SANDBOX_SEED_COUNT: '0' })
    expect((await other.fetch('/sandbox/.well-known/openid-configuration')).status).toBe(404)
    other.close()
  })
})

describe('the catalog', () => {
  const items = async () => {
    const response = await call('/catalogItems?limit=100')
    return (await response.json()) as Record<string, unknown>[]
  }

  it('has an item whose schema uses $ref, $defs and allOf, and one with no schema at all', async () => {
    const all = await items()
    const fibre = all.find((item) => item.type === 'DARK_FIBRE')!
    expect(JSON.stringify(fibre.schema)).toContain('"$ref":"#/$defs/Address"')
    expect(fibre.schema).toHaveProperty('allOf')
    expect(fibre).toMatchObject({ leadTimeDays: 7, createdAt: expect.stringMatching(/\+01:00$/) })
    const survey = all.find((item) => item.type === 'ON_SITE_SURVEY')!
    expect(Object.keys(survey).sort()).toEqual(['category', 'description', 'id', 'leadTimeDays', 'name', 'type'])
    expect(await (await call(`/catalogItems/${survey.id as string}`)).json()).toEqual(survey)
  })

  it('takes a POST for the $ref item, enforcing its referenced definitions, and for the schema-less one', async () => {
    const site = (city: string) => ({ name: 'Site', address: { ...TEST_SITE.address, city } })
    const fibre = { ...validBody(t.today()), type: 'DARK_FIBRE', properties: { location: site('Paris'), remoteSite: site('Lyon'), strands: 2 } }
    expect((await create(fibre)).type).toBe('DARK_FIBRE')
    const withoutCity = {
      ...fibre,
      properties: { location: site('Paris'), remoteSite: { name: 'Site', address: { street: 'x', postalCode: '75001', country: 'FR' } } },
    }
    const refused = await expectApiError(await call('/requests', { json: withoutCity }), 400, ERROR_CODE.invalidField, 'application/json;charset=utf-8')
    expect(JSON.stringify(refused)).toContain('remoteSite')
    const survey = {
      type: 'ON_SITE_SURVEY',
      requestedAt: addDaysToIsoDate(t.today(), 7),
      contract: 'ACM-000101',
      attachments: [],
      properties: { contacts: TEST_CONTACTS, notes: 'Roof access' },
    }
    expect((await create(survey)).type).toBe('ON_SITE_SURVEY')
    // The reference's 7-day rule holds for it as for every item.
    await expectApiError(
      await call('/requests', { json: { ...survey, requestedAt: addDaysToIsoDate(t.today(), 6) } }),
      400,
      ERROR_CODE.invalidField,
      'application/json;charset=utf-8',
    )
  })
})

describe('SANDBOX_DIALECT', () => {
  it('is default or alternate; another value stops the start with a sentence naming the variable', () => {
    expect(loadConfig({}).SANDBOX_DIALECT).toBe('default')
    expect(() => loadConfig({ SANDBOX_DIALECT: 'other' })).toThrow(/SANDBOX_DIALECT \("other"\)/)
  })
})

describe('its operator profile', () => {
  it('is a valid profile that names this dialect’s choices and leaves the issuer to discovery', () => {
    expect(ZOperatorProfile.parse(profile)).toMatchObject({
      sort: 'field:desc',
      dateRange: 'field=FROM..TO',
      apiKey: 'query',
      pageSizeMax: 100,
      wildcards: false,
      closedStatuses: ['COMPLETED', 'REJECTED', 'CANCELLED'],
    })
    expect(profile).not.toHaveProperty('issuer')
  })
})
