import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { HEADER } from '@contract/common'
import { ERROR_CODE, ZApiErrorBody, ZOAuthErrorBody } from '@contract/error'
import { buildApp } from './app'
import { loadConfig } from './config'
import { jsonResponse, OPERATOR_ENV, startTestApp, stubOperator, TEST_CONTROL_SECRET, type StubbedOperator, type TestApp } from '../test/test-app'

/**
 * Hostile input at the edge (docs/decisions/0022-server-edge.md): malformed calls of the gateway's token endpoint and
 * of the sandbox controls, each answered with its status and error body, and nothing changed. The POST /requests
 * bodies and the queries are in server/sandbox/ordering/ (0020).
 */

const ORIGIN = 'http://localhost'
const FROM_SPA = { 'X-Requested-With': 'ordering-console', Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }
const FORM = 'application/x-www-form-urlencoded'
const CODE_FORM = `grant_type=authorization_code&code=abc&redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/callback`)}&code_verifier=${'v'.repeat(43)}`

interface TokenCase {
  name: string
  body: string | Uint8Array<ArrayBuffer>
  headers?: Record<string, string | undefined>
  status: number
  error: string
}

const TOKEN_CASES: TokenCase[] = [
  { name: 'no CSRF header', body: CODE_FORM, headers: { 'X-Requested-With': undefined }, status: 403, error: 'invalid_request' },
  { name: 'a wrong CSRF header value', body: CODE_FORM, headers: { 'X-Requested-With': 'XMLHttpRequest' }, status: 403, error: 'invalid_request' },
  { name: 'a foreign Origin', body: CODE_FORM, headers: { Origin: 'https://attacker.example' }, status: 403, error: 'invalid_request' },
  { name: 'the null Origin', body: CODE_FORM, headers: { Origin: 'null' }, status: 403, error: 'invalid_request' },
  { name: 'an Origin on another port', body: CODE_FORM, headers: { Origin: 'http://localhost:8081' }, status: 403, error: 'invalid_request' },
  { name: 'Sec-Fetch-Site cross-site', body: CODE_FORM, headers: { 'Sec-Fetch-Site': 'cross-site' }, status: 403, error: 'invalid_request' },
  { name: 'Sec-Fetch-Site same-site', body: CODE_FORM, headers: { 'Sec-Fetch-Site': 'same-site' }, status: 403, error: 'invalid_request' },
  { name: 'a JSON body', body: '{"grant_type":"authorization_code"}', headers: { 'Content-Type': 'application/json' }, status: 400, error: 'invalid_request' },
  { name: 'a text/plain body', body: CODE_FORM, headers: { 'Content-Type': 'text/plain' }, status: 400, error: 'invalid_request' },
  { name: 'no Content-Type', body: CODE_FORM, headers: { 'Content-Type': undefined }, status: 400, error: 'invalid_request' },
  { name: 'a multipart body', body: CODE_FORM, headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, status: 400, error: 'invalid_request' },
  { name: 'an empty body', body: '', status: 400, error: 'invalid_request' },
  { name: 'no grant_type', body: 'code=abc', status: 400, error: 'invalid_request' },
  { name: 'grant_type password', body: 'grant_type=password&username=alice&password=sandbox', status: 400, error: 'unsupported_grant_type' },
  { name: 'grant_type client_credentials', body: 'grant_type=client_credentials', status: 400, error: 'unsupported_grant_type' },
  { name: 'grant_type with a NUL byte', body: 'grant_type=authorization_code%00', status: 400, error: 'unsupported_grant_type' },
  { name: 'grant_type repeated', body: `${CODE_FORM}&grant_type=refresh_token`, status: 400, error: 'invalid_request' },
  { name: 'code repeated', body: `${CODE_FORM}&code=def`, status: 400, error: 'invalid_request' },
  { name: 'another client_id', body: `${CODE_FORM}&client_id=someone-else`, status: 400, error: 'invalid_client' },
  { name: 'a code grant without code', body: CODE_FORM.replace('code=abc&', ''), status: 400, error: 'invalid_request' },
  { name: 'a code grant without redirect_uri', body: CODE_FORM.replace(/&redirect_uri=[^&]*/, ''), status: 400, error: 'invalid_request' },
  { name: 'a code grant without code_verifier', body: CODE_FORM.replace(/&code_verifier=[^&]*/, ''), status: 400, error: 'invalid_request' },
  {
    name: 'a javascript: redirect_uri',
    body: CODE_FORM.replace(/redirect_uri=[^&]*/, 'redirect_uri=javascript%3Aalert(1)'),
    status: 400,
    error: 'invalid_grant',
  },
  {
    name: 'another origin’s redirect_uri',
    body: CODE_FORM.replace(/redirect_uri=[^&]*/, `redirect_uri=${encodeURIComponent('https://attacker.example/auth/callback')}`),
    status: 400,
    error: 'invalid_grant',
  },
  { name: 'a code grant with no sign-in in progress', body: CODE_FORM, status: 400, error: 'invalid_grant' },
  { name: 'a refresh grant without refresh_token', body: 'grant_type=refresh_token', status: 400, error: 'invalid_request' },
  { name: 'a refresh grant with no session', body: 'grant_type=refresh_token&refresh_token=guessed', status: 400, error: 'invalid_grant' },
  { name: 'a refresh_token repeated', body: 'grant_type=refresh_token&refresh_token=a&refresh_token=b', status: 400, error: 'invalid_request' },
  { name: 'binary garbage', body: new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0xc3, 0x28, 0x80]), status: 400, error: 'invalid_request' },
  { name: 'a thousand unknown parameters', body: Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&'), status: 400, error: 'invalid_request' },
  { name: 'a body over 16 KiB', body: `${CODE_FORM}&pad=${'x'.repeat(17 * 1024)}`, status: 413, error: 'invalid_request' },
  {
    name: 'a forged session cookie',
    body: 'grant_type=refresh_token&refresh_token=guessed',
    headers: { Cookie: 'oc_session=forged.value.here' },
    status: 400,
    error: 'invalid_grant',
  },
]

describe('POST /auth/token refuses hostile input with an OAuth error, asks the operator nothing and sets no session', () => {
  let operator: StubbedOperator
  const app = () => buildApp(loadConfig(OPERATOR_ENV)).app

  beforeAll(() => {
    operator = stubOperator({ token: () => jsonResponse(500, {}), api: () => jsonResponse(500, {}) })
  })
  afterAll(() => vi.unstubAllGlobals())

  it('has at least 30 distinct cases', () => {
    expect(new Set(TOKEN_CASES.map((c) => c.name)).size).toBe(TOKEN_CASES.length)
    expect(TOKEN_CASES.length).toBeGreaterThanOrEqual(30)
  })

  it.each(TOKEN_CASES)('$name: $status $error', async ({ body, headers = {}, status, error }) => {
    const sent: Record<string, string> = { 'Content-Type': FORM, ...FROM_SPA }
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) delete sent[name]
      else sent[name] = value
    }
    const response = await app().request('/auth/token', { method: 'POST', headers: sent, body })
    const text = await response.text()
    expect({ status: response.status, text }).toMatchObject({ status })
    expect(ZOAuthErrorBody.parse(JSON.parse(text)).error).toBe(error)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get(HEADER.requestId)).toBeTruthy()
    expect(response.headers.getSetCookie().filter((cookie) => /^oc_session=[^;]/.test(cookie))).toEqual([])
    expect(operator.tokenCalls).toEqual([])
  })
})

interface ControlCase {
  name: string
  path: string
  body: string | Uint8Array<ArrayBuffer>
  headers?: Record<string, string | undefined>
  status: number
  code: number
}

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

const CONTROL_CASES: ControlCase[] = [
  {
    name: 'no secret',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'X-Sandbox-Control-Secret': undefined },
    status: 401,
    code: ERROR_CODE.missingCredentials,
  },
  {
    name: 'a wrong secret',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'X-Sandbox-Control-Secret': 'not-the-secret-0123456789' },
    status: 401,
    code: ERROR_CODE.invalidCredentials,
  },
  {
    name: 'the secret with one more character',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'X-Sandbox-Control-Secret': `${TEST_CONTROL_SECRET}x` },
    status: 401,
    code: ERROR_CODE.invalidCredentials,
  },
  {
    name: 'the secret in another case',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'X-Sandbox-Control-Secret': TEST_CONTROL_SECRET.toUpperCase() },
    status: 401,
    code: ERROR_CODE.invalidCredentials,
  },
  {
    name: 'a no-cors text/plain POST from another origin',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'X-Sandbox-Control-Secret': undefined, 'Content-Type': 'text/plain', Origin: 'https://attacker.example' },
    status: 401,
    code: ERROR_CODE.missingCredentials,
  },
  {
    name: 'text/plain with the secret',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'Content-Type': 'text/plain' },
    status: 415,
    code: ERROR_CODE.unsupportedMediaType,
  },
  {
    name: 'no Content-Type',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'Content-Type': undefined },
    status: 415,
    code: ERROR_CODE.unsupportedMediaType,
  },
  {
    name: 'a form body',
    path: 'maintenance',
    body: 'enabled=true',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    status: 415,
    code: ERROR_CODE.unsupportedMediaType,
  },
  {
    name: 'charset=utf-16',
    path: 'maintenance',
    body: '{"enabled":true}',
    headers: { 'Content-Type': 'application/json; charset=utf-16' },
    status: 415,
    code: ERROR_CODE.unsupportedMediaType,
  },
  {
    name: 'application/json-patch+json',
    path: 'maintenance',
    body: '[{"op":"add","path":"/enabled","value":true}]',
    headers: { 'Content-Type': 'application/json-patch+json' },
    status: 415,
    code: ERROR_CODE.unsupportedMediaType,
  },
  {
    name: 'invalid UTF-8',
    path: 'maintenance',
    body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    status: 400,
    code: ERROR_CODE.malformedBody,
  },
  { name: 'a body that is not JSON', path: 'maintenance', body: 'enabled=true', status: 400, code: ERROR_CODE.malformedBody },
  { name: 'an empty body', path: 'maintenance', body: '', status: 400, code: ERROR_CODE.malformedBody },
  { name: 'truncated JSON', path: 'maintenance', body: '{"enabled":tr', status: 400, code: ERROR_CODE.malformedBody },
  { name: 'a JSON array', path: 'maintenance', body: '[]', status: 400, code: ERROR_CODE.invalidField },
  { name: 'JSON null', path: 'maintenance', body: 'null', status: 400, code: ERROR_CODE.invalidField },
  { name: 'enabled as a string', path: 'maintenance', body: '{"enabled":"yes"}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'an unknown field', path: 'maintenance', body: '{"enabled":true,"extra":1}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'a __proto__ key', path: 'maintenance', body: '{"enabled":true,"__proto__":{"polluted":true}}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'a clock moved back', path: 'clock', body: '{"days":-1}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'a clock moved a million days', path: 'clock', body: '{"days":1000000}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'days as a string', path: 'clock', body: '{"days":"1"}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'NaN, which JSON has not', path: 'clock', body: '{"hours":NaN}', status: 400, code: ERROR_CODE.malformedBody },
  { name: 'a fault with no kind', path: 'faults', body: '{}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'an unknown fault kind', path: 'faults', body: '{"kind":"explode","count":1}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'a negative latency', path: 'faults', body: '{"kind":"latency","latencyMs":-5,"count":1}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'a token for an unknown customer', path: 'tokens', body: '{"customerId":"C999"}', status: 404, code: ERROR_CODE.notFound },
  { name: 'a token that never lives', path: 'tokens', body: '{"customerId":"C001","ttlSeconds":0}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'a token for an unknown client', path: 'tokens', body: '{"customerId":"C001","clientId":"nope"}', status: 404, code: ERROR_CODE.notFound },
  { name: 'a subscription of an unknown client', path: 'subscription', body: '{"clientId":"nope","subscribed":false}', status: 404, code: ERROR_CODE.notFound },
  { name: 'lifetimes over reference 2', path: 'oidc/lifetimes', body: '{"accessTokenSeconds":999999}', status: 400, code: ERROR_CODE.invalidField },
  {
    name: 'a next error of an unknown endpoint',
    path: 'oidc/next-error',
    body: '{"endpoint":"userinfo","error":"x"}',
    status: 400,
    code: ERROR_CODE.invalidField,
  },
  { name: 'discovery with production as a string', path: 'discovery', body: '{"production":"yes"}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'consent of an unknown user', path: 'oidc/revoke-consent', body: '{"username":"nobody@example.com"}', status: 404, code: ERROR_CODE.notFound },
  { name: 'an empty catalog item', path: 'catalogItems', body: '{}', status: 400, code: ERROR_CODE.invalidField },
  { name: 'JSON nested 100,000 levels', path: 'maintenance', body: deep(100_000), status: 413, code: ERROR_CODE.payloadTooLarge },
  { name: 'JSON nested 5,000 levels', path: 'maintenance', body: deep(5_000), status: 400, code: ERROR_CODE.invalidField },
  { name: 'a body over 256 KiB', path: 'catalogItems', body: `{"id":"${'x'.repeat(300 * 1024)}"}`, status: 413, code: ERROR_CODE.payloadTooLarge },
  { name: 'an unknown control', path: 'self-destruct', body: '{}', status: 404, code: ERROR_CODE.notFound },
]

describe('the sandbox controls refuse hostile input with the error entity and change nothing', () => {
  let t: TestApp
  beforeAll(() => {
    t = startTestApp()
  })
  afterAll(() => t.close())
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  /** Everything a control can change. */
  const state = async () => ({
    clock: (await (await t.fetch('/sandbox/control/clock')).json()) as unknown,
    faults: (await (await t.fetch('/sandbox/control/faults')).json()) as unknown,
    maintenance: t.sandbox.faults.maintenance,
    subscribed: t.sandbox.applications.byClientId('ordering-console-sandbox')?.subscribed,
    lifetimes: [t.sandbox.oidc.accessTokenSeconds, t.sandbox.oidc.refreshTokenSeconds],
    nextError: { ...t.sandbox.oidc.nextError },
    catalog: t.sandbox.catalog.list({ offset: 0, limit: 1000, language: 'en' }),
  })

  it('has at least 30 distinct cases', () => {
    expect(new Set(CONTROL_CASES.map((c) => c.name)).size).toBe(CONTROL_CASES.length)
    expect(CONTROL_CASES.length).toBeGreaterThanOrEqual(30)
  })

  it.each(CONTROL_CASES)('$name: $status code $code', async ({ path, body, headers = {}, status, code }) => {
    const before = await state()
    const sent: Record<string, string> = { 'Content-Type': 'application/json', 'X-Sandbox-Control-Secret': TEST_CONTROL_SECRET }
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) delete sent[name]
      else sent[name] = value
    }
    const response = await t.app.request(`/sandbox/control/${path}`, { method: 'POST', headers: sent, body })
    const text = await response.text()
    expect({ status: response.status, text: text.slice(0, 300) }).toMatchObject({ status })
    expect(ZApiErrorBody.parse(JSON.parse(text)).code).toBe(code)
    expect(response.headers.get(HEADER.requestId)).toBeTruthy()
    expect(await state()).toEqual(before)
  })
})
