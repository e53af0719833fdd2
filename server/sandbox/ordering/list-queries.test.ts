import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HEADER } from '@contract/common'
import { ZSandboxRequest as ZRequest, type SandboxRequest as Request } from '@contract/request'
import { AGGREGATE_GROUPS, ZAggregateResponse } from '@contract/request-query'
import { API, createOk, listAll, pagingOf, startTestApp, validBody, type TestApp } from '../../../test/test-app'

/**
 * The query semantics of GET /requests and GET /requests/aggregate, checked against the customer's whole
 * list filtered here.
 */
let t: TestApp
let token: string
let all: Request[]

beforeAll(async () => {
  t = startTestApp()
  token = await t.mintToken()
  // Three requests created at the same instant (the test clock does not move), to see how ties sort.
  for (const [name, reference] of [
    ['b tie', 'TIE-2'],
    ['a tie', 'TIE-1'],
    ['c tie', 'TIE-3'],
  ] as const) {
    await createOk(t, token, validBody(t.today(), { name, customerReference: reference }))
  }
  all = z.array(ZRequest).parse(await listAll(t, token))
})
afterAll(() => t.close())

async function list(query: string): Promise<{ items: Request[]; total: number; result: number }> {
  const response = await t.call(`/requests?${query}`, { token })
  expect(response.status).toBe(200)
  const items = z.array(ZRequest).parse(await response.json())
  return { items, ...pagingOf(response) }
}

const ids = (requests: { id: string }[]) => requests.map((r) => r.id)
const day = (timestamp: string) => timestamp.slice(0, 10)
/** Newest first, as the API sorts by default (createdAt descending, then the latest created first). */
const newestFirst = (a: Request, b: Request) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)

describe('paging', () => {
  it('has a seeded customer with enough requests to page through', () => {
    expect(all.length).toBeGreaterThan(250)
    expect(new Set(ids(all)).size).toBe(all.length)
  })

  it('defaults to offset 0 and limit 20, newest first', async () => {
    const page = await list('')
    expect(page.result).toBe(20)
    expect(page.total).toBe(all.length)
    expect(ids(page.items)).toEqual(ids((await list('offset=0&limit=20')).items))
    // Ids are random (docs/decisions/0020): requests created at the same instant come in creation order, which the
    // client cannot see; the instants must match, and the page must hold requests of those instants.
    const newest = [...all].sort(newestFirst).slice(0, 20)
    expect(page.items.map((r) => r.createdAt)).toEqual(newest.map((r) => r.createdAt))
    const last = newest.at(-1)!.createdAt
    expect(page.items.every((r) => r.createdAt > last || all.some((a) => a.id === r.id && a.createdAt === last))).toBe(true)
  })

  it('accepts limit=100 and pages past the end to an empty list with the total', async () => {
    expect((await list('limit=100')).result).toBe(100)
    const past = await list(`offset=${all.length}`)
    expect(past).toEqual({ items: [], total: all.length, result: 0 })
  })

  it.each(['', 'sort=status', 'sort=-isOverdue,type', 'sort=keyDates.requestedAt&status=COMPLETED,REJECTED'])(
    'is stable: pages of 37 with "%s" repeat no request and miss none',
    async (query) => {
      const seen: string[] = []
      let total = 0
      for (let offset = 0; offset === 0 || offset < total; offset += 37) {
        const page = await list(`limit=37&offset=${offset}${query ? `&${query}` : ''}`)
        total = page.total
        expect(page.result).toBe(Math.min(37, total - offset))
        seen.push(...ids(page.items))
      }
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen.length).toBe(total)
    },
  )
})

