import { afterEach, describe, expect, it, vi } from 'vitest'
import { UnsecuredJWT } from 'jose'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import {
  basicHeader,
  expectOAuthError,
  jsonResponse,
  OPERATOR_AUTH,
  OPERATOR_ENV,
  OPERATOR_ISSUER,
  OPERATOR_TOKEN_URL,
  operatorIdToken,
  stubOperator,
  type StubbedOperator,
} from '../../../test/test-app'

/**
 * The gateway's token handler at /auth (docs/decisions/0011-sign-in.md), in front of a stubbed operator:
 * the browser's side of the authorization-code flow, the ID token checks and the session cookies.
 */
const ORIGIN = 'http://localhost'
const CALLBACK = `${ORIGIN}/auth/callback`
const FROM_SPA = { 'X-Requested-With': 'ordering-console', Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }
const FORM = 'application/x-www-form-urlencoded'

const authorizeQuery = (overrides: Record<string, string | undefined> = {}) => {
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: OPERATOR_ENV.OIDC_CLIENT_ID,
    redirect_uri: CALLBACK,
    scope: 'openid offline_access b2b:ordering',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...overrides,
  }
  return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString()
}

/** `name=value` of the Set-Cookie headers of `response`, by cookie name, with their attributes. */
function setCookies(response: Response): Record<string, { pair: string; value: string; attributes: string }> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((header) => {
      const [pair, ...attributes] = header.split('; ')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      return [name, { pair: pair!, value, attributes: attributes.join('; ') }]
    }),
  )
}

/** The operator's answer to a code exchange: tokens with an ID token for `nonce`. */
async function tokensFor(claims: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    token_type: 'Bearer',
    access_token: 'operator-access-token',
    expires_in: 3600,
    scope: 'openid offline_access b2b:ordering',
    refresh_token: 'operator-refresh-token',
    id_token: await operatorIdToken(claims),
    ...extra,
  }
}

/** The gateway's clock stands still during a test, so that cookie lifetimes are exact. */
const START = Date.now()

function gateway() {
  return buildApp(loadConfig(OPERATOR_ENV), { realNow: () => START }).app
}

type App = ReturnType<typeof gateway>

async function authorize(app: App, query = authorizeQuery(), headers: Record<string, string> = {}) {
  return app.request(`/auth/authorize?${query}`, { headers })
}

/** GET /auth/authorize as the SPA sends it; returns the oc_auth cookie the browser keeps. */
async function startSignIn(app: App, overrides: Record<string, string | undefined> = {}): Promise<string> {
  const response = await authorize(app, authorizeQuery(overrides))
  expect(response.status).toBe(302)
  return setCookies(response).oc_auth!.pair
}

function tokenCall(app: App, form: Record<string, string>, headers: Record<string, string> = {}, method = 'POST') {
  return app.request('/auth/token', {
    method,
    headers: { ...FROM_SPA, 'Content-Type': FORM, ...headers },
    body: method === 'GET' ? undefined : new URLSearchParams(form).toString(),
  })
}

const codeForm = (overrides: Record<string, string> = {}) => ({
  grant_type: 'authorization_code',
  code: 'code-1',
  redirect_uri: CALLBACK,
  code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  client_id: OPERATOR_ENV.OIDC_CLIENT_ID,
  ...overrides,
})

/** A complete sign-in against a stubbed operator; returns the browser's answer and cookies. */
async function signIn(app: App, operatorAnswer?: Record<string, unknown>) {
  const operator = stubOperator({ token: async () => jsonResponse(200, operatorAnswer ?? (await tokensFor())) })
  const authCookie = await startSignIn(app)
  const response = await tokenCall(app, codeForm(), { Cookie: authCookie })
  expect(response.status).toBe(200)
  return { response, operator, cookies: setCookies(response), body: (await response.json()) as Record<string, unknown> }
}

afterEach(() => vi.unstubAllGlobals())

describe('GET /auth/config', () => {
  it('tells the SPA the issuer, its client id and the scope, and nothing secret', async () => {
    const response = await gateway().request('/auth/config')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ issuer: OPERATOR_ISSUER, clientId: OPERATOR_ENV.OIDC_CLIENT_ID, scope: loadConfig(OPERATOR_ENV).oidc.scope })
    expect(text).not.toContain(OPERATOR_ENV.OIDC_CLIENT_SECRET)
    expect(text).not.toContain(OPERATOR_ENV.SESSION_SECRET)
  })
})

