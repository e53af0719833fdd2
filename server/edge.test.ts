import { createHash, createHmac } from 'node:crypto'
import { Hono } from 'hono'
import { decodeJwt } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { HEADER } from '@contract/common'
import { ERROR_CODE } from '@contract/error'
import { ZSandboxMe as ZMe } from '@contract/misc'
import { SENDS_PATH } from '@contract/gateway-sends'
import { answerError, isJsonUtf8 } from './shared/edge'
import { exchangeCode, signInFlow } from '../test/sign-in'
import { expectApiError, GATEWAY, SANDBOX_API_KEY, SANDBOX_CLIENT_SECRET, startTestApp, TEST_CONTROL_SECRET, validBody, type TestApp } from '../test/test-app'

/** The server's edge in-process (docs/decisions/0022-server-edge.md); the network side is edge-network.test.ts. */
let t: TestApp
let token: string
let cookie: string
const SAME_ORIGIN = { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' }

beforeAll(async () => {
  t = startTestApp({ UPSTREAM_TIMEOUT_MS: '400' })
  token = await t.mintToken()
  cookie = await t.sessionCookie(token)
})
afterAll(() => t.close())
afterEach(async () => {
  await t.fetch('/sandbox/control/faults', { method: 'DELETE' })
})

const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
  t.app.request(`${GATEWAY}/requests`, { method: 'POST', headers: { Cookie: cookie, ...SAME_ORIGIN, ...headers }, body })

describe('writes through the gateway', () => {
  const valid = () => JSON.stringify(validBody(t.today()))

  it('answers an unauthenticated write 401 with the error entity before reading its body', async () => {
    const response = await t.app.request(`${GATEWAY}/requests`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: valid() })
    await expectApiError(response, 401, ERROR_CODE.missingCredentials)
  })

  it.each([
    ['application/json-patch+json'],
    ['application/json; charset=utf-16'],
    ['application/json; charset=iso-8859-1'],
    ['text/plain'],
    ['application/x-www-form-urlencoded'],
    ['multipart/form-data; boundary=x'],
  ])('refuses Content-Type %s with 415 and stores nothing', async (contentType) => {
    const before = await t.countRequests(token)
    await expectApiError(await post(valid(), { 'Content-Type': contentType }), 415, ERROR_CODE.unsupportedMediaType)
    expect(await t.countRequests(token)).toBe(before)
  })

  it('refuses invalid UTF-8 with 400 code 20 and stores nothing (never U+FFFD)', async () => {
    const before = await t.countRequests(token)
    const text = valid().replace('Test site', 'Caf__')
    const bytes = new Uint8Array(Buffer.from(text))
    const at = Buffer.from(text).indexOf('__')
    bytes[at] = 0xc3
    bytes[at + 1] = 0x28
    await expectApiError(await post(bytes, { 'Content-Type': 'application/json' }), 400, ERROR_CODE.malformedBody)
    expect(await t.countRequests(token)).toBe(before)
  })

  it('accepts application/json with or without charset=utf-8', async () => {
    expect((await post(valid(), { 'Content-Type': 'application/json' })).status).toBe(201)
    expect((await post(valid(), { 'Content-Type': 'application/json; charset=UTF-8' })).status).toBe(201)
    expect(isJsonUtf8('application/json;charset="utf-8"')).toBe(true)
  })

  it.each([
    ['a foreign Origin', { Origin: 'https://attacker.example' }],
    ['the null Origin', { Origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a write with %s (403, nothing stored)', async (_, headers) => {
    const before = await t.countRequests(token)
    const response = await t.app.request(`${GATEWAY}/requests`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
      body: valid(),
    })
    await expectApiError(response, 403, ERROR_CODE.accessDenied)
    expect(await t.countRequests(token)).toBe(before)
  })

  it('answers a body over 8 MiB 413 with the error entity', async () => {
    const response = await post(`{"comment":"${'x'.repeat(8 * 1024 * 1024)}"}`, { 'Content-Type': 'application/json' })
    await expectApiError(response, 413, ERROR_CODE.payloadTooLarge)
  })
})

describe('upstream failures are error entities', () => {
  it('answers 504 when the sandbox is slower than UPSTREAM_TIMEOUT_MS, and the timeout really fires', async () => {
    await t.control('faults', { kind: 'latency', latencyMs: 5000, path: '/requests', method: 'GET', count: 1 })
    const started = Date.now()
    const response = await t.app.request(`${GATEWAY}/requests?limit=1`, { headers: { Cookie: cookie } })
    const body = await expectApiError(response, 504, ERROR_CODE.internal)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(body.description).toMatch(/may still have been processed/)
  })

  // TRACE itself cannot be made by fetch: edge-network.test.ts sends it over a socket.
  it('answers unknown methods 405 with Allow, not 502', async () => {
    for (const method of ['PROPFIND', 'MKCOL']) {
      const response = await t.app.request(`${GATEWAY}/requests`, { method, headers: { Cookie: cookie } })
      await expectApiError(response, 405, ERROR_CODE.methodNotAllowed)
      expect(response.headers.get('Allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
    }
  })

  it('answers an address nothing serves with a 404 entity, not plain text', async () => {
    await expectApiError(await t.app.request('/nowhere', { method: 'POST' }), 404, ERROR_CODE.notFound)
  })

  it('answers a failure no route handled with a 500 entity and a request id, never plain text', async () => {
    const app = new Hono()
    app.onError(answerError)
    app.get('/boom', () => {
      throw new Error('boom')
    })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await app.request('/boom')
    expect(spy).toHaveBeenCalledOnce()
    spy.mockRestore()
    const body = await expectApiError(response, 500, ERROR_CODE.internal)
    expect(body.description).toMatch(/request id/)
    expect(response.headers.get(HEADER.requestId)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers a Host it does not serve 421', async () => {
    const response = await t.app.request('http://attacker.example/sandbox/control/clock', { headers: { 'X-Sandbox-Control-Secret': TEST_CONTROL_SECRET } })
    await expectApiError(response, 421, ERROR_CODE.notFound)
  })
})

describe('request logs', () => {
  it('write one line per call with no token, cookie, code, secret or password, through sign-in, API calls and errors', async () => {
    const logged = startTestApp({ LOG_REQUESTS: 'on' })
    const lines: string[] = []
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    })
    try {
      const signedIn = await signInFlow(logged)
      const tokens = await exchangeCode(logged, signedIn)
      const session = await logged.sessionCookie(tokens.access_token, { refreshToken: tokens.refresh_token!, sub: decodeJwt(tokens.id_token!).sub! })
      const calls: [string, RequestInit][] = [
        [`${GATEWAY}/me`, { headers: { Cookie: session } }],
        [`${GATEWAY}/requests?customerReference=secret-ref-123&limit=1`, { headers: { Cookie: session } }],
        [
          `${GATEWAY}/requests`,
          { method: 'POST', headers: { Cookie: session, 'Content-Type': 'application/json', ...SAME_ORIGIN }, body: JSON.stringify(validBody(logged.today())) },
        ],
        [`${GATEWAY}/requests`, { method: 'POST', headers: { Cookie: session, 'Content-Type': 'text/plain', ...SAME_ORIGIN }, body: '{}' }],
        [`/sandbox/ordering/v3/me?x-api-key=${SANDBOX_API_KEY}`, { headers: { Authorization: `Bearer ${tokens.access_token}` } }],
        ['/sandbox/control/clock', { headers: { 'X-Sandbox-Control-Secret': TEST_CONTROL_SECRET } }],
        ['/sandbox/control/clock', { headers: { 'X-Sandbox-Control-Secret': 'a-wrong-secret-given-by-someone' } }],
        [`${GATEWAY}/me`, { headers: { Cookie: 'oc_session=forged-cookie-value' } }],
        ['/api/cloud/v1/regions', { headers: { Cookie: session } }],
        [`${SENDS_PATH}?customerReference=secret-ref-123`, { headers: { Cookie: session } }],
        [`${GATEWAY}/nowhere`, { headers: { Cookie: session } }],
      ]
      const responses: Response[] = []
      for (const [path, init] of calls) responses.push(await logged.app.request(path, init))
      const customerId = ZMe.parse(await responses[0]!.json()).customer.id
      const secrets = [
        tokens.access_token,
        tokens.refresh_token!,
        tokens.id_token!,
        signedIn.code!,
        signedIn.verifier,
        session.split('=')[1]!,
        TEST_CONTROL_SECRET,
        'a-wrong-secret-given-by-someone',
        SANDBOX_CLIENT_SECRET,
        SANDBOX_API_KEY,
        'secret-ref-123',
        'forged-cookie-value',
        'alice@acme.example',
        '"password"',
        logged.config.oidc.sessionSecret,
        `"${customerId}"`,
      ]
      const text = lines.join('')
      for (const secret of secrets) expect(text).not.toContain(secret)
      const entries = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(entries.length).toBeGreaterThanOrEqual(calls.length + signedIn.pages.length)
      for (const entry of entries) {
        expect(Object.keys(entry).every((key) => ['time', 'requestId', 'method', 'route', 'status', 'durationMs', 'customer'].includes(key))).toBe(true)
        expect(String(entry.route)).not.toContain('?')
      }
      // The customer is logged as a hash keyed with the session secret, never as its id, on every line of a call made
      // with the session or a token: the gateway's own answers and the proxied ones (the gateway learned it from the
      // session's GET /me) as well as the sandbox's API.
      const hash = createHmac('sha256', logged.config.oidc.sessionSecret).update(customerId).digest('hex').slice(0, 16)
      expect(hash).not.toBe(createHash('sha256').update(customerId).digest('hex').slice(0, 16))
      const byRoute = (prefix: string) => entries.filter((entry) => String(entry.route).startsWith(prefix))
      const withSession = [...byRoute(GATEWAY), ...byRoute('/api/cloud/v1'), ...byRoute(SENDS_PATH)].filter((entry) => entry.status !== 401)
      expect(withSession.map((entry) => entry.status)).toEqual([200, 200, 201, 415, 404, 200, 200])
      for (const entry of [...withSession, ...byRoute('/sandbox/ordering/v3')]) expect(entry).toMatchObject({ customer: hash })
      // A forged cookie is nobody's call.
      expect(byRoute(GATEWAY).find((entry) => entry.status === 401)).not.toHaveProperty('customer')
      expect(entries.map((entry) => entry.status)).toEqual(expect.arrayContaining([200, 201, 401, 415]))
    } finally {
      write.mockRestore()
      logged.close()
    }
  })

  it('are off in-process unless LOG_REQUESTS=on', async () => {
    const write = vi.spyOn(process.stdout, 'write')
    await t.app.request('/healthz')
    expect(write).not.toHaveBeenCalled()
    write.mockRestore()
  })
})
