import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ERROR_CODE } from '@contract/error'
import { ZSandboxRequest as ZRequest, type SandboxRequest as Request } from '@contract/request'
import { ZAggregateResponse } from '@contract/request-query'
import {
  actingOnBody,
  createOk,
  DEFAULT_START,
  expectApiError,
  JSON_UTF8,
  listAll,
  pagingOf,
  startTestApp,
  TEST_SITE,
  validBody,
  type TestApp,
} from '../../../test/test-app'

/** The request lifecycle as a client sees it when the sandbox clock moves (POST /sandbox/control/clock). */
const HOUR = 3_600_000
let t: TestApp
let token: string

beforeEach(async () => {
  t = startTestApp()
  token = await t.mintToken()
})
afterEach(() => t.close())

async function read(id: string, language?: string): Promise<Request> {
  const response = await t.call(`/requests/${id}`, { token, ...(language ? { language } : {}) })
  expect(response.status).toBe(200)
  return ZRequest.parse(await response.json())
}

const at = (ms: number) => new Date(ms).toISOString()

describe('a created request', () => {
  it('moves NEW → IN_PROGRESS → … → COMPLETED as the sandbox clock advances, then is archived', async () => {
    // Created Monday 10:00 for the next Monday: each stage comes at a fixed time (decision 0003).
    const { request } = await createOk(t, token, validBody(t.today()))
    const t0 = DEFAULT_START
    expect(request.keyDates).toEqual({ requestedAt: '2026-05-11' })
    const stages: [number, Partial<Request>, number][] = [
      [0, { status: 'NEW', step: 'ORDER', subStep: 'INITIATION' }, t0],
      [5, { status: 'IN_PROGRESS', step: 'ORDER', subStep: 'VALIDATION' }, t0 + 4 * HOUR],
      [20, { status: 'IN_PROGRESS', step: 'DELIVERY', subStep: 'PLANNING' }, t0 + 24 * HOUR],
      [74, { status: 'IN_PROGRESS', step: 'DELIVERY', subStep: 'INSTALLATION' }, Date.parse('2026-05-08T12:00:00.000Z')],
      [48, { status: 'IN_PROGRESS', step: 'DELIVERY', subStep: 'ACTIVATION' }, Date.parse('2026-05-10T12:00:00.000Z')],
      [24, { status: 'COMPLETED', step: 'CLOSURE', subStep: 'DONE' }, Date.parse('2026-05-11T12:00:00.000Z')],
    ]
    for (const [hours, state, changedAt] of stages) {
      if (hours) await t.advanceSandbox({ hours })
      const now = await read(request.id)
      expect(now).toMatchObject({ ...state, isOverdue: false, isArchived: false, createdAt: at(t0), updatedAt: at(changedAt) })
      // Lists and counts see the move at once, also a page read before it (the same query each time).
      expect(pagingOf(await t.call(`/requests?id=${request.id}&status=${state.status}&subStep=${state.subStep}`, { token })).total).toBe(1)
      const listed = z.array(ZRequest).parse(await (await t.call(`/requests?id=${request.id}`, { token })).json())
      expect(listed).toMatchObject([{ ...state, updatedAt: at(changedAt) }])
    }
    const done = await read(request.id)
    expect(done.properties.servicePoint).toEqual({ id: `SP${request.id.slice(3)}` })
    expect(done.rejectionReasons).toEqual([])

    await t.advanceSandbox({ days: 91 })
    expect(await read(request.id)).toMatchObject({ status: 'COMPLETED', isArchived: true, isOverdue: false })
    expect(pagingOf(await t.call(`/requests?id=${request.id}&isArchived=true`, { token })).total).toBe(1)
  })

  it('moves every seeded NEW request on within a day', async () => {
    const counts = async () => ZAggregateResponse.parse(await (await t.call('/requests/aggregate', { token })).json())
    const before = await counts()
    expect(before.NEW).toBeGreaterThan(0)
    await t.advanceSandbox({ days: 1 })
    const after = await counts()
    expect(after.NEW).toBe(0)
    expect(Object.values(after).reduce((a, b) => a + b, 0)).toBe(Object.values(before).reduce((a, b) => a + b, 0))
  })
})

