import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOk, startTestApp, startTestAppWithToken, terminationBody, validBody, type TestApp } from '../../../test/test-app'
import { randomRequestId, requestIdOfServicePoint, seededRequestId, servicePointOf } from './request-store'

/** Request ids are random, not one sequence shared by every customer (docs/decisions/0020-hostile-input-and-faults.md). */
describe('request ids', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => ({ t, token } = await startTestAppWithToken()))
  afterAll(() => t.close())

  it('gives new requests ids of reference 1’s shape that do not count: ten in a row are not consecutive', async () => {
    const ids: number[] = []
    for (let i = 0; i < 10; i++) {
      const { request } = await createOk(t, token, validBody(t.today(), { customerReference: `PO-ID-${i}` }))
      expect(request.id).toMatch(/^REQ[0-9]{8}$/)
      ids.push(Number(request.id.slice(3)))
    }
    const steps = ids.slice(1).map((id, i) => id - ids[i]!)
    // A running count moves by one (or by the few other customers' requests in between).
    expect(steps.filter((step) => step > 0 && step < 1000)).toHaveLength(0)
    expect(new Set(ids).size).toBe(10)
  })

  it('gives seeded requests ids derived from the seed: the same for a seed, not a count', async () => {
    const other = startTestApp()
    const seeded = (app: TestApp) => app.sandbox.db.prepare('SELECT id FROM requests ORDER BY seq LIMIT 50').pluck().all() as string[]
    try {
      const ids = seeded(t)
      expect(seeded(other)).toEqual(ids)
      expect(ids.map((id) => Number(id.slice(3))).some((n, i, all) => i > 0 && n === all[i - 1]! + 1)).toBe(false)
      const another = seededRequestId(2)
      expect(another(1, 0)).not.toBe(seededRequestId(1)(1, 0))
    } finally {
      other.close()
    }
  })

  it('names a delivered creation’s service point after its id, and terminates it by that name', async () => {
    const row = t.sandbox.db
      .prepare(
        "SELECT id FROM requests WHERE customer_id = 'C001' AND category = 'creation' AND status = 'COMPLETED' AND type = 'INTERNET_ACCESS' AND id NOT IN (SELECT related_request_id FROM requests WHERE category = 'termination' AND related_request_id IS NOT NULL) LIMIT 1",
      )
      .get() as { id: string }
    const servicePoint = servicePointOf(row.id)
    expect(requestIdOfServicePoint(servicePoint)).toBe(row.id)
    const detail = (await (await t.call(`/requests/${row.id}`, { token })).json()) as { properties: { servicePoint: { id: string } } }
    expect(detail.properties.servicePoint.id).toBe(servicePoint)
    const { request } = await createOk(t, token, terminationBody(t.today(), servicePoint))
    expect(request.relatedRequestId).toBe(row.id)
    expect(randomRequestId(0, 0)).toMatch(/^REQ[0-9]{8}$/)
  })
})
