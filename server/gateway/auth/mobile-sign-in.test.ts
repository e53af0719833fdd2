import { Hono } from 'hono'
import { decodeJwt, SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ZSessionInfo } from '@contract/gateway-auth'
import { ZBrowserTokenAnswer } from '@contract/gateway-sign-in'
import { ZOAuthErrorBody } from '@contract/error'
import { ZSandboxMe as ZMe } from '@contract/misc'
import { ZMobilePending } from '@contract/mobile-connect'
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, startTestApp, TEST_HOSTS, type CallOptions, type TestApp } from '../../../test/test-app'
import { CookieJar } from '../../../test/cookie-jar'
import { formOf } from '../../../test/html-form'
import { pkcePair, testBrowser, type TestBrowser } from '../../../test/sign-in'
import { answerOperator, callbackOf, NUMBERS, ORIGIN, type Answer } from '../../../test/mobile-sign-in'
import { mobileSignInRoutes } from './mobile-connect'
import { SessionCookies } from './session'

type Fetcher = { fetch(path: string, options?: CallOptions): Promise<Response> }

let testApp: TestApp
beforeEach(() => {
  // elsewhere.example is answered (ALLOWED_HOSTS) so that discovery's own check of unregistered origins is reached.
  testApp = startTestApp({ ALLOWED_HOSTS: `${TEST_HOSTS},elsewhere.example` })
})
afterEach(() => testApp.close())

const CSRF = { 'X-Requested-With': 'ordering-console' }

/** A POST to the gateway's token endpoint from the SPA: form body, CSRF header, the browser's cookies. */
async function postToken(app: Fetcher, jar: CookieJar, form: Record<string, string>, headers: Record<string, string> = CSRF) {
  const response = await app.fetch(`${ORIGIN}/auth/mobile/token`, {
    body: new URLSearchParams(form).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers: { ...headers, Cookie: jar.header() },
  })
  jar.store(response)
  return response
}

/** Discovery through the gateway: the selection page, the number typed, back to the gateway; answers the gateway's last redirect. */
async function discoverThroughGateway(browser: TestBrowser, options: { msisdn: string; acr: '2' | '3' }) {
  const start = await browser.get(`${ORIGIN}/auth/mobile/discover?acr=${options.acr}&returnTo=%2Frequests`)
  expect(start.status).toBe(302)
  const selection = await browser.get(start.headers.get('Location')!)
  const form = formOf(await selection.text())
  const back = await browser.post(form.action, { ...form.hidden, msisdn: options.msisdn })
  expect(back.status).toBe(302)
  return browser.get(back.headers.get('Location')!)
}

interface MobileSignIn {
  answer: Response
  jar: CookieJar
  browser: TestBrowser
}

/** The whole mobile sign-in as the SPA and the browser do it, through `app`'s gateway. */
async function mobileSignIn(app: Fetcher, options: { msisdn: string; acr: '2' | '3'; answer: Answer }): Promise<MobileSignIn> {
  const browser = testBrowser(app)
  const discovered = await discoverThroughGateway(browser, options)
  expect(discovered.headers.get('Location')).toBe('/sign-in/mobile')
  const pending = ZMobilePending.parse(await (await browser.get(`${ORIGIN}/auth/mobile/pending`)).json())
  const pkce = pkcePair()
  const authorize = await browser.get(
    `${ORIGIN}/auth/mobile/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: pending.clientId,
      redirect_uri: `${ORIGIN}/auth/mobile/callback`,
      scope: 'openid',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      acr_values: pending.acr,
    })}`,
  )
  const operatorUrl = new URL(authorize.headers.get('Location')!)
  expect(operatorUrl.searchParams.get('login_hint')).toMatch(/^ENCR_MSISDN:[A-Za-z0-9_-]{300,}$/)
  const callback = callbackOf(await answerOperator(browser, await browser.get(operatorUrl.toString()), options.answer))
  expect(callback.searchParams.get('state')).toBe('state-1')
  const answer = await postToken(app, browser.jar, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? 'none',
    redirect_uri: `${ORIGIN}/auth/mobile/callback`,
    code_verifier: pkce.verifier,
  })
  return { answer, jar: browser.jar, browser }
}

