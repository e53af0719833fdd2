import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { SENDS_PATH, ZSendState } from '@contract/gateway-sends'
import { expectApiError, GATEWAY, JSON_UTF8, ManualClock, startTestApp, validBody, type TestApp } from '../../test/test-app'
import type { Session } from './auth/session'
import type { GatewaySessions } from './auth/token-handler'
import { sendGuard, sendGuardRoutes, SEND_GRACE_MS } from './send-guard'
import { memoryStore } from './shared-store'
import { answerError } from '../shared/edge'

/** The gateway's send guard (docs/decisions/0020-hostile-input-and-faults.md), through the whole server in-process. */
describe('the send guard, in front of the sandbox', () => {
  let t: TestApp
  let acme: Record<string, string>
  let blueHarbor: Record<string, string>
  beforeAll(async () => {
    t = startTestApp()
    acme = { Cookie: await t.sessionCookie(await t.mintToken({ customerId: 'C001' })) }
    blueHarbor = { Cookie: await t.sessionCookie(await t.mintToken({ customerId: 'C002' })) }
  })
  afterAll(() => t.close())

  const send = (session: Record<string, string>, body: unknown) => t.fetch(`${GATEWAY}/requests`, { json: body, headers: session })
  const state = async (session: Record<string, string>, reference: string) => {
    const response = await t.fetch(`${SENDS_PATH}?customerReference=${encodeURIComponent(reference)}`, { headers: session })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    return ZSendState.parse(await response.json())
  }
  const countByReference = async (reference: string, customerId = 'C001') => {
    const response = await t.call(`/requests?customerReference=${reference}&limit=1`, { token: await t.mintToken({ customerId }) })
    return Number(response.headers.get('X-Total-Count'))
  }
  /** Resolves once the sandbox has taken the latency fault, i.e. the first send is in flight at the operator. */
  const faultTaken = async () => {
    for (let i = 0; i < 200; i++) {
      const listed = (await (await t.fetch('/sandbox/control/faults')).json()) as { faults: unknown[] }
      if (listed.faults.length === 0) return
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error('the latency fault was never taken')
  }

  it('refuses a second creation with the same reference while the first is slow: one 201, one 409 code 64', async () => {
    await t.control('faults', { kind: 'latency', latencyMs: 2000, path: '/requests', method: 'POST', count: 1 })
    const body = validBody(t.today(), { customerReference: 'PO-SLOW-1' })
    expect(await state(acme, 'PO-SLOW-1')).toEqual({ customerReference: 'PO-SLOW-1', inFlight: false })
    const first = send(acme, body)
    await faultTaken()
    expect(await state(acme, 'PO-SLOW-1')).toEqual({ customerReference: 'PO-SLOW-1', inFlight: true })
    // Another customer's send with the same reference is its own.
    expect(await state(blueHarbor, 'PO-SLOW-1')).toEqual({ customerReference: 'PO-SLOW-1', inFlight: false })
    const second = await send({ ...acme, 'Accept-Language': 'fr' }, body)
    const refusal = await expectApiError(second, 409, ERROR_CODE.sendInFlight)
    expect(refusal.description).toContain('PO-SLOW-1')
    expect(refusal.message).toBe('Une demande avec cette référence est encore en cours d’envoi')
    expect((await first).status).toBe(201)
    expect(await state(acme, 'PO-SLOW-1')).toEqual({ customerReference: 'PO-SLOW-1', inFlight: false })
    expect(await countByReference('PO-SLOW-1')).toBe(1)
    // Once the first has been answered, the reference is free again (the operator decides on duplicates).
    expect((await send(acme, { ...body, customerReference: 'PO-SLOW-1' })).status).toBe(201)
  })

  it('does not block another customer’s send with the same reference', async () => {
    await t.control('faults', { kind: 'latency', latencyMs: 2000, path: '/requests', method: 'POST', count: 1 })
    const first = send(acme, validBody(t.today(), { customerReference: 'PO-SHARED-1' }))
    await faultTaken()
    const other = await send(blueHarbor, validBody(t.today(), { customerReference: 'PO-SHARED-1', contract: 'BHL-000101' }))
    expect(other.status).toBe(201)
    expect((await first).status).toBe(201)
    expect(await countByReference('PO-SHARED-1', 'C002')).toBe(1)
  })

  it('frees the reference when the operator answers with an error: a 503 then a retry makes one request', async () => {
    await t.control('faults', { kind: 'unavailable', path: '/requests', method: 'POST', count: 1 })
    const body = validBody(t.today(), { customerReference: 'PO-RETRY-1' })
    await expectApiError(await send(acme, body), 503, ERROR_CODE.unavailable, JSON_UTF8)
    expect(await state(acme, 'PO-RETRY-1')).toMatchObject({ inFlight: false })
    expect((await send(acme, body)).status).toBe(201)
    expect(await countByReference('PO-RETRY-1')).toBe(1)
  })

  it('answers the send state to signed-in people only, for a valid reference', async () => {
    await expectApiError(await t.fetch(`${SENDS_PATH}?customerReference=PO-1`), 401, ERROR_CODE.missingCredentials)
    for (const query of ['', '?customerReference=', '?customerReference=1234567890123456789', '?customerReference=a&customerReference=b']) {
      await expectApiError(await t.fetch(`${SENDS_PATH}${query}`, { headers: acme }), 400, ERROR_CODE.invalidQueryParameter)
    }
  })
})

describe('the send guard after the gateway gave up', () => {
  const clock = new ManualClock()
  const session = { accessHandle: 'h' } as Session
  const sessions = { read: async () => session } as unknown as GatewaySessions
  const stores = {
    store: memoryStore(clock.now),
    sessions,
    customers: { of: async () => ({ kind: 'customer', customerId: 'C001' }) as const, known: async () => 'C001', remember: async () => {} },
  }
  const guard = sendGuard({ ...stores, upstreamTimeoutMs: 30_000 })
  const app = new Hono()
  app.onError(answerError)
  app.route(SENDS_PATH, sendGuardRoutes(stores))
  app.post('/send', async (c) => {
    const held = await guard.enter(c, session, await c.req.arrayBuffer())
    if (held instanceof Response) return held
    await held?.leave(c.req.query('outcome') === 'gaveUp' ? 'gaveUp' : 'answered')
    return c.body(null, 204)
  })
  const inFlight = async () => ZSendState.parse(await (await app.request(`${SENDS_PATH}?customerReference=PO-LOST`)).json()).inFlight
  const post = (outcome: string) => app.request(`/send?outcome=${outcome}`, { method: 'POST', body: JSON.stringify({ customerReference: 'PO-LOST' }) })

  it('keeps the reference held for the grace period, as the operator may still be processing it', async () => {
    expect((await post('gaveUp')).status).toBe(204)
    expect(await inFlight()).toBe(true)
    expect((await post('answered')).status).toBe(409)
    clock.advance(SEND_GRACE_MS - 1)
    expect(await inFlight()).toBe(true)
    clock.advance(2)
    expect(await inFlight()).toBe(false)
    expect((await post('answered')).status).toBe(204)
    expect(await inFlight()).toBe(false)
  })
})
