import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { SCOPE, ZSandboxMe as ZMe } from '@contract/misc'
import { ZTokenResponse } from '@contract/oauth'
import {
  basicHeader,
  expectApiError,
  expectOAuthError,
  requestIdOf,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  startTestApp,
  tokenRequest,
  type TestApp,
} from '../../../test/test-app'

/** POST /sandbox/oauth/v3/token, the client-credentials grant of reference 2. */
let t: TestApp
afterEach(() => t.close())

describe('a token', () => {
  it('is issued with token_type, expires_in and scope, and opens the API', async () => {
    t = startTestApp()
    const response = await tokenRequest(t)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    requestIdOf(response)
    const token = ZTokenResponse.parse(await response.json())
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: SCOPE.full })
    const me = ZMe.parse(await (await t.call('/me', { token: token.access_token })).json())
    expect(me).toMatchObject({ kind: 'application', clientId: SANDBOX_CLIENT_ID, scopes: [SCOPE.full] })
  })

  it('is issued for the scopes asked when the application has them', async () => {
    t = startTestApp()
    const readonly = ZTokenResponse.parse(await (await tokenRequest(t, { form: { grant_type: 'client_credentials', scope: SCOPE.readonly } })).json())
    expect(readonly.scope).toBe(SCOPE.readonly)
    const both = ZTokenResponse.parse(
      await (await tokenRequest(t, { form: { grant_type: 'client_credentials', scope: `${SCOPE.full} ${SCOPE.readonly}` } })).json(),
    )
    expect(both.scope).toBe(`${SCOPE.full} ${SCOPE.readonly}`)
    const refused = await expectOAuthError(
      await tokenRequest(t, { form: { grant_type: 'client_credentials', scope: 'b2b:billing' } }),
      400,
      'invalid_request',
      { requestId: true },
    )
    expect(refused.error_description).toContain('b2b:billing')
  })

  it('is issued for credentials given in the body instead of Basic', async () => {
    t = startTestApp()
    const form = { grant_type: 'client_credentials', client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET }
    expect((await tokenRequest(t, { basic: null, form })).status).toBe(200)
  })

  it('expires after expires_in seconds of real time: 401 code 42', async () => {
    t = startTestApp()
    const token = ZTokenResponse.parse(await (await tokenRequest(t)).json())
    t.clock.advance(token.expires_in * 1000 - 1)
    expect((await t.call('/me', { token: token.access_token })).status).toBe(200)
    t.clock.advance(1)
    const response = await t.call('/me', { token: token.access_token })
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="ordering", error="invalid_token"')
    const error = await expectApiError(response, 401, ERROR_CODE.expiredCredentials, 'application/json;charset=utf-8')
    expect(error.description).toBe('The access token has expired. Renew it and send the request again.')
  })
})

describe('refusals', () => {
  it('answers 406 without Accept, or with an Accept that excludes JSON', async () => {
    t = startTestApp()
    expect((await tokenRequest(t, { accept: null })).status).toBe(406)
    expect((await tokenRequest(t, { accept: 'text/html' })).status).toBe(406)
    expect((await tokenRequest(t, { accept: '*/*' })).status).toBe(200)
  })

  it('answers 400 Duplicate credentials to Basic and body credentials together', async () => {
    t = startTestApp()
    const form = { grant_type: 'client_credentials', client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET }
    const body = await expectOAuthError(await tokenRequest(t, { form }), 400, 'invalid_request', { requestId: true })
    expect(body.error_description).toBe('Duplicate credentials')
  })

  it.each([
    ['a wrong secret', basicHeader(SANDBOX_CLIENT_ID, 'not-the-secret-at-all')],
    ['an unknown client', basicHeader('someone-else', SANDBOX_CLIENT_SECRET)],
    ['a Basic value that is not base64 of id:secret', `Basic ${Buffer.from('no-colon-here').toString('base64')}`],
    ['no credentials at all', null],
  ])('answers 401 invalid_client with WWW-Authenticate to %s', async (_, basic) => {
    t = startTestApp()
    const response = await tokenRequest(t, { basic })
    expect(response.headers.get('WWW-Authenticate')).toBe('Basic realm="sandbox"')
    await expectOAuthError(response, 401, 'invalid_client', { requestId: true })
  })

  it.each([
    ['another grant_type', { grant_type: 'authorization_code', code: 'abc' }, 'invalid_grant'],
    ['no grant_type', {}, 'invalid_request'],
  ])('answers 400 to %s', async (_, form, error) => {
    t = startTestApp()
    await expectOAuthError(await tokenRequest(t, { form }), 400, error, { requestId: true })
  })

  it('answers 400 invalid_request to a JSON body and to GET', async () => {
    t = startTestApp()
    await expectOAuthError(await tokenRequest(t, { contentType: 'application/json' }), 400, 'invalid_request', { requestId: true })
    await expectOAuthError(await t.fetch('/sandbox/oauth/v3/token', { headers: { Accept: 'application/json' } }), 400, 'invalid_request', { requestId: true })
  })

  it('answers 400 unauthorized_client while the application is not subscribed', async () => {
    t = startTestApp()
    await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: false })
    await expectOAuthError(await tokenRequest(t), 400, 'unauthorized_client', { requestId: true })
  })

  it('answers 429 beyond the per-minute limit, with Retry-After, until the minute is over', async () => {
    t = startTestApp({ SANDBOX_TOKEN_REQUESTS_PER_MINUTE: '3' })
    for (let i = 0; i < 3; i++) expect((await tokenRequest(t)).status).toBe(200)
    t.clock.advance(20_000)
    const response = await tokenRequest(t)
    expect(response.headers.get('Retry-After')).toBe('40')
    const body = await expectOAuthError(response, 429, 'too_many_requests', { requestId: true })
    expect(body.error_description).toMatch(/^More than 3 token requests in a minute/)
    t.clock.advance(40_000)
    expect((await tokenRequest(t)).status).toBe(200)
  })

  it('does not count refused credentials against the application’s limit', async () => {
    t = startTestApp({ SANDBOX_TOKEN_REQUESTS_PER_MINUTE: '2' })
    for (let i = 0; i < 5; i++) expect((await tokenRequest(t, { basic: basicHeader(SANDBOX_CLIENT_ID, 'wrong-secret') })).status).toBe(401)
    expect((await tokenRequest(t)).status).toBe(200)
    expect((await tokenRequest(t)).status).toBe(200)
    await expectOAuthError(await tokenRequest(t), 429, 'too_many_requests', { requestId: true })
  })
})
