import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { readTooManyRequests } from '@contract/quota'
import { expectApiError as expectError, startTestApp, type TestApp } from '../../../test/test-app'
import { ApplicationQuota } from './quota'

/** The entity of an error answer, whatever its path's JSON media type. */
const expectApiError = (response: Response, status: number, code: number) => expectError(response, status, code, response.headers.get('Content-Type') ?? '')

/** The application quota of reference 2 "Limits" (docs/decisions/0032-application-quota.md), on the sandbox clock. */
describe('the sandbox application quota', () => {
  let t: TestApp
  afterEach(() => t.close())

  const start = async (at: string, env: Record<string, string> = {}) => {
    t = startTestApp(env, { start: Date.parse(at) })
    return t.mintToken({ ttlSeconds: 31_536_000 })
  }
  const setQuota = (rule: unknown) => t.control('quota', rule)
  const seconds = (n: number) => t.clock.advance(n * 1000)

  it('refuses the call after the limit of a monthly window with 403 code 53 naming the quota, and frees at midnight GMT ending the month', async () => {
    const token = await start('2026-05-31T23:00:00.000Z')
    await setQuota({ window: 'fixed', limit: 2, period: 'month' })
    expect((await t.call('/requests?limit=1', { token })).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(200)

    const refused = await t.call('/requests?limit=1', { token })
    expect(refused.headers.get('Retry-After')).toBe('3600')
    expect(refused.headers.get('X-OAPI-Request-Id')).toBeTruthy()
    const body = await expectApiError(refused, 403, ERROR_CODE.tooManyRequests)
    expect(body.description).toBe('Global quota limit of 2 calls per month for this application on this API reached. It resets at 2026-06-01T00:00:00Z (GMT).')
    expect(readTooManyRequests(body.description)).toBe('quota')

    seconds(3599)
    const french = await t.call('/me', { token, language: 'fr' })
    expect(french.headers.get('Retry-After')).toBe('1')
    const fr = await expectApiError(french, 403, ERROR_CODE.tooManyRequests)
    expect(fr.message).toBe('Trop de requêtes')
    expect(fr.description).toBe(
      'Limite globale de quota de 2 appels par mois atteinte pour cette application sur cette API. Elle est remise à zéro le 2026-06-01T00:00:00Z (GMT).',
    )
    expect(readTooManyRequests(fr.description)).toBe('quota')
    expect(await t.fetch('/sandbox/control/quota').then((r) => r.json())).toMatchObject({ used: 2 })

    seconds(1)
    expect((await t.call('/me', { token })).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(403)
  })

  it('follows the sandbox clock moved by the control endpoint (a daily window)', async () => {
    const token = await start('2026-05-04T10:00:00.000Z')
    await setQuota({ window: 'fixed', limit: 1, period: 'day' })
    expect((await t.call('/me', { token })).status).toBe(200)
    const refused = await t.call('/me', { token })
    expect(refused.headers.get('Retry-After')).toBe(String(14 * 3600))
    expect((await expectApiError(refused, 403, ERROR_CODE.tooManyRequests)).description).toContain('per day')
    await t.advanceSandbox({ hours: 14 })
    expect((await t.call('/me', { token })).status).toBe(200)
  })

  it('recomputes a rolling window at each call, never resets it, and sends no Retry-After', async () => {
    const token = await start('2026-05-04T10:00:00.000Z')
    await setQuota({ window: 'rolling', limit: 2, seconds: 10 })
    expect((await t.call('/me', { token })).status).toBe(200)
    seconds(5)
    expect((await t.call('/me', { token })).status).toBe(200)
    seconds(4.999)
    const refused = await t.call('/me', { token })
    expect(refused.headers.get('Retry-After')).toBeNull()
    const body = await expectApiError(refused, 403, ERROR_CODE.tooManyRequests)
    expect(body.description).toBe(
      'Global quota limit of 2 calls per 10 seconds for this application on this API reached. Calls free up gradually as older ones leave the window.',
    )
    // The first call leaves the window exactly 10 s after it; the refused one was not counted.
    seconds(0.001)
    expect((await t.call('/me', { token })).status).toBe(200)
    const french = await expectApiError(await t.call('/me', { token, language: 'fr' }), 403, ERROR_CODE.tooManyRequests)
    expect(french.description).toContain('Limite globale de quota de 2 appels sur 10 secondes')
    expect(readTooManyRequests(french.description)).toBe('quota')
    seconds(5)
    expect((await t.call('/me', { token })).status).toBe(200)
  })

  it('counts only calls that pass authentication, on the ordering API alone, and DELETE removes the quota', async () => {
    const token = await start('2026-05-04T10:00:00.000Z')
    await setQuota({ window: 'fixed', limit: 1, period: 'month' })
    expect((await t.call('/me', { token: 'not-a-token' })).status).toBe(401)
    expect((await t.call('/status')).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(403)
    const removed = await t.fetch('/sandbox/control/quota', { method: 'DELETE' })
    expect(await removed.json()).toEqual({ quota: null, used: 0 })
    expect((await t.call('/me', { token })).status).toBe(200)
  })

  it('takes SANDBOX_QUOTA at start, and refuses a control body that is not a quota', async () => {
    const token = await start('2026-05-04T10:00:00.000Z', { SANDBOX_QUOTA: '{"window":"rolling","limit":0,"seconds":60}' })
    expect((await t.call('/me', { token })).status).toBe(403)
    const bad = await t.fetch('/sandbox/control/quota', { json: { window: 'fixed', limit: 5, period: 'week' } })
    expect(bad.status).toBe(400)
  })

  it('words the spike arrest apart from the quota, in both languages', async () => {
    const token = await start('2026-05-04T10:00:00.000Z', { SANDBOX_SPIKE_ARREST_PER_SECOND: '1' })
    expect((await t.call('/me', { token })).status).toBe(200)
    for (const language of ['en', 'fr']) {
      const body = await expectApiError(await t.call('/me', { token, language }), 403, ERROR_CODE.tooManyRequests)
      expect(readTooManyRequests(body.description)).toBe('spikeArrest')
    }
  })

  it('keeps its counters in SQLite', async () => {
    const token = await start('2026-05-04T10:00:00.000Z')
    await setQuota({ window: 'fixed', limit: 5, period: 'month' })
    await t.call('/me', { token })
    await t.call('/me', { token })
    const reopened = new ApplicationQuota(t.sandbox.db, () => t.sandbox.clock.now(), { window: 'fixed', limit: 5, period: 'month' })
    expect(reopened.used('ordering-console-sandbox', 'ordering')).toBe(2)
  })
})