describe('sign-in with a mobile number through the gateway', () => {
  it('keeps the operator credentials server-side and tells the SPA only the operator, issuer, client id and level', async () => {
    const browser = testBrowser(testApp)
    await discoverThroughGateway(browser, { msisdn: NUMBERS.esOk, acr: '2' })
    const pending = await (await browser.get(`${ORIGIN}/auth/mobile/pending`)).text()
    expect(ZMobilePending.parse(JSON.parse(pending))).toEqual({
      operator: { name: 'Meseta Móvil', country: 'Spain', mccMnc: '214_90' },
      issuer: 'http://localhost:8080/sandbox/operators/meseta/openidconnect/es',
      clientId: SANDBOX_CLIENT_ID,
      acr: '2',
      returnTo: '/requests',
    })
    expect(pending).not.toContain(SANDBOX_CLIENT_SECRET)
    expect(browser.jar.get('oc_mobile')).not.toContain(SANDBOX_CLIENT_SECRET)
  })

  it('level 3 (SIM PIN) opens a session that places requests; /auth/session names the operator and level', async () => {
    const { answer, browser } = await mobileSignIn(testApp, { msisdn: NUMBERS.frOk, acr: '3', answer: { pin: '1234' } })
    expect(answer.status).toBe(200)
    const body = ZBrowserTokenAnswer.parse(await answer.json())
    expect(body.access_token).toMatch(/^h\./)
    expect(body.refresh_token).toBeUndefined()
    expect(decodeJwt(body.id_token!)).toMatchObject({ acr: '3', amr: ['SIM_PIN'], nonce: 'nonce-1' })
    const me = ZMe.parse(await (await browser.get(`${ORIGIN}/api/ordering/v3/me`)).json())
    expect(me.customer.id).toBe('C001')
    expect(me.scopes).toEqual(['b2b:ordering'])
    const info = ZSessionInfo.parse(await (await browser.get(`${ORIGIN}/auth/session`)).json())
    expect(info).toEqual({ method: 'mobile', operator: 'Atlantic Mobile', country: 'France', acr: '3', amr: ['SIM_PIN'] })
    expect(browser.jar.get('oc_mobile')).toBeUndefined()
  })

  it('level 2 (SMS OTP) opens a read-only session', async () => {
    const { answer, browser } = await mobileSignIn(testApp, { msisdn: NUMBERS.frSms, acr: '2', answer: { otp: 'right' } })
    expect(answer.status).toBe(200)
    expect(ZMe.parse(await (await browser.get(`${ORIGIN}/api/ordering/v3/me`)).json()).scopes).toEqual(['b2b:ordering:readonly'])
    expect((await browser.get(`${ORIGIN}/api/ordering/v3/requests?limit=1`)).status).toBe(200)
  })

  it('a password session says so on /auth/session; without one it says nobody is signed in', async () => {
    expect(await (await testApp.fetch('/auth/session')).json()).toEqual({ signedIn: false })
    const cookie = await testApp.sessionCookie(await testApp.mintToken())
    expect(await (await testApp.fetch('/auth/session', { headers: { Cookie: cookie } })).json()).toMatchObject({ method: 'password' })
  })

  it('sends discovery failures to the sign-in page with a reason', async () => {
    const browser = testBrowser(testApp)
    expect((await browser.get(`${ORIGIN}/auth/mobile/discover?acr=4`)).headers.get('Location')).toBe('/sign-in/mobile?error=invalid_request')
    expect((await browser.get(`${ORIGIN}/auth/mobile/discovered?mcc_mnc=208_90`)).headers.get('Location')).toBe('/sign-in/mobile?error=expired')
    await testApp.control('discovery', { production: true, agreements: ['fr'] })
    const refused = await discoverThroughGateway(browser, { msisdn: NUMBERS.esOk, acr: '2' })
    expect(refused.headers.get('Location')).toBe('/sign-in/mobile?error=no_agreement')
    // Another origin than the registered ones: discovery refuses Redirect_URL, the person learns it failed.
    expect((await browser.get('http://elsewhere.example/auth/mobile/discover?acr=2')).headers.get('Location')).toBe('/sign-in/mobile?error=discovery_failed')
  })

  it('checks the SPA’s authorize request: a client or callback it cannot vouch for goes to the sign-in page, the rest to the callback', async () => {
    const browser = testBrowser(testApp)
    await discoverThroughGateway(browser, { msisdn: NUMBERS.esOk, acr: '2' })
    const authorize = (overrides: Record<string, string | undefined>, extra = '') => {
      const query: Record<string, string | undefined> = {
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: `${ORIGIN}/auth/mobile/callback`,
        scope: 'openid',
        state: 'state-1',
        nonce: 'nonce-1',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        acr_values: '2',
        ...overrides,
      }
      const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined))
      return browser.get(`${ORIGIN}/auth/mobile/authorize?${search}${extra}`)
    }
    for (const [overrides, extra] of [
      [{ client_id: 'someone-else' }, ''],
      [{ redirect_uri: `${ORIGIN}/auth/callback` }, ''],
      [{}, '&nonce=again'],
    ] as const) {
      expect((await authorize(overrides, extra)).headers.get('Location'), JSON.stringify([overrides, extra])).toBe('/sign-in/mobile?error=invalid_request')
    }
    const cases: [Record<string, string | undefined>, string][] = [
      [{ nonce: undefined }, 'nonce is required.'],
      [{ code_challenge: undefined, code_challenge_method: undefined }, 'code_challenge is required, with code_challenge_method S256.'],
      [{ acr_values: undefined }, 'acr_values is required: 2 or 3.'],
      [{ acr_values: '2 3' }, 'acr_values must be one level: 2 or 3.'],
    ]
    for (const [overrides, description] of cases) {
      const callback = callbackOf(await authorize(overrides))
      expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/auth/mobile/callback`)
      expect(Object.fromEntries(callback.searchParams)).toEqual({ error: 'invalid_request', error_description: description, state: 'state-1' })
    }
    const noState = callbackOf(await authorize({ state: undefined }))
    expect(Object.fromEntries(noState.searchParams)).toEqual({ error: 'invalid_request', error_description: 'state is required.' })
  })

  it('refuses a token request without the CSRF header or without a sign-in in progress, and passes the operator’s refusals on', async () => {
    const jar = new CookieJar()
    const form = { grant_type: 'authorization_code', code: 'x', redirect_uri: `${ORIGIN}/auth/mobile/callback`, code_verifier: 'v'.repeat(43) }
    expect((await postToken(testApp, jar, form, {})).status).toBe(403)
    const none = await postToken(testApp, jar, form)
    expect(ZOAuthErrorBody.parse(await none.json()).error).toBe('invalid_grant')
    const cancelled = await mobileSignIn(testApp, { msisdn: NUMBERS.esOk, acr: '2', answer: { phone: 'cancel' } })
    expect(cancelled.answer.status).toBe(400)
    expect(ZOAuthErrorBody.parse(await cancelled.answer.json())).toMatchObject({ error: 'invalid_grant' })
  })
})

describe('the gateway refuses an ID token that is not right', () => {
  /** The app with a gateway whose operator token answers pass through `rewrite` (a misbehaving or attacked operator). */
  function gatewayWithRewrittenIdTokens(rewrite: (idToken: string) => Promise<string>): Fetcher {
    const cookies = new SessionCookies(testApp.config.oidc.sessionSecret, testApp.clock.now)
    const mobile = mobileSignInRoutes({
      discoveryUrl: 'http://sandbox.internal/sandbox',
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      clientCredentialsUrl: 'http://sandbox.internal/sandbox/oauth/v3/token',
      fetch: async (request) => {
        const response = await testApp.app.fetch(request)
        if (!new URL(request.url).pathname.endsWith('/v1/token') || response.status !== 200) return response
        const body = (await response.json()) as { id_token: string }
        return Response.json({ ...body, id_token: await rewrite(body.id_token) })
      },
      cookies,
      sessionSecret: testApp.config.oidc.sessionSecret,
      now: testApp.clock.now,
    })
    const app = new Hono().route('/auth/mobile', mobile).route('/', testApp.app)
    return {
      fetch: async (path, options = {}) =>
        app.request(path, {
          method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
          headers: { ...options.headers, ...(options.contentType ? { 'Content-Type': options.contentType } : {}) },
          ...(options.body !== undefined ? { body: options.body } : {}),
        }),
    }
  }

  const resign =
    (changes: Record<string, unknown>, secret = SANDBOX_CLIENT_SECRET) =>
    async (idToken: string) => {
      const claims = { ...decodeJwt(idToken), ...changes }
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret))
    }

  const cases: [string, (idToken: string) => Promise<string>, RegExp][] = [
    [
      'a tampered claim (signature no longer matches)',
      async (t) => {
        const [header, , signature] = t.split('.')
        const claims = Buffer.from(JSON.stringify({ ...decodeJwt(t), acr: '3', sub: 'someone-else' })).toString('base64url')
        return `${header}.${claims}.${signature}`
      },
      /signature/,
    ],
    ['an under-assured one (acr 2 when 3 was asked)', resign({ acr: '2', amr: ['OK'] }), /acr 2 is below the level 3 asked/],
    ['one signed with another secret', resign({}, 'another-secret-of-32-characters-00000'), /signature/],
    ['one from another issuer', resign({ iss: 'http://localhost:8080/sandbox/operators/meseta/openidconnect/es' }), /iss/],
    ['one for another client', resign({ aud: ['someone-else'] }), /aud/],
    // OIDC Core 3.1.3.7: with several audiences, azp must be this client (the same check as the console's sign-in).
    ['one for several audiences without azp', async (t) => resign({ aud: [...[decodeJwt(t).aud ?? []].flat(), 'someone-else'] })(t), /azp/],
    ['an expired one', resign({ exp: Math.floor(Date.parse('2026-05-04T09:00:00Z') / 1000) }), /exp/],
    ['one with another nonce', resign({ nonce: 'replayed' }), /nonce/],
    ['an unsigned one (alg none)', async (t) => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${t.split('.')[1]}.`, /alg|JWS|signature/i],
  ]
  for (const [name, rewrite, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const gateway = gatewayWithRewrittenIdTokens(rewrite)
      const { answer, jar } = await mobileSignIn(gateway, { msisdn: NUMBERS.frOk, acr: '3', answer: { pin: '1234' } })
      expect(answer.status).toBe(400)
      const body = ZOAuthErrorBody.parse(await answer.json())
      expect(body.error).toBe('invalid_grant')
      expect(body.error_description).toMatch(/^The ID token failed verification/)
      expect(body.error_description).toMatch(reason)
      expect(jar.get('oc_session')).toBeUndefined()
    })
  }

  it('accepts the same flow untouched (the rewrite harness itself is sound)', async () => {
    const gateway = gatewayWithRewrittenIdTokens(async (t) => t)
    expect((await mobileSignIn(gateway, { msisdn: NUMBERS.frOk, acr: '3', answer: { pin: '1234' } })).answer.status).toBe(200)
  })
})
