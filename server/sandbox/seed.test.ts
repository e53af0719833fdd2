import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ZSandboxRequest as ZRequest, type SandboxRequest as Request } from '@contract/request'
import { ZAggregateResponse } from '@contract/request-query'
import { listAll, pagingOf, startTestApp, type TestApp } from '../../test/test-app'
import { BUILTIN_CATALOG_ITEMS } from './catalog/builtin-items'
import { SEEDABLE_REJECTIONS } from './ordering/messages'
import { REQUIRED_SEED_STATES } from './seed'
import { SEED_CUSTOMERS } from './demo'

/** The seeded data as the API shows it, with the default count of 5000. */
let t: TestApp
const tokens: Record<string, string> = {}
const requests: Record<string, Request[]> = {}

beforeAll(async () => {
  t = startTestApp({ SANDBOX_SEED_COUNT: '5000' })
  for (const customer of SEED_CUSTOMERS) {
    tokens[customer.id] = await t.mintToken({ customerId: customer.id })
    requests[customer.id] = z.array(ZRequest).parse(await listAll(t, tokens[customer.id]!))
  }
})
afterAll(() => t.close())

const queryOf = (state: Record<string, unknown>) =>
  Object.entries(state)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('&')

describe.each(SEED_CUSTOMERS)('customer $id ($name)', (customer) => {
  it.each(REQUIRED_SEED_STATES.map((state) => [queryOf(state)]))('has requests with %s', async (query) => {
    const response = await t.call(`/requests?limit=1&${query}`, { token: tokens[customer.id]! })
    expect(pagingOf(response).total).toBeGreaterThan(0)
  })

  it('has requests of every catalog type', async () => {
    const counts = ZAggregateResponse.parse(await (await t.call('/requests/aggregate?groupBy=type', { token: tokens[customer.id]! })).json())
    for (const item of BUILTIN_CATALOG_ITEMS) expect({ type: item.type, some: (counts[item.type] ?? 0) > 0 }).toEqual({ type: item.type, some: true })
  })

  it('has only its own requests, each a valid request of the contract', () => {
    const own = requests[customer.id]!
    expect(own.every((r) => r.customer.id === customer.id && r.customer.name === customer.name)).toBe(true)
    expect(own.every((r) => r.contract.startsWith(`${customer.prefix}-`))).toBe(true)
  })

  it('gives every rejected request 1 to 3 distinct reasons, and no other request any', () => {
    const own = requests[customer.id]!
    const rejected = own.filter((r) => r.status === 'REJECTED')
    expect(rejected.length).toBeGreaterThan(0)
    for (const r of rejected) {
      const codes = r.rejectionReasons.map((reason) => reason.code)
      expect(codes.length).toBeGreaterThanOrEqual(1)
      expect(codes.length).toBeLessThanOrEqual(3)
      expect(new Set(codes).size).toBe(codes.length)
      for (const reason of r.rejectionReasons) {
        // 304 is the one a cancellation gives its target; it is the only reason then.
        if (reason.code === 304) expect(codes).toEqual([304])
        else expect(SEEDABLE_REJECTIONS).toContain(reason.code)
        expect(reason.reason).toMatch(/^[A-Z_]+$/)
        expect(reason.message.length).toBeGreaterThan(20)
      }
    }
    expect(own.filter((r) => r.status !== 'REJECTED').every((r) => r.rejectionReasons.length === 0)).toBe(true)
  })

  it('links requests as the live API would: cancellations close their targets, terminations end delivered services once', () => {
    const own = requests[customer.id]!
    const byId = new Map(own.map((r) => [r.id, r]))
    const cancellations = own.filter((r) => r.category === 'cancellation')
    expect(cancellations.length).toBeGreaterThan(0)
    for (const cancellation of cancellations) {
      const target = byId.get(cancellation.relatedRequestId!)!
      expect(target.status).toBe('REJECTED')
      expect(target.rejectionReasons).toEqual([expect.objectContaining({ code: 304, message: expect.stringContaining(cancellation.id) })])
    }
    const terminations = own.filter((r) => r.category === 'termination' && r.status !== 'REJECTED')
    expect(terminations.length).toBeGreaterThan(0)
    const ended = terminations.map((r) => r.relatedRequestId!)
    expect(new Set(ended).size).toBe(ended.length)
    for (const id of ended) {
      const creation = byId.get(id)!
      expect(creation).toMatchObject({ category: 'creation', status: 'COMPLETED' })
      expect(Date.parse(creation.updatedAt)).toBeLessThanOrEqual(Date.parse(terminations.find((t) => t.relatedRequestId === id)!.createdAt) + 90 * 86_400_000)
    }
  })
})

describe('the whole seed', () => {
  it('spreads at least 5000 requests over the customers by their shares', () => {
    const counts = SEED_CUSTOMERS.map((c) => requests[c.id]!.length)
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5000)
    SEED_CUSTOMERS.forEach((c, i) => expect(counts[i]! / 5000).toBeCloseTo(c.share, 1))
  })

  it('gives every request a distinct id', () => {
    const ids = SEED_CUSTOMERS.flatMap((c) => requests[c.id]!.map((r) => r.id))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('names delivered services with the service point that terminations refer to', () => {
    const delivered = requests.C001!.filter((r) => r.category === 'creation' && r.status === 'COMPLETED')
    expect(delivered.length).toBeGreaterThan(0)
    for (const r of delivered) expect(r.properties.servicePoint?.id).toBe(`SP${r.id.slice(3)}`)
  })
})

describe('determinism', () => {
  async function seeded(seed: string): Promise<unknown[]> {
    const app = startTestApp({ SANDBOX_SEED: seed, SANDBOX_SEED_COUNT: '300' })
    try {
      return await listAll(app, await app.mintToken({ customerId: 'C002' }), 'sort=id')
    } finally {
      app.close()
    }
  }

  it('gives the same data for the same seed, and other data for another seed', async () => {
    const first = await seeded('42')
    expect(first.length).toBeGreaterThan(50)
    expect(await seeded('42')).toEqual(first)
    expect(await seeded('43')).not.toEqual(first)
  })

  it('seeds nothing with a count of 0', async () => {
    const app = startTestApp({ SANDBOX_SEED_COUNT: '0' })
    try {
      expect(await app.countRequests(await app.mintToken())).toBe(0)
    } finally {
      app.close()
    }
  })
})

describe('a small seed', () => {
  it.each(['60', '300', '900'])('still has every required state for every customer with %s requests', async (count) => {
    const small = startTestApp({ SANDBOX_SEED_COUNT: count })
    try {
      for (const customer of SEED_CUSTOMERS) {
        const token = await small.mintToken({ customerId: customer.id })
        for (const state of REQUIRED_SEED_STATES) {
          const response = await small.call(`/requests?limit=1&${queryOf(state)}`, { token })
          expect({ customer: customer.id, state, total: pagingOf(response).total > 0 }).toEqual({ customer: customer.id, state, total: true })
        }
      }
    } finally {
      small.close()
    }
  })
})