describe('rejection', () => {
  it('ends a request for a postal code starting with 00 REJECTED with its reason, in English and French', async () => {
    const body = validBody(t.today(), {
      properties: { ...(validBody(t.today()).properties as object), location: { ...TEST_SITE, address: { ...TEST_SITE.address, postalCode: '00120' } } },
    })
    const { request } = await createOk(t, token, body)
    expect(request).toMatchObject({ status: 'NEW', rejectionReasons: [] })
    await t.advanceSandbox({ hours: 5 })
    expect(await read(request.id)).toMatchObject({ status: 'IN_PROGRESS', step: 'ORDER', subStep: 'VALIDATION', rejectionReasons: [] })
    await t.advanceSandbox({ hours: 20 })
    const rejected = await read(request.id)
    expect(rejected).toMatchObject({ status: 'REJECTED', step: 'ORDER', subStep: 'VALIDATION', updatedAt: at(DEFAULT_START + 24 * HOUR) })
    expect(rejected.rejectionReasons).toEqual([
      {
        code: 301,
        reason: 'ADDRESS_NOT_ELIGIBLE',
        message: 'The site address is outside the area where this service can be delivered. Check the postal code or choose another site.',
      },
    ])
    const french = await read(request.id, 'fr')
    expect(french.rejectionReasons).toEqual([
      {
        code: 301,
        reason: 'ADDRESS_NOT_ELIGIBLE',
        message: 'L’adresse du site est hors de la zone où ce service peut être livré. Vérifiez le code postal ou choisissez un autre site.',
      },
    ])
    await t.advanceSandbox({ days: 30 })
    expect(await read(request.id)).toMatchObject({ status: 'REJECTED', updatedAt: rejected.updatedAt, isOverdue: false })
  })

  it('gives every reason that applies: unreachable contact, unknown billing account, unknown network', async () => {
    const properties = {
      network: { id: 'X-NET' },
      location: { ...TEST_SITE, address: { ...TEST_SITE.address, postalCode: '00500' } },
      contacts: { primary: { firstName: 'Nobody', lastName: 'Reachable' } },
      billingAccount: { code: 'XBA' },
    }
    const { request } = await createOk(t, token, validBody(t.today(), { type: 'C_BVPN_SITE', properties }))
    await t.advanceSandbox({ days: 1 })
    const rejected = await read(request.id)
    expect(rejected.status).toBe('REJECTED')
    expect(rejected.rejectionReasons.map((r) => [r.code, r.reason])).toEqual([
      [301, 'ADDRESS_NOT_ELIGIBLE'],
      [302, 'CONTACT_UNREACHABLE'],
      [303, 'BILLING_ACCOUNT_UNKNOWN'],
      [305, 'NETWORK_UNKNOWN'],
    ])
  })
})

describe('isOverdue', () => {
  it('turns true when the requested day passes before completion, and stays false for what completes on time', async () => {
    const onTime = z.array(ZRequest).parse(await listAll(t, token, 'status=NEW,IN_PROGRESS&isOverdue=false'))
    expect(onTime.length).toBeGreaterThan(10)
    const latest = onTime
      .map((r) => r.keyDates.requestedAt)
      .sort()
      .at(-1)!
    const days = Math.ceil((Date.parse(latest) - Date.parse(t.today())) / (24 * HOUR)) + 2
    await t.advanceSandbox({ days })

    let late = 0
    for (const before of onTime) {
      const now = await read(before.id)
      const endOfRequestedDay = `${now.keyDates.requestedAt}T23:59:59.999Z`
      const open = now.status === 'NEW' || now.status === 'IN_PROGRESS'
      const closedLate = now.status === 'COMPLETED' && now.updatedAt > endOfRequestedDay
      expect({ id: now.id, isOverdue: now.isOverdue }).toEqual({ id: now.id, isOverdue: open || closedLate })
      if (now.isOverdue) late += 1
    }
    expect(late).toBeGreaterThan(0)
    expect(late).toBeLessThan(onTime.length)
    const stillOverdue = pagingOf(await t.call(`/requests?isOverdue=true&id=${onTime.map((r) => r.id).join(',')}`, { token })).total
    expect(stillOverdue).toBe(late)
  })
})

