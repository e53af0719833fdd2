import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { readTooManyRequests } from '@contract/quota'
import { expectApiError, GATEWAY, ManualClock, startTestApp, type TestApp } from '../../test/test-app'
import { memoryStore } from './shared-store'

/**
 * The gateway's pause on a spent quota, shared by the instances through the store (docs/decisions/0032-application-quota.md):
 * two apps on one store, each with its own sandbox. Only the first app's sandbox has a quota, so a 403 code 53 from the
 * second can only be the gateway's own answer, made without calling its sandbox.
 */
describe('the gateway pauses an API whose quota is spent, across instances', () => {
  let apps: TestApp[] = []
  afterEach(() => {
    for (const app of apps) app.close()
    apps = []
  })

  const twoInstances = async () => {
    const clock = new ManualClock(Date.parse('2026-05-31T23:00:00.000Z'))
    const store = memoryStore(clock.now)
    const [first, second] = [startTestApp({}, { clock, store }), startTestApp({}, { clock, store })]
    apps = [first, second]
    const call = async (app: TestApp, path: string, language = 'en') => {
      const cookie = await app.sessionCookie(await app.mintToken({ ttlSeconds: 86_400 * 30 }))
      return app.fetch(`${GATEWAY}${path}`, { headers: { Cookie: cookie }, language })
    }
    return { clock, first, second, call }
  }
  const entity = (response: Response) => expectApiError(response, 403, ERROR_CODE.tooManyRequests, response.headers.get('Content-Type') ?? '')

  it('until the reset the operator gave (Retry-After), answering the quota refusal itself with a request id', async () => {
    const { clock, first, second, call } = await twoInstances()
    await first.control('quota', { window: 'fixed', limit: 0, period: 'month' })
    const refused = await call(first, '/requests?limit=1')
    expect(refused.headers.get('Retry-After')).toBe('3600')
    await entity(refused)

    const itself = await call(second, '/requests?limit=1', 'fr')
    expect(itself.headers.get('Retry-After')).toBe('3600')
    expect(itself.headers.get('X-OAPI-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    const body = await entity(itself)
    expect(body.description).toContain('Limite globale de quota')
    expect(body.description).toContain('2026-06-01T00:00:00Z')
    expect(readTooManyRequests(body.description)).toBe('quota')
    expect((await call(second, '/status')).status).toBe(200)

    clock.advance(1800_000)
    expect((await call(second, '/me')).headers.get('Retry-After')).toBe('1800')
    clock.advance(1800_000)
    expect((await call(second, '/requests?limit=1')).status).toBe(200)
  })

  it('without a reset, until a probe, one a minute across the instances, succeeds', async () => {
    const { clock, first, second, call } = await twoInstances()
    await first.control('quota', { window: 'rolling', limit: 0, seconds: 3600 })
    expect((await call(first, '/me')).status).toBe(403)
    const body = await entity(await call(second, '/me'))
    expect(body.description).toContain('one call a minute')
    expect(readTooManyRequests(body.description)).toBe('quota')

    clock.advance(59_000)
    expect((await call(second, '/me')).status).toBe(403)
    clock.advance(1_000)
    // The probe goes to the operator (here the second sandbox, which has no quota) and succeeds: the pause ends.
    expect((await call(second, '/me')).status).toBe(200)
    expect((await call(first, '/requests?limit=1')).status).toBe(403)
  })

  it('forgets the pause when the in-process sandbox’s quota is changed by its control', async () => {
    const { first, call } = await twoInstances()
    await first.control('quota', { window: 'fixed', limit: 0, period: 'day' })
    expect((await call(first, '/me')).status).toBe(403)
    await first.fetch('/sandbox/control/quota', { method: 'DELETE' })
    expect((await call(first, '/me')).status).toBe(200)
  })
})