describe('GET /auth/authorize', () => {
  it('remembers state and nonce in the encrypted oc_auth cookie and hands over to the operator with the same query', async () => {
    const query = authorizeQuery({ prompt: 'login', ui_locales: 'fr' })
    const response = await authorize(gateway(), query)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`${OPERATOR_ISSUER}/v1/authorize?${query}`)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const { oc_auth } = setCookies(response)
    expect(oc_auth!.attributes).toBe('Max-Age=600; Path=/auth; HttpOnly; SameSite=Strict')
    // A JWE (dir, A256GCM): five parts, nothing of the state or nonce readable.
    expect(oc_auth!.value.split('.')).toHaveLength(5)
    expect(oc_auth!.value).not.toMatch(/state-1|nonce-1/)
  })

  it('marks the cookie Secure when the request came over HTTPS, and then expects an https redirect_uri', async () => {
    const app = gateway()
    const https = { 'X-Forwarded-Proto': 'https' }
    expect((await authorize(app, authorizeQuery(), https)).status).toBe(400)
    const response = await authorize(app, authorizeQuery({ redirect_uri: 'https://localhost/auth/callback' }), https)
    expect(response.status).toBe(302)
    expect(setCookies(response).oc_auth!.attributes).toBe('Max-Age=600; Path=/auth; HttpOnly; Secure; SameSite=Strict')
  })

  it.each([
    ['another client_id', { client_id: 'someone-else' }],
    ['no client_id', { client_id: undefined }],
    ['a redirect_uri on another origin', { redirect_uri: 'https://evil.example/auth/callback' }],
    ['a redirect_uri on another port', { redirect_uri: 'http://localhost:8081/auth/callback' }],
    ['a redirect_uri on another path', { redirect_uri: `${ORIGIN}/auth/callback/../../evil` }],
    ['no redirect_uri', { redirect_uri: undefined }],
    ['no state', { state: undefined }],
  ])('shows an error page, without redirecting or setting a cookie, for %s', async (_, overrides) => {
    const response = await authorize(gateway(), authorizeQuery(overrides))
    expect(response.status).toBe(400)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('Location')).toBeNull()
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('refuses a repeated parameter with an error page', async () => {
    const response = await authorize(gateway(), `${authorizeQuery()}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/redirect_uri may appear only once/)
  })

  it.each([
    ['no nonce', { nonce: undefined }],
    ['no PKCE', { code_challenge: undefined, code_challenge_method: undefined }],
    ['PKCE plain', { code_challenge_method: 'plain' }],
    ['a code_challenge that is no SHA-256', { code_challenge: 'short' }],
  ])('sends the browser back to the callback with invalid_request for %s', async (_, overrides) => {
    const response = await authorize(gateway(), authorizeQuery(overrides))
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!)
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('state')).toBe('state-1')
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('POST /auth/token, authorization_code', () => {
  it('exchanges the code as a confidential client and answers the ID token with handles, never a token', async () => {
    const app = gateway()
    const idToken = await operatorIdToken()
    const { response, operator, cookies, body } = await signIn(app, await tokensFor({}, { id_token: idToken }))

    expect(operator.tokenCalls).toHaveLength(1)
    const [{ request, form }] = operator.tokenCalls as [StubbedOperator['tokenCalls'][number]]
    expect(request.url).toBe(OPERATOR_TOKEN_URL)
    expect(request.method).toBe('POST')
    expect(request.headers.get('Authorization')).toBe(basicHeader(OPERATOR_ENV.OIDC_CLIENT_ID, OPERATOR_ENV.OIDC_CLIENT_SECRET))
    expect(request.headers.get('Content-Type')).toBe(FORM)
    expect(request.headers.get('Accept')).toBe('application/json')
    // No client_id in the body: the operator would answer "Duplicate credentials".
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: CALLBACK,
      code_verifier: codeForm().code_verifier,
    })

    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(body).toEqual({
      token_type: 'Bearer',
      access_token: expect.stringMatching(/^h\.[A-Za-z0-9_-]{43}$/) as string,
      refresh_token: expect.stringMatching(/^h\.[A-Za-z0-9_-]{43}$/) as string,
      expires_in: 3600,
      scope: 'openid offline_access b2b:ordering',
      id_token: idToken,
    })
    expect(body.access_token).not.toBe(body.refresh_token)

    expect(cookies.oc_session!.attributes).toBe('Max-Age=31536000; Path=/; HttpOnly; SameSite=Strict')
    expect(cookies.oc_auth!.pair).toBe('oc_auth=')
    expect(cookies.oc_auth!.attributes).toBe('Max-Age=0; Path=/auth; HttpOnly; SameSite=Strict')
    // No real token anywhere the browser can read: not in the answer, not in any cookie.
    const visible = JSON.stringify(body) + response.headers.getSetCookie().join('\n')
    expect(visible).not.toMatch(/operator-access-token|operator-refresh-token/)
  })

  it('lets the API proxy use the session: the operator gets the access token', async () => {
    const app = gateway()
    const { cookies } = await signIn(app)
    const operator = stubOperator({ api: () => jsonResponse(200, {}) })
    expect((await app.request('/api/ordering/v3/me', { headers: { Cookie: cookies.oc_session!.pair } })).status).toBe(200)
    expect(operator.apiCalls[0]!.request.headers.get('Authorization')).toBe('Bearer operator-access-token')
  })

  it('keeps the session as long as the access token when there is no refresh token, and gives no refresh handle', async () => {
    const { body, cookies } = await signIn(gateway(), await tokensFor({}, { refresh_token: undefined, expires_in: '1800', scope: undefined }))
    expect(body.refresh_token).toBeUndefined()
    expect(body.expires_in).toBe(1800)
    // No scope in the operator's answer: the one asked for (RFC 6749 5.1).
    expect(body.scope).toBe('openid offline_access b2b:ordering')
    expect(cookies.oc_session!.attributes).toBe('Max-Age=1800; Path=/; HttpOnly; SameSite=Strict')
  })

  it('accepts the sign-in of either of two tabs, each with its own nonce', async () => {
    const app = gateway()
    stubOperator({ token: async () => jsonResponse(200, await tokensFor({ nonce: 'nonce-A' })) })
    const first = await startSignIn(app, { state: 'state-A', nonce: 'nonce-A' })
    const both = setCookies(await authorize(app, authorizeQuery({ state: 'state-B', nonce: 'nonce-B' }), { Cookie: first })).oc_auth!.pair
    const response = await tokenCall(app, codeForm(), { Cookie: both })
    expect(response.status).toBe(200)
    // The other sign-in stays pending.
    expect(setCookies(response).oc_auth!.attributes).toMatch(/^Max-Age=600;/)
  })

  describe('refuses an ID token that fails a check (400 invalid_grant), keeping no session', () => {
    const OTHER_SECRET = 'not-the-client-secret-0123456789'
    const now = Date.now()
    it.each<[string, () => Promise<string>]>([
      ['signed with another secret', () => operatorIdToken({}, { secret: OTHER_SECRET })],
      [
        'tampered with',
        async () => {
          const [header, , signature] = (await operatorIdToken()).split('.')
          const payload = Buffer.from(
            JSON.stringify({
              iss: OPERATOR_ISSUER,
              sub: 'admin',
              aud: [OPERATOR_ENV.OIDC_CLIENT_ID],
              iat: Math.floor(now / 1000),
              exp: Math.floor(now / 1000) + 3600,
              nonce: 'nonce-1',
            }),
          ).toString('base64url')
          return `${header}.${payload}.${signature}`
        },
      ],
      [
        'unsigned (alg none)',
        async () =>
          new UnsecuredJWT({ iss: OPERATOR_ISSUER, sub: 'person-1', aud: OPERATOR_ENV.OIDC_CLIENT_ID, nonce: 'nonce-1' })
            .setIssuedAt()
            .setExpirationTime('1h')
            .encode(),
      ],
      ['signed with another algorithm (HS512)', () => operatorIdToken({}, { alg: 'HS512' })],
      ['for another audience', () => operatorIdToken({ aud: ['someone-else'] })],
      ['for several audiences without azp', () => operatorIdToken({ aud: [OPERATOR_ENV.OIDC_CLIENT_ID, 'someone-else'] })],
      ['from another issuer', () => operatorIdToken({ iss: `${OPERATOR_AUTH}/openidconnect/es` })],
      ['expired', () => operatorIdToken({ iat: Math.floor(now / 1000) - 7200, exp: Math.floor(now / 1000) - 3600 })],
      ['issued long ago', () => operatorIdToken({ iat: Math.floor(now / 1000) - 3600 })],
      ['issued in the future', () => operatorIdToken({ iat: Math.floor(now / 1000) + 600 })],
      ['without sub', () => operatorIdToken({ sub: undefined })],
      // Was a plain-text 500 (docs/decisions/0022-server-edge.md): sub must be a string.
      ['with a numeric sub', () => operatorIdToken({ sub: 42 })],
      ['with an empty sub', () => operatorIdToken({ sub: '' })],
      ['without exp', () => operatorIdToken({ exp: undefined })],
      ['with another nonce', () => operatorIdToken({ nonce: 'nonce-of-an-attacker' })],
      ['without nonce', () => operatorIdToken({ nonce: undefined })],
      ['that is not a JWT', async () => 'not-a-jwt'],
    ])('%s', async (_, idToken) => {
      const app = gateway()
      const token = await idToken()
      stubOperator({ token: async () => jsonResponse(200, await tokensFor({}, { id_token: token })) })
      const response = await tokenCall(app, codeForm(), { Cookie: await startSignIn(app) })
      const body = await expectOAuthError(response, 400, 'invalid_grant')
      expect(body.error_description).toMatch(/^The ID token failed verification/)
      expect(setCookies(response).oc_session).toBeUndefined()
    })

    it('missing from the operator’s answer', async () => {
      const app = gateway()
      stubOperator({ token: async () => jsonResponse(200, await tokensFor({}, { id_token: undefined })) })
      const response = await tokenCall(app, codeForm(), { Cookie: await startSignIn(app) })
      expect((await expectOAuthError(response, 400, 'invalid_grant')).error_description).toMatch(/^The ID token failed verification/)
    })
  })

  it('accepts several audiences when azp is this client', async () => {
    const token = await operatorIdToken({ aud: [OPERATOR_ENV.OIDC_CLIENT_ID, 'other'], azp: OPERATOR_ENV.OIDC_CLIENT_ID })
    const { body } = await signIn(gateway(), await tokensFor({}, { id_token: token }))
    expect(body.id_token).toBe(token)
  })

  it('refuses a code exchange without a sign-in started in this browser, before asking the operator', async () => {
    const app = gateway()
    const operator = stubOperator({ token: async () => jsonResponse(200, await tokensFor()) })
    await expectOAuthError(await tokenCall(app, codeForm()), 400, 'invalid_grant')
    await expectOAuthError(await tokenCall(app, codeForm(), { Cookie: 'oc_auth=forged' }), 400, 'invalid_grant')
    expect(operator.tokenCalls).toHaveLength(0)
  })

  it.each([
    ['another redirect_uri', { redirect_uri: 'https://evil.example/auth/callback' }, 400, 'invalid_grant'],
    ['another client_id', { client_id: 'someone-else' }, 400, 'invalid_client'],
    ['no code', { code: '' }, 400, 'invalid_request'],
    ['no code_verifier', { code_verifier: '' }, 400, 'invalid_request'],
  ] as const)('refuses %s without asking the operator', async (_, overrides, status, error) => {
    const app = gateway()
    const operator = stubOperator({ token: async () => jsonResponse(200, await tokensFor()) })
    await expectOAuthError(await tokenCall(app, codeForm(overrides), { Cookie: await startSignIn(app) }), status, error)
    expect(operator.tokenCalls).toHaveLength(0)
  })

  it.each([
    ['client_credentials', 'unsupported_grant_type'],
    ['password', 'unsupported_grant_type'],
    ['urn:ietf:params:oauth:grant-type:device_code', 'unsupported_grant_type'],
    ['', 'invalid_request'],
  ])('refuses the grant "%s"', async (grantType, error) => {
    const app = gateway()
    const operator = stubOperator({ token: () => jsonResponse(500, {}) })
    await expectOAuthError(await tokenCall(app, { grant_type: grantType }, { Cookie: await startSignIn(app) }), 400, error)
    expect(operator.tokenCalls).toHaveLength(0)
  })

  it('passes the operator’s refusal on as a 400 with its error and description, without the client secret', async () => {
    const app = gateway()
    const cookie = await startSignIn(app)
    stubOperator({ token: () => jsonResponse(400, { error: 'invalid_grant', error_description: 'The code expired.' }) })
    expect(await expectOAuthError(await tokenCall(app, codeForm(), { Cookie: cookie }), 400, 'invalid_grant')).toEqual({
      error: 'invalid_grant',
      error_description: 'The code expired.',
    })
    stubOperator({
      token: () =>
        jsonResponse(
          401,
          { error: 'invalid_client', error_description: `Bad secret ${OPERATOR_ENV.OIDC_CLIENT_SECRET}` },
          {
            'WWW-Authenticate': 'Basic realm="operator"',
          },
        ),
    })
    const response = await tokenCall(app, codeForm(), { Cookie: cookie })
    expect(response.headers.get('WWW-Authenticate')).toBeNull()
    const body = await expectOAuthError(response, 400, 'invalid_client')
    expect(body.error_description).toBe('Bad secret [redacted]')
  })

  it.each([
    [
      'cannot be reached',
      () => {
        throw new TypeError('fetch failed')
      },
    ],
    ['answers 503', () => new Response('down', { status: 503 })],
    ['answers a 200 that is not a token answer', () => jsonResponse(200, { hello: 'world' })],
  ])('answers 502 when the operator %s', async (_, token) => {
    const app = gateway()
    const cookie = await startSignIn(app)
    stubOperator({ token })
    const body = await expectOAuthError(await tokenCall(app, codeForm(), { Cookie: cookie }), 502, 'temporarily_unavailable')
    expect(body.error_description).not.toContain(OPERATOR_ENV.OIDC_CLIENT_SECRET)
  })
})

describe('POST /auth/token, CSRF and method', () => {
  it.each<[string, Record<string, string>]>([
    ['no X-Requested-With', { 'X-Requested-With': '' }],
    ['another X-Requested-With', { 'X-Requested-With': 'XMLHttpRequest' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['an Origin on another port', { Origin: 'http://localhost:8081' }],
    ['the null Origin', { Origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a call with %s (403), without asking the operator', async (_, headers) => {
    const app = gateway()
    const operator = stubOperator({ token: async () => jsonResponse(200, await tokensFor()) })
    const cookie = await startSignIn(app)
    await expectOAuthError(await tokenCall(app, codeForm(), { Cookie: cookie, ...headers }), 403, 'invalid_request')
    await expectOAuthError(await app.request('/auth/logout', { method: 'POST', headers: { ...FROM_SPA, ...headers } }), 403, 'invalid_request')
    expect(operator.tokenCalls).toHaveLength(0)
  })

  it('accepts a call without Origin and Sec-Fetch-Site (not a browser, or an old one) when the header is there', async () => {
    const app = gateway()
    stubOperator({ token: async () => jsonResponse(200, await tokensFor()) })
    const response = await app.request('/auth/token', {
      method: 'POST',
      headers: { 'X-Requested-With': 'ordering-console', 'Content-Type': FORM, Cookie: await startSignIn(app) },
      body: new URLSearchParams(codeForm()).toString(),
    })
    expect(response.status).toBe(200)
  })

  it.each(['GET', 'PUT', 'DELETE'])('answers %s with 405 and Allow: POST', async (method) => {
    const app = gateway()
    for (const path of ['/auth/token', '/auth/logout']) {
      const response = await app.request(path, { method, headers: FROM_SPA })
      expect(response.headers.get('Allow')).toBe('POST')
      await expectOAuthError(response, 405, 'invalid_request')
    }
  })

  it('refuses a body that is not form-urlencoded, and repeated parameters', async () => {
    const app = gateway()
    const cookie = await startSignIn(app)
    await expectOAuthError(
      await app.request('/auth/token', {
        method: 'POST',
        headers: { ...FROM_SPA, Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(codeForm()),
      }),
      400,
      'invalid_request',
    )
    const repeated = `${new URLSearchParams(codeForm()).toString()}&code=code-2`
    await expectOAuthError(
      await app.request('/auth/token', { method: 'POST', headers: { ...FROM_SPA, Cookie: cookie, 'Content-Type': FORM }, body: repeated }),
      400,
      'invalid_request',
    )
  })
})

describe('POST /auth/token, refresh_token', () => {
  it('refreshes with the real refresh token for the handle of this session, keeping the handles', async () => {
    const app = gateway()
    const { body: first, cookies } = await signIn(app)
    const operator = stubOperator({
      token: () => jsonResponse(200, { token_type: 'bearer', access_token: 'operator-access-2', expires_in: 3600, scope: 'b2b:ordering' }),
    })
    const response = await tokenCall(
      app,
      { grant_type: 'refresh_token', refresh_token: String(first.refresh_token), scope: 'b2b:ordering', client_id: OPERATOR_ENV.OIDC_CLIENT_ID },
      { Cookie: cookies.oc_session!.pair },
    )
    expect(response.status).toBe(200)
    expect(Object.fromEntries(operator.tokenCalls[0]!.form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'operator-refresh-token',
      scope: 'b2b:ordering',
    })
    const body = (await response.json()) as Record<string, unknown>
    // No ID token in the operator's answer: none in the browser's; the handles do not change.
    expect(body).toEqual({
      token_type: 'Bearer',
      access_token: first.access_token,
      refresh_token: first.refresh_token,
      expires_in: 3600,
      scope: 'b2b:ordering',
    })
    const renewed = setCookies(response).oc_session!
    // The refresh token was not rotated: the session keeps its life (a year from sign-in).
    expect(renewed.attributes).toBe('Max-Age=31536000; Path=/; HttpOnly; SameSite=Strict')
    expect(JSON.stringify(body) + renewed.pair).not.toMatch(/operator-/)

    const api = stubOperator({ api: () => jsonResponse(200, {}) })
    await app.request('/api/ordering/v3/me', { headers: { Cookie: renewed.pair } })
    expect(api.apiCalls[0]!.request.headers.get('Authorization')).toBe('Bearer operator-access-2')
  })

  it('verifies an ID token in the refresh answer, which must be for the same person', async () => {
    const app = gateway()
    const { body: first, cookies } = await signIn(app)
    const refreshForm = { grant_type: 'refresh_token', refresh_token: String(first.refresh_token) }
    const idToken = await operatorIdToken({ nonce: undefined })
    stubOperator({ token: () => jsonResponse(200, { token_type: 'Bearer', access_token: 'a2', expires_in: 3600, id_token: idToken }) })
    const ok = await tokenCall(app, refreshForm, { Cookie: cookies.oc_session!.pair })
    expect(((await ok.json()) as { id_token: string }).id_token).toBe(idToken)

    const someoneElse = await operatorIdToken({ sub: 'person-2' })
    stubOperator({ token: () => jsonResponse(200, { token_type: 'Bearer', access_token: 'a3', expires_in: 3600, id_token: someoneElse }) })
    const refused = await tokenCall(app, refreshForm, { Cookie: setCookies(ok).oc_session!.pair })
    expect((await expectOAuthError(refused, 400, 'invalid_grant')).error_description).toMatch(/ID token failed verification/)
    expect(setCookies(refused).oc_session!.attributes).toMatch(/^Max-Age=0;/)
  })

  it('refuses another handle, a real token, or no session, without asking the operator', async () => {
    const app = gateway()
    const { body, cookies } = await signIn(app)
    const operator = stubOperator({ token: () => jsonResponse(500, {}) })
    for (const [refreshToken, cookie] of [
      [String(body.access_token), cookies.oc_session!.pair],
      ['operator-refresh-token', cookies.oc_session!.pair],
      [String(body.refresh_token), ''],
    ] as const) {
      await expectOAuthError(await tokenCall(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, { Cookie: cookie }), 400, 'invalid_grant')
    }
    expect(operator.tokenCalls).toHaveLength(0)
  })

  it('ends the session when the operator refuses the refresh token', async () => {
    const app = gateway()
    const { body, cookies } = await signIn(app)
    stubOperator({ token: () => jsonResponse(400, { error: 'invalid_grant', error_description: 'Refresh token revoked.' }) })
    const response = await tokenCall(app, { grant_type: 'refresh_token', refresh_token: String(body.refresh_token) }, { Cookie: cookies.oc_session!.pair })
    expect(await expectOAuthError(response, 400, 'invalid_grant')).toEqual({ error: 'invalid_grant', error_description: 'Refresh token revoked.' })
    expect(setCookies(response).oc_session!.attributes).toBe('Max-Age=0; Path=/; HttpOnly; SameSite=Strict')
  })
})

describe('POST /auth/logout', () => {
  it('clears the session and any sign-in in progress', async () => {
    const app = gateway()
    const { cookies } = await signIn(app)
    const response = await app.request('/auth/logout', { method: 'POST', headers: { ...FROM_SPA, Cookie: cookies.oc_session!.pair } })
    expect(response.status).toBe(204)
    expect(response.headers.getSetCookie()).toEqual([
      'oc_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
      'oc_auth=; Max-Age=0; Path=/auth; HttpOnly; SameSite=Strict',
    ])
  })
})

describe('the SPA’s callback page', () => {
  it('is not the token handler’s: /auth/callback falls through to the SPA', async () => {
    const built = buildApp(loadConfig({ ...OPERATOR_ENV, SERVE_SPA: 'on', SPA_DIST: 'public' }), { realNow: () => START })
    const response = await built.app.request('/auth/callback?code=c&state=s')
    expect(response.headers.getSetCookie()).toEqual([])
    expect(response.headers.get('Content-Type') ?? '').not.toContain('application/json')
  })
})