describe('filters', () => {
  // A day on which some requests were created: the day of the customer's median request.
  const someDay = () => day(all[Math.floor(all.length / 2)]!.createdAt)
  const cases: [string, string | (() => string), (r: Request) => boolean][] = [
    ['comma multi-values of status', 'status=NEW,REJECTED', (r) => r.status === 'NEW' || r.status === 'REJECTED'],
    ['comma multi-values of type', 'type=INTERNET_ACCESS,C_BVPN_SITE', (r) => r.type === 'INTERNET_ACCESS' || r.type === 'C_BVPN_SITE'],
    ['step and subStep', 'step=DELIVERY&subStep=PLANNING,INSTALLATION', (r) => r.step === 'DELIVERY' && ['PLANNING', 'INSTALLATION'].includes(r.subStep)],
    ['category', 'category=termination,cancellation', (r) => r.category === 'termination' || r.category === 'cancellation'],
    ['isOverdue', 'isOverdue=true', (r) => r.isOverdue],
    ['isArchived', 'isArchived=false', (r) => !r.isArchived],
    ['an empty priority (every request has one)', 'priority=', () => true],
    ['another priority (no request has one)', 'priority=HIGH', () => false],
    ['createdAt on one day', () => `createdAt=${someDay()}`, (r) => day(r.createdAt) === someDay()],
    [
      'createdAt.gte and .lte, whole days',
      'createdAt.gte=2026-01-10&createdAt.lte=2026-02-20',
      (r) => day(r.createdAt) >= '2026-01-10' && day(r.createdAt) <= '2026-02-20',
    ],
    ['createdAt.gte as a timestamp', 'createdAt.gte=2026-04-01T12:00:00.000Z', (r) => r.createdAt >= '2026-04-01T12:00:00.000Z'],
    ['createdAt.lte as a timestamp with an offset', 'createdAt.lte=2026-04-01T14:00:00%2B02:00', (r) => r.createdAt <= '2026-04-01T12:00:00.000Z'],
    [
      'updatedAt.gte and .lte',
      'updatedAt.gte=2026-02-01&updatedAt.lte=2026-03-31',
      (r) => day(r.updatedAt) >= '2026-02-01' && day(r.updatedAt) <= '2026-03-31',
    ],
    ['updatedAt on one day', 'updatedAt=2026-05-04', (r) => day(r.updatedAt) === '2026-05-04'],
    [
      'keyDates.requestedAt.gte and .lte',
      'keyDates.requestedAt.gte=2026-05-01&keyDates.requestedAt.lte=2026-06-15',
      (r) => r.keyDates.requestedAt >= '2026-05-01' && r.keyDates.requestedAt <= '2026-06-15',
    ],
    ['keyDates.requestedAt.lte alone', 'keyDates.requestedAt.lte=2025-08-01', (r) => r.keyDates.requestedAt <= '2025-08-01'],
    ['keyDates.requestedAt on one day', 'keyDates.requestedAt=2026-05-11', (r) => r.keyDates.requestedAt === '2026-05-11'],
    ['an exact customerReference', 'customerReference=TIE-2', (r) => r.customerReference === 'TIE-2'],
    ['several exact customerReferences', 'customerReference=TIE-1,TIE-3', (r) => r.customerReference === 'TIE-1' || r.customerReference === 'TIE-3'],
    ['a customerReference prefix with *', 'customerReference=PO-1*', (r) => !!r.customerReference?.startsWith('PO-1')],
    ['a customerReference suffix with *', 'customerReference=*7', (r) => !!r.customerReference?.endsWith('7')],
    ['a * inside a customerReference', 'customerReference=PO-*5*', (r) => /^PO-.*5/.test(r.customerReference ?? '')],
    ['an _ taken literally', 'customerReference=PO_1*', () => false],
    ['a % taken literally', 'customerReference=PO%251*', () => false],
    [
      'filters combined',
      'status=COMPLETED&type=INTERNET_ACCESS&createdAt.gte=2025-12-01',
      (r) => r.status === 'COMPLETED' && r.type === 'INTERNET_ACCESS' && day(r.createdAt) >= '2025-12-01',
    ],
  ]

  it.each(cases)('%s', async (_, query, keep) => {
    const expected = all.filter(keep)
    const page = await list(`${typeof query === 'string' ? query : query()}&limit=100&sort=id`)
    expect(page.total).toBe(expected.length)
    expect(ids(page.items)).toEqual(ids(expected).sort().slice(0, 100))
  })

  it('has filters that select something and leave something out', () => {
    const selective = cases
      .slice(0, 6)
      .concat(cases.slice(8, 22))
      .map(([, , keep]) => all.filter(keep).length)
    expect(selective.every((n) => n > 0 && n < all.length)).toBe(true)
  })

  it('filters by id, a comma list of identifiers', async () => {
    const wanted = [all[3]!.id, all[40]!.id, 'REQ99999999']
    const page = await list(`id=${wanted.join(',')}`)
    expect(ids(page.items).sort()).toEqual(wanted.slice(0, 2).sort())
  })
})

