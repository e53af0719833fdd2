import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { expectApiError, SANDBOX_CLIENT_ID, startTestApp, type TestApp } from '../../../test/test-app'

/** The access checks of reference 2 that depend on time or on the platform's state. */
let t: TestApp
afterEach(() => t.close())

describe('spike arrest', () => {
  it('answers 403 code 53 beyond the per-second limit, with Retry-After, until the second is over', async () => {
    t = startTestApp({ SANDBOX_SPIKE_ARREST_PER_SECOND: '3' })
    const token = await t.mintToken()
    expect((await t.call('/requests', { token })).status).toBe(200)
    expect((await t.call('/catalogItems', { token })).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(200)
    t.clock.advance(400)
    const response = await t.call('/requests', { token })
    expect(response.headers.get('Retry-After')).toBe('1')
    const error = await expectApiError(response, 403, ERROR_CODE.tooManyRequests)
    expect(error.description).toBe('Spike arrest limit of 3 requests per second exceeded. Retry after about a second.')
    // The misc endpoints without credentials are not the application's traffic.
    expect((await t.call('/status', { apiKey: null })).status).toBe(200)
    t.clock.advance(600)
    expect((await t.call('/requests', { token })).status).toBe(200)
  })
})

describe('revocation', () => {
  it('answers 401 code 41 once the user withdrew consent, to that user only', async () => {
    t = startTestApp()
    const alice = await t.mintToken({ subjectId: 'alice' })
    const bob = await t.mintToken({ subjectId: 'bob' })
    const { revoked } = await t.control<{ revoked: number }>('tokens/revoke', { clientId: SANDBOX_CLIENT_ID, subjectId: 'alice', reason: 'consent' })
    expect(revoked).toBe(1)
    const response = await t.call('/requests', { token: alice })
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering", error="invalid_token"')
    const error = await expectApiError(response, 401, ERROR_CODE.invalidCredentials)
    expect(error.description).toBe('The user withdrew consent for this application. Sign in again.')
    expect((await t.call('/requests', { token: bob })).status).toBe(200)
  })

  it('answers 401 code 41 to a revoked token', async () => {
    t = startTestApp()
    const token = await t.mintToken()
    await t.control('tokens/revoke', { token })
    const error = await expectApiError(await t.call('/catalogItems', { token }), 401, ERROR_CODE.invalidCredentials)
    expect(error.description).toBe('The access token is unknown or was revoked. Obtain a new one.')
  })
})

describe('expiry of a minted token', () => {
  it('answers 401 code 42 once its lifetime is over', async () => {
    t = startTestApp()
    const token = await t.mintToken({ ttlSeconds: 60 })
    t.clock.advance(59_000)
    expect((await t.call('/requests', { token })).status).toBe(200)
    t.clock.advance(1_000)
    await expectApiError(await t.call('/requests', { token }), 401, ERROR_CODE.expiredCredentials)
  })

  it('follows real time, not the sandbox clock', async () => {
    t = startTestApp()
    const token = await t.mintToken({ ttlSeconds: 60 })
    await t.advanceSandbox({ days: 30 })
    expect((await t.call('/requests', { token })).status).toBe(200)
  })
})

describe('subscription', () => {
  it('answers 403 code 50 while the application is unsubscribed, and serves again once subscribed', async () => {
    t = startTestApp()
    const token = await t.mintToken()
    await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: false })
    const error = await expectApiError(await t.call('/requests', { token }), 403, ERROR_CODE.accessDenied)
    expect(error.description).toBe('The application’s subscription to this API is missing, pending or suspended.')
    await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: true })
    expect((await t.call('/requests', { token })).status).toBe(200)
  })
})
