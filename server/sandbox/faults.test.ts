import { decodeJwt } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ZSandboxMe as ZMe } from '@contract/misc'
import { ERROR_CODE } from '@contract/error'
import { expectApiError, GATEWAY, JSON_UTF8, requestIdOf, startTestApp, startTestAppWithToken, type TestApp } from '../../test/test-app'
import { exchangeCode, signInFlow } from '../../test/sign-in'

/** The control endpoint's fault injection (docs/decisions/0016-errors-faults-and-languages.md). */
describe('POST /sandbox/control/faults', () => {
  let t: TestApp
  let token: string
  beforeAll(async () => ({ t, token } = await startTestAppWithToken()))
  afterAll(() => t.close())
  afterEach(async () => {
    await t.fetch('/sandbox/control/faults', { method: 'DELETE' })
  })

  const addFault = async (body: unknown) => {
    const response = await t.fetch('/sandbox/control/faults', { json: body })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('answers 503 code 5 with Retry-After for the next N calls of a path pattern, then recovers', async () => {
    const added = await addFault({ kind: 'unavailable', path: '/requests*', count: 2, retryAfterSeconds: 7 })
    expect(added).toMatchObject({ status: 201, body: { kind: 'unavailable', path: '/requests*', remaining: 2, hits: 0 } })
    for (let i = 0; i < 2; i++) {
      const response = await t.call('/requests?limit=1', { token, language: 'fr' })
      expect(response.headers.get('Retry-After')).toBe('7')
      const error = await expectApiError(response, 503, ERROR_CODE.unavailable)
      expect(error.message).toBe('L’API est indisponible')
    }
    expect((await t.call('/requests?limit=1', { token })).status).toBe(200)
  })

  it('faults only the paths and method it names', async () => {
    await addFault({ kind: 'unavailable', path: '/requests', method: 'POST', count: 1 })
    expect((await t.call('/requests?limit=1', { token })).status).toBe(200)
    expect((await t.call('/me', { token })).status).toBe(200)
    const listed = await t.fetch('/sandbox/control/faults')
    expect(await listed.json()).toMatchObject({ faults: [{ kind: 'unavailable', remaining: 1, hits: 0 }] })
  })

  it('answers 429 with the platform entity and Retry-After', async () => {
    await addFault({ kind: 'tooManyRequests', path: '/me' })
    const response = await t.call('/me', { token })
    expect(response.headers.get('Retry-After')).toBe('1')
    await expectApiError(response, 429, ERROR_CODE.tooManyRequests, JSON_UTF8)
    expect((await t.call('/me', { token })).status).toBe(200)
  })

  it('answers 403 code 53 (spike arrest) with Retry-After', async () => {
    await addFault({ kind: 'spikeArrest', path: '/requests/*', retryAfterSeconds: 2 })
    const response = await t.call('/requests/unknown-id', { token })
    expect(response.headers.get('Retry-After')).toBe('2')
    await expectApiError(response, 403, ERROR_CODE.tooManyRequests)
  })

  it('answers 401 code 42 with the invalid_token challenge for an expired token', async () => {
    await addFault({ kind: 'expiredToken', path: '/me' })
    const response = await t.call('/me', { token })
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering", error="invalid_token"')
    await expectApiError(response, 401, ERROR_CODE.expiredCredentials, JSON_UTF8)
  })

  it('delays calls for a number of seconds, then stops', async () => {
    await addFault({ kind: 'latency', path: '/version', seconds: 5, latencyMs: 150 })
    const started = performance.now()
    expect((await t.call('/version')).status).toBe(200)
    expect((await t.call('/version')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    t.clock.advance(5_000)
    expect(await (await t.fetch('/sandbox/control/faults')).json()).toEqual({ faults: [] })
    const again = performance.now()
    await t.call('/version')
    expect(performance.now() - again).toBeLessThan(140)
  })

  it('drops the connection: a direct client sees the body fail, the gateway answers 502 with its request id', async () => {
    await addFault({ kind: 'dropConnection', path: '/status', count: 2 })
    const direct = await t.call('/status')
    await expect(direct.text()).rejects.toThrow()
    const viaGateway = await t.fetch(`${GATEWAY}/status`, { language: 'fr' })
    const error = await expectApiError(viaGateway, 502, ERROR_CODE.internal)
    expect(error.message).toBe('L’API de commande est injoignable')
    requestIdOf(viaGateway)
    expect((await t.fetch(`${GATEWAY}/status`)).status).toBe(200)
  })

  it('clears every fault with DELETE', async () => {
    await addFault({ kind: 'unavailable', seconds: 60 })
    expect(await (await t.fetch('/sandbox/control/faults', { method: 'DELETE' })).json()).toEqual({ cleared: 1 })
    expect((await t.call('/me', { token })).status).toBe(200)
  })

  it.each([
    [{ kind: 'fire' }, 'kind'],
    [{ kind: 'unavailable', path: 'requests' }, 'path'],
    [{ kind: 'unavailable', count: 0 }, 'count'],
    [{ kind: 'unavailable', count: 1, seconds: 5 }, 'seconds'],
    [{ kind: 'latency' }, 'latencyMs'],
    [{ kind: 'unavailable', latencyMs: 100 }, 'latencyMs'],
    [{ kind: 'expiredToken', retryAfterSeconds: 3 }, 'retryAfterSeconds'],
    [{ kind: 'unavailable', colour: 'red' }, 'colour'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const answer = await addFault(body)
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe(ERROR_CODE.invalidField)
    expect(answer.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: field, message: expect.any(String) as string })]))
    expect(await (await t.fetch('/sandbox/control/faults')).json()).toEqual({ faults: [] })
  })

  it('refuses a body that is not JSON', async () => {
    const response = await t.fetch('/sandbox/control/faults', { body: 'kind=latency', contentType: 'application/json' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: ERROR_CODE.malformedBody, description: 'The body must be JSON.' })
  })
})

describe('an injected expired token through the gateway', () => {
  let t: TestApp
  beforeAll(() => {
    t = startTestApp()
  })
  afterAll(() => t.close())

  it('is renewed by the gateway and the call replayed once; twice in a row reaches the browser, never a loop', async () => {
    const tokens = await exchangeCode(t, await signInFlow(t))
    const sub = decodeJwt(tokens.id_token!).sub!
    const cookie = await t.sessionCookie(tokens.access_token, { refreshToken: tokens.refresh_token!, sub })
    await t.control('faults', { kind: 'expiredToken', path: '/me', count: 1 })
    const renewed = await t.fetch(`${GATEWAY}/me`, { headers: { Cookie: cookie } })
    expect(renewed.status).toBe(200)
    expect(ZMe.parse(await renewed.json()).name).toBe('Alice Martin')
    expect(renewed.headers.get('Set-Cookie')).toMatch(/^oc_session=/)

    const newCookie = renewed.headers.get('Set-Cookie')!.split(';')[0]!
    await t.control('faults', { kind: 'expiredToken', path: '/me', count: 5 })
    const refused = await t.fetch(`${GATEWAY}/me`, { headers: { Cookie: newCookie } })
    await expectApiError(refused, 401, ERROR_CODE.expiredCredentials, JSON_UTF8)
    // One call from the browser spent two faults: the call and its one replay.
    expect(await (await t.fetch('/sandbox/control/faults')).json()).toMatchObject({ faults: [{ remaining: 3, hits: 2 }] })
  })
})