describe('late delivery', () => {
  it('delivers a site whose postal code starts with 99 ten days late: overdue while open, and still marked late once delivered', async () => {
    const site = { ...TEST_SITE, address: { ...TEST_SITE.address, postalCode: '99100' } }
    const { request } = await createOk(t, token, validBody(t.today(), { properties: { ...(validBody(t.today()).properties as object), location: site } }))
    await t.advanceSandbox({ days: 8 })
    expect(await read(request.id)).toMatchObject({ status: 'IN_PROGRESS', isOverdue: true })
    expect(pagingOf(await t.call(`/requests?id=${request.id}&isOverdue=true`, { token })).total).toBe(1)
    await t.advanceSandbox({ days: 10 })
    expect(await read(request.id)).toMatchObject({ status: 'COMPLETED', isOverdue: true })
  })

  it('never marks a rejected request overdue, even once its requested day has passed', async () => {
    const site = { ...TEST_SITE, address: { ...TEST_SITE.address, postalCode: '00100' } }
    const { request } = await createOk(t, token, validBody(t.today(), { properties: { ...(validBody(t.today()).properties as object), location: site } }))
    await t.advanceSandbox({ days: 30 })
    expect(await read(request.id)).toMatchObject({ status: 'REJECTED', isOverdue: false })
  })
})

describe('cancellation', () => {
  it('closes its target as REJECTED with reason 304 naming the cancellation, and completes itself', async () => {
    const target = (await createOk(t, token, validBody(t.today()))).request.id
    await t.advanceSandbox({ days: 2 })
    expect(await read(target)).toMatchObject({ status: 'IN_PROGRESS', step: 'DELIVERY', subStep: 'PLANNING' })

    const { request: cancellation } = await createOk(t, token, actingOnBody(t.today(), 'REQUEST_CANCELLATION', target))
    expect(cancellation).toMatchObject({ category: 'cancellation', relatedRequestId: target, status: 'NEW', type: 'REQUEST_CANCELLATION' })
    const cancelledAt = t.sandbox.clock.now()
    const cancelled = await read(target)
    expect(cancelled).toMatchObject({ status: 'REJECTED', step: 'DELIVERY', subStep: 'PLANNING', updatedAt: at(cancelledAt) })
    expect(cancelled.rejectionReasons).toEqual([
      { code: 304, reason: 'CANCELLED', message: `This request was cancelled at your request by ${cancellation.id}.` },
    ])
    expect((await read(target, 'fr')).rejectionReasons).toEqual([
      { code: 304, reason: 'CANCELLED', message: `Cette demande a été annulée à votre demande par ${cancellation.id}.` },
    ])

    await t.advanceSandbox({ hours: 2 })
    expect(await read(cancellation.id)).toMatchObject({ status: 'COMPLETED', step: 'CLOSURE', subStep: 'DONE' })
    // Time passing does not bring the cancelled request back to life.
    await t.advanceSandbox({ days: 20 })
    expect(await read(target)).toMatchObject({ status: 'REJECTED', updatedAt: at(cancelledAt), isOverdue: false })

    const again = await t.call('/requests', { token, json: actingOnBody(t.today(), 'REQUEST_CANCELLATION', target) })
    await expectApiError(again, 422, ERROR_CODE.targetRequestClosed, JSON_UTF8)
  })

  it('cancels a NEW request at once', async () => {
    const target = (await createOk(t, token, validBody(t.today()))).request.id
    await createOk(t, token, actingOnBody(t.today(), 'REQUEST_CANCELLATION', target))
    expect(await read(target)).toMatchObject({ status: 'REJECTED', step: 'ORDER', subStep: 'INITIATION' })
  })
})