describe('sort', () => {
  it('-createdAt,name: newest first, names in order among equal times', async () => {
    const { items } = await list('sort=-createdAt,name&limit=100')
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!]
      expect(a.createdAt >= b.createdAt).toBe(true)
      if (a.createdAt === b.createdAt) expect(a.name <= b.name).toBe(true)
    }
    expect(items.slice(0, 3).map((r) => r.name)).toEqual(['a tie', 'b tie', 'c tie'])
  })

  it('createdAt,-name reverses both', async () => {
    const { items } = await list('sort=createdAt,-name&limit=100&createdAt.gte=2026-05-04T10:00:00.000Z')
    expect(items.map((r) => r.name)).toEqual(['c tie', 'b tie', 'a tie'])
  })

  it.each([
    ['keyDates.requestedAt', (a: Request, b: Request) => a.keyDates.requestedAt <= b.keyDates.requestedAt],
    ['-updatedAt', (a: Request, b: Request) => a.updatedAt >= b.updatedAt],
    ['status', (a: Request, b: Request) => a.status <= b.status],
    ['-id', (a: Request, b: Request) => a.id > b.id],
  ])('%s holds over every page', async (sort, inOrder) => {
    const sorted: Request[] = []
    for (let offset = 0; offset < all.length; offset += 100) sorted.push(...(await list(`sort=${sort}&limit=100&offset=${offset}`)).items)
    expect(sorted).toHaveLength(all.length)
    for (let i = 1; i < sorted.length; i++) expect(inOrder(sorted[i - 1]!, sorted[i]!)).toBe(true)
  })
})

