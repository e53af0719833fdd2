import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRedis, type RedisProcess } from '../cluster/redis-server'
import { gatewayStore, type GatewayStore } from './redis-store'
import { budgetOf, operatorThrottle } from './throttle'

/** The throttle budget of several instances (docs/decisions/0021-many-instances.md), on a real redis-server. */
let redis: RedisProcess
let stores: GatewayStore[]
beforeAll(async () => {
  redis = await startRedis()
  stores = [gatewayStore(redis.url), gatewayStore(redis.url)]
  while (!stores.every((s) => s.redis!.isReady)) await new Promise((resolve) => setTimeout(resolve, 20))
})
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await redis.stop()
})

/** The most calls admitted within any one second, wherever it starts (the operator's windows start anywhere). */
const busiestSecond = (times: number[]) => Math.max(...times.map((a) => times.filter((b) => b >= a && b < a + 1000).length))

describe('the throttle budget', () => {
  it('cuts 25 a second into slots such that no second, wherever it starts, holds more than 90%', () => {
    const { slotMs, points } = budgetOf(25)
    expect(points * (1000 / slotMs + 1)).toBeLessThanOrEqual(22)
    for (const limit of [5, 10, 25, 100]) {
      const budget = budgetOf(limit)
      expect(budget.points * (Math.ceil(1000 / budget.slotMs) + 1)).toBeLessThanOrEqual(Math.max(2, limit * 0.9))
    }
  })

  it('two instances on one Redis: 60 calls at once are all served, never more than 22 in any second', async () => {
    const instances = stores.map((s) => operatorThrottle({ perSecond: 25, redis: s.redis }))
    const started = Date.now()
    const times: number[] = []
    const admitted = await Promise.all(
      [...Array(60)].map(async (_, i) => {
        const result = await instances[i % 2]!.acquire({ person: `person-${i % 3}`, bulk: false })
        times.push(Date.now() - started)
        return result.ok
      }),
    )
    expect(admitted.every(Boolean)).toBe(true)
    expect(busiestSecond(times)).toBeLessThanOrEqual(22)
  }, 20_000)

  it('page views go ahead of bulk reads waiting on the other instance', async () => {
    const [a, b] = stores.map((s) => operatorThrottle({ perSecond: 25, redis: s.redis }))
    const started = Date.now()
    const bulk = [...Array(40)].map((_, i) => (i % 2 ? a! : b!).acquire({ person: `exporter-${i % 2}`, bulk: true }).then(() => Date.now() - started))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const pages = await Promise.all(
      [...Array(8)].map((_, i) => (i % 2 ? a! : b!).acquire({ person: 'browser', bulk: false }).then((r) => ({ ok: r.ok, ms: Date.now() - started }))),
    )
    const bulkDone = await Promise.all(bulk)
    expect(pages.every((p) => p.ok)).toBe(true)
    // Eight page views in about the time eight slots take, while forty bulk reads need two seconds and more.
    expect(Math.max(...pages.map((p) => p.ms))).toBeLessThan(1_500)
    expect(Math.max(...bulkDone)).toBeGreaterThan(Math.max(...pages.map((p) => p.ms)))
  }, 30_000)

  it('past the bounded wait, refuses with a Retry-After instead of queueing forever', async () => {
    const throttle = operatorThrottle({ perSecond: 25, redis: stores[0]!.redis, interactiveWaitMs: 300 })
    const results = await Promise.all([...Array(40)].map((_, i) => throttle.acquire({ person: `p-${i}`, bulk: false })))
    const refused = results.filter((r) => !r.ok)
    expect(refused.length).toBeGreaterThan(0)
    for (const r of refused) expect(r.ok === false && r.retryAfterSeconds).toBeGreaterThanOrEqual(1)
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(2)
  }, 20_000)
})