describe('representation', () => {
  it('fields=id,name,status projects to those fields', async () => {
    const response = await t.call('/requests?fields=id,name,status&limit=5', { token })
    const items = (await response.json()) as Record<string, unknown>[]
    expect(items).toHaveLength(5)
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'name', 'status'])
    const onlyStatus = (await (await t.call('/requests?fields=status&limit=1', { token })).json()) as Record<string, unknown>[]
    expect(Object.keys(onlyStatus[0]!).sort()).toEqual(['id', 'status'])
  })

  it('leaves empty fields out unless displayNulls=true', async () => {
    const withoutReference = all.find((r) => r.customerReference === undefined && r.comment === undefined)!
    expect(withoutReference).toBeDefined()
    const query = `id=${withoutReference.id}`
    const [hidden] = (await (await t.call(`/requests?${query}`, { token })).json()) as Record<string, unknown>[]
    expect(hidden).not.toHaveProperty('customerReference')
    expect(hidden).not.toHaveProperty('comment')
    const [shown] = (await (await t.call(`/requests?${query}&displayNulls=true`, { token })).json()) as Record<string, unknown>[]
    expect(shown).toMatchObject({ customerReference: null, comment: null })
    const one = (await (await t.call(`/requests/${withoutReference.id}?displayNulls=true`, { token })).json()) as Record<string, unknown>
    expect(one).toMatchObject({ customerReference: null, comment: null })
    expect((await list(`${query}&displayNulls=false`)).items[0]).not.toHaveProperty('comment')
  })

  it('adds a self link with displayLinks=true', async () => {
    const { items } = await list('displayLinks=true&limit=3')
    for (const item of items) expect(item._links).toEqual({ self: { href: `${API}/requests/${item.id}` } })
    expect((await list('limit=3')).items.every((r) => r._links === undefined)).toBe(true)
    const one = ZRequest.parse(await (await t.call(`/requests/${items[0]!.id}?displayLinks=true`, { token })).json())
    expect(one._links?.self.href).toBe(`${API}/requests/${items[0]!.id}`)
  })

  it('gives rejection reasons in the language asked, page after page of the same query', async () => {
    const query = '/requests?status=REJECTED&limit=5'
    const read = async (language: string) => z.array(ZRequest).parse(await (await t.call(query, { token, language })).json())
    const english = await read('en')
    const french = await read('fr')
    const again = await read('en')
    expect(english.length).toBeGreaterThan(0)
    expect(again).toEqual(english)
    for (const [i, request] of french.entries()) {
      const one = ZRequest.parse(await (await t.call(`/requests/${request.id}`, { token, language: 'fr' })).json())
      expect(request.rejectionReasons).toEqual(one.rejectionReasons)
      expect(request.rejectionReasons.map((r) => r.message)).not.toEqual(english[i]!.rejectionReasons.map((r) => r.message))
    }
  })
})

describe('GET /requests/aggregate', () => {
  const filters = ['', 'createdAt.gte=2025-11-01&type=INTERNET_ACCESS,C_BVPN_SITE,ETHERNET_LINK', 'isOverdue=true', 'customerReference=PO-2*']

  describe.each(filters)('with filters "%s"', (query) => {
    it.each(AGGREGATE_GROUPS)('groupBy=%s sums to the list total and matches each group', async (groupBy) => {
      const response = await t.call(`/requests/aggregate?groupBy=${groupBy}${query ? `&${query}` : ''}`, { token })
      const counts = ZAggregateResponse.parse(await response.json())
      const listed = await list(`limit=1${query ? `&${query}` : ''}`)
      const sum = Object.values(counts).reduce((a, b) => a + b, 0)
      expect(sum).toBe(listed.total)
      expect(Number(response.headers.get(HEADER.totalCount))).toBe(sum)

      const matching = await listAll<Request>(t, token, query)
      const keyOf = (r: Request) => (groupBy === 'customer.id' ? r.customer.id : String(r[groupBy as keyof Request]))
      const expected: Record<string, number> = {}
      for (const r of matching) expected[keyOf(r)] = (expected[keyOf(r)] ?? 0) + 1
      expect(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))).toEqual(expected)
    })
  })

  it('keeps every status, sub-step and flag key even when nothing falls in it', async () => {
    const counts = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=subStep&id=REQ99999999', { token })).json())
    expect(counts).toEqual({ INITIATION: 0, VALIDATION: 0, PLANNING: 0, INSTALLATION: 0, ACTIVATION: 0, DONE: 0 })
    const flags = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=isArchived&id=REQ99999999', { token })).json())
    expect(flags).toEqual({ false: 0, true: 0 })
  })

  it('counts a request created a moment ago, in lists and aggregates alike', async () => {
    const before = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=type', { token })).json())
    const total = await t.countRequests(token)
    await createOk(
      t,
      token,
      validBody(t.today(), {
        type: 'ETHERNET_LINK',
        properties: { ...(validBody(t.today()).properties as object), options: { bandwidthMbps: 10, vlans: [{ vlanId: 12, label: 'voice' }] } },
      }),
    )
    expect(await t.countRequests(token)).toBe(total + 1)
    const after = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=type', { token })).json())
    expect(after).toEqual({ ...before, ETHERNET_LINK: (before.ETHERNET_LINK ?? 0) + 1 })
  })
})
