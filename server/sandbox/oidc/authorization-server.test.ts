import { decodeJwt, jwtVerify } from 'jose'
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
  validBody,
  type TestApp,
} from '../../../test/test-app'
import { formOf } from '../../../test/html-form'
import {
  ALICE,
  ALL_SCOPES,
  authorizeUrl,
  BRUNO,
  CALLBACK,
  exchangeCode,
  MARC,
  OIDC,
  oidcTokenRequest,
  registerApplication,
  signInFlow,
  testBrowser,
  type SignInResult,
} from '../../../test/sign-in'

/** The sandbox authorization server of docs/decisions/0011-sign-in.md, through app.request(). */
let t: TestApp
afterEach(() => t.close())

const start = (env: Record<string, string> = {}) => (t = startTestApp({ SANDBOX_SEED_COUNT: '60', ...env }))
const ISSUER_FR = 'http://localhost:8080/sandbox/openidconnect/fr'
const secret = new TextEncoder().encode(SANDBOX_CLIENT_SECRET)
const OTHER_CLIENT = { clientId: 'partner-portal', clientSecret: 'partner-portal-secret-0123456789', name: 'Partner Portal' }

/** The callback of an error: error, a description, and the state sent. */
function expectCallbackError(signedIn: Pick<SignInResult, 'callback' | 'state'>, error: string) {
  const { callback } = signedIn
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK)
  expect(callback.searchParams.get('error')).toBe(error)
  expect(callback.searchParams.get('error_description')).toMatch(/\w/)
  expect(callback.searchParams.get('state')).toBe(signedIn.state)
  expect(callback.searchParams.get('code')).toBeNull()
}

const verify = (idToken: string, issuer = ISSUER_FR) =>
  jwtVerify(idToken, secret, { issuer, audience: SANDBOX_CLIENT_ID, algorithms: ['HS256'], currentDate: new Date(t.clock.now()) })

describe('the code flow', () => {
  it('signs Alice in through the login and consent pages, and her access token opens her customer’s requests', async () => {
    start()
    const browser = testBrowser(t)
    const state = 'state-123'
    const first = await browser.get(
      authorizeUrl('fr', {
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: CALLBACK,
        scope: ALL_SCOPES,
        state,
        nonce: 'nonce-456',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
    )
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(first.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
    const login = await first.text()
    expect(login).toContain('<html lang="en">')
    expect(login).toContain('<h1>Sign in</h1>')
    expect(login).toContain('<label for="username">E-mail address</label>')
    expect(login).toContain('<label for="password">Password</label>')
    expect(login).toContain('Ordering Console')
    const loginForm = formOf(login)
    expect(loginForm.action).toBe(`${OIDC}/fr/v1/login`)
    expect(Object.keys(loginForm.hidden).sort()).toEqual(['csrf', 'request'])
    const binding = browser.jar.cookie('sandbox_authz')!
    expect(binding.attributes).toMatch(/Path=\/sandbox\/openidconnect/)
    expect(binding.attributes).toMatch(/HttpOnly/)
    expect(binding.attributes).toMatch(/SameSite=Lax/)

    const afterLogin = await browser.post(loginForm.action, { ...loginForm.hidden, username: ALICE, password: 'sandbox' })
    expect(afterLogin.status).toBe(303)
    const sso = browser.jar.cookie('sandbox_sso')!
    expect(sso.attributes).toMatch(/Path=\/sandbox(;|$)/)
    expect(sso.attributes).toMatch(/HttpOnly/)
    expect(sso.attributes).toMatch(/SameSite=Lax/)
    const consentResponse = await browser.get(afterLogin.headers.get('Location')!)
    expect(consentResponse.status).toBe(200)
    const consent = await consentResponse.text()
    expect(consent).toContain('<h1>Allow Ordering Console to access your account?</h1>')
    expect(consent).toContain('Alice Martin')
    expect(consent).toContain('Acme Industries')
    expect(consent).toContain('Confirm who you are')
    expect(consent).toContain('place new ones on its behalf')
    expect(consent).toContain('value="allow">Allow</button>')
    expect(consent).toContain('value="cancel" class="secondary">Cancel</button>')
    const consentForm = formOf(consent)
    const callback = await browser.post(consentForm.action, { ...consentForm.hidden, decision: 'allow' })
    expect(callback.status).toBe(302)
    const location = new URL(callback.headers.get('Location')!)
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK)
    expect(location.searchParams.get('state')).toBe(state)
    expect(location.searchParams.get('scope')).toBe(ALL_SCOPES)
    const code = location.searchParams.get('code')!

    // RFC 7636's example pair.
    const tokenResponse = await oidcTokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    })
    expect(tokenResponse.status).toBe(200)
    expect(tokenResponse.headers.get('Cache-Control')).toBe('no-store')
    requestIdOf(tokenResponse)
    const tokens = ZTokenResponse.parse(await tokenResponse.json())
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: ALL_SCOPES })
    expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/)
    const { payload, protectedHeader } = await verify(tokens.id_token!)
    expect(protectedHeader.alg).toBe('HS256')
    const now = Math.floor(t.clock.now() / 1000)
    expect(payload).toEqual({
      iss: ISSUER_FR,
      sub: 'U001',
      aud: [SANDBOX_CLIENT_ID],
      iat: now,
      exp: now + 3600,
      auth_time: now,
      nonce: 'nonce-456',
      acr: '1',
      amr: ['pwd'],
      name: 'Alice Martin',
      email: ALICE,
      customer_id: 'C001',
    })

    const requests = await t.call('/requests?limit=100', { token: tokens.access_token })
    expect(requests.status).toBe(200)
    const list = (await requests.json()) as { customer: { id: string } }[]
    expect(list.length).toBeGreaterThan(0)
    expect(new Set(list.map((r) => r.customer.id))).toEqual(new Set(['C001']))
    const me = ZMe.parse(await (await t.call('/me', { token: tokens.access_token })).json())
    expect(me).toMatchObject({ kind: 'user', id: 'U001', name: 'Alice Martin', email: ALICE, customer: { id: 'C001' } })
    const created = await t.call('/requests', { token: tokens.access_token, json: validBody(t.today()) })
    expect(created.status).toBe(201)
  })

  it('gives Bruno his own customer’s requests, and Marc a read-only token that may not create', async () => {
    start()
    const bruno = await exchangeCode(t, await signInFlow(t, { username: BRUNO }))
    const list = (await (await t.call('/requests?limit=100', { token: bruno.access_token })).json()) as { customer: { id: string } }[]
    expect(new Set(list.map((r) => r.customer.id))).toEqual(new Set(['C002']))

    const signedIn = await signInFlow(t, { username: MARC })
    // Marc may not grant b2b:ordering: the granted scope is a subset, and says so.
    expect(signedIn.callback.searchParams.get('scope')).toBe(`openid offline_access ${SCOPE.readonly}`)
    const marc = await exchangeCode(t, signedIn)
    expect(marc.scope).toBe(`openid offline_access ${SCOPE.readonly}`)
    expect((await t.call('/requests', { token: marc.access_token })).status).toBe(200)
    await expectApiError(
      await t.call('/requests', { token: marc.access_token, json: validBody(t.today()) }),
      403,
      ERROR_CODE.insufficientScope,
      'application/json;charset=utf-8',
    )
  })

  it('answers no refresh token without offline_access, and no ID token without openid', async () => {
    start()
    const withoutOffline = await exchangeCode(t, await signInFlow(t, { scope: `openid ${SCOPE.full}` }))
    expect(withoutOffline.refresh_token).toBeUndefined()
    expect(withoutOffline.id_token).toBeDefined()
    const withoutOpenid = await exchangeCode(t, await signInFlow(t, { scope: SCOPE.full, params: { nonce: undefined } }))
    expect(withoutOpenid.id_token).toBeUndefined()
    expect(withoutOpenid.scope).toBe(SCOPE.full)
  })

  it('states the first acr_values level asked, and issues for the es country with its issuer', async () => {
    start()
    const signedIn = await signInFlow(t, { country: 'es', params: { acr_values: '3 2' } })
    const tokens = await exchangeCode(t, signedIn, { country: 'es' })
    const { payload } = await verify(tokens.id_token!, 'http://localhost:8080/sandbox/openidconnect/es')
    expect(payload.acr).toBe('3')
    // A code of the es server is not one of the fr server.
    const again = await signInFlow(t, { country: 'es', browser: signedIn.browser })
    const response = await oidcTokenRequest(t, { grant_type: 'authorization_code', code: again.code!, redirect_uri: CALLBACK, code_verifier: again.verifier })
    expect((await expectOAuthError(response, 400, 'invalid_grant')).error_description).toContain('es')
  })
})

describe('the pages', () => {
  it('speak French when ui_locales asks for it first among en and fr, and escape what the request carries', async () => {
    start()
    const browser = testBrowser(t)
    const hint = '"><script>alert(1)</script>'
    const response = await browser.get(
      authorizeUrl('fr', {
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: CALLBACK,
        scope: 'openid',
        state: 's',
        ui_locales: 'de-DE fr-CA en',
        login_hint: hint,
        display: 'popup',
      }),
    )
    const html = await response.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<body class="display-popup">')
    expect(html).toContain('<label for="username">Adresse e-mail</label>')
    expect(html).not.toContain('<script>')
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    // The hint prefills the e-mail address, so the password field has the focus.
    expect(html).toMatch(/id="password"[^>]*autofocus/)
  })

  it('show the login page again with an error tied to the fields after a wrong password, then accept the right one', async () => {
    start()
    const browser = testBrowser(t)
    const page = await (
      await browser.get(
        authorizeUrl('fr', {
          response_type: 'code',
          client_id: SANDBOX_CLIENT_ID,
          redirect_uri: CALLBACK,
          scope: ALL_SCOPES,
          state: 's1',
        }),
      )
    ).text()
    const form = formOf(page)
    const wrong = await browser.post(form.action, { ...form.hidden, username: ALICE, password: 'wrong' })
    expect(wrong.status).toBe(400)
    const html = await wrong.text()
    expect(html).toContain('<p id="login-error" class="error" role="alert">The e-mail address or password is incorrect.')
    expect(html).toMatch(/<input id="username"[^>]*value="alice@acme\.example" aria-describedby="login-error" aria-invalid="true"/)
    expect(html).toMatch(/<input id="password"[^>]*aria-describedby="login-error" aria-invalid="true"/)
    expect(browser.jar.get('sandbox_sso')).toBeUndefined()
    const retry = formOf(html)
    expect((await browser.post(retry.action, { ...retry.hidden, username: ALICE, password: 'sandbox' })).status).toBe(303)
  })

  it('refuse a form posted without the browser cookie, with a wrong token, or a second time (CSRF, single use)', async () => {
    start()
    const browser = testBrowser(t)
    const form = formOf(
      await (
        await browser.get(
          authorizeUrl('fr', {
            response_type: 'code',
            client_id: SANDBOX_CLIENT_ID,
            redirect_uri: CALLBACK,
            scope: 'openid',
            state: 's',
          }),
        )
      ).text(),
    )
    const credentials = { username: ALICE, password: 'sandbox' }
    const stranger = testBrowser(t)
    const forged = await stranger.post(form.action, { ...form.hidden, ...credentials })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('This sign-in page has expired')
    expect((await browser.post(form.action, { ...form.hidden, csrf: 'guessed', ...credentials })).status).toBe(400)
    expect((await browser.post(form.action, { ...form.hidden, ...credentials })).status).toBe(303)
    const consent = formOf(await (await browser.get(`${OIDC}/fr/v1/consent?request=${form.hidden.request}`)).text())
    expect((await browser.post(consent.action, { ...consent.hidden, decision: 'allow' })).status).toBe(302)
    expect((await browser.post(consent.action, { ...consent.hidden, decision: 'allow' })).status).toBe(400)
  })

  it('answer an HTML error page, never a redirect, for an unknown client or an unregistered redirect_uri', async () => {
    start()
    const cases = [
      { client_id: 'nobody', redirect_uri: CALLBACK },
      { redirect_uri: CALLBACK },
      { client_id: SANDBOX_CLIENT_ID, redirect_uri: 'https://evil.example/callback' },
      { client_id: SANDBOX_CLIENT_ID },
    ]
    for (const params of cases) {
      const response = await t.fetch(authorizeUrl('fr', { response_type: 'code', scope: 'openid', state: 's', ...params }))
      expect(response.status).toBe(400)
      expect(response.headers.get('Location')).toBeNull()
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html).toContain('<h1>Sign-in cannot continue</h1>')
      expect(html).not.toContain('evil.example')
    }
    const french = await t.fetch(authorizeUrl('fr', { client_id: 'nobody', ui_locales: 'fr' }))
    expect(await french.text()).toContain('<html lang="fr">')
  })
})

describe('the authorize errors', () => {
  const base = (state = 'st') => ({ response_type: 'code', client_id: SANDBOX_CLIENT_ID, redirect_uri: CALLBACK, scope: ALL_SCOPES, state })
  const authorize = async (params: Record<string, string | undefined>) => {
    const response = await t.fetch(authorizeUrl('fr', params))
    expect(response.status).toBe(302)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    return new URL(response.headers.get('Location')!)
  }

  it('access_denied when the person cancels the consent form', async () => {
    start()
    const signedIn = await signInFlow(t, { decision: 'cancel' })
    expect(signedIn.pages).toEqual(['login', 'consent'])
    expectCallbackError(signedIn, 'access_denied')
  })

  it('login_required and consent_required for prompt=none', async () => {
    start()
    const noSession = await signInFlow(t, { params: { prompt: 'none' } })
    expectCallbackError(noSession, 'login_required')
    const signedIn = await signInFlow(t)
    registerApplication(t, OTHER_CLIENT)
    const otherClient = await signInFlow(t, { clientId: OTHER_CLIENT.clientId, params: { prompt: 'none' }, browser: signedIn.browser })
    expectCallbackError(otherClient, 'consent_required')
  })

  it('invalid_scope for an unknown scope', async () => {
    start()
    const location = await authorize({ ...base(), scope: 'openid b2b:billing' })
    expect(location.searchParams.get('error')).toBe('invalid_scope')
    expect(location.searchParams.get('error_description')).toContain('b2b:billing')
    expect(location.searchParams.get('state')).toBe('st')
  })

  it('unsupported_response_type for anything but code', async () => {
    start()
    expect((await authorize({ ...base(), response_type: 'token' })).searchParams.get('error')).toBe('unsupported_response_type')
  })

  it('invalid_request for a missing or wrong parameter', async () => {
    start()
    const cases: [Record<string, string | undefined>, string][] = [
      [{ response_type: undefined }, 'response_type'],
      [{ scope: undefined }, 'scope'],
      [{ prompt: 'sometimes' }, 'prompt'],
      [{ prompt: 'none login' }, 'prompt'],
      [{ display: 'tv' }, 'display'],
      [{ acr_values: 'high' }, 'acr_values'],
      [{ code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'plain' }, 'S256'],
      [{ code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }, 'S256'],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'code_challenge'],
      [{ code_challenge_method: 'S256' }, 'code_challenge'],
    ]
    for (const [params, mentions] of cases) {
      const location = await authorize({ ...base(), ...params })
      expect(location.searchParams.get('error'), JSON.stringify(params)).toBe('invalid_request')
      expect(location.searchParams.get('error_description')).toContain(mentions)
      expect(location.searchParams.get('state')).toBe('st')
    }
    const noState = await authorize({ ...base(), state: undefined })
    expect(noState.searchParams.get('error')).toBe('invalid_request')
    expect(noState.searchParams.has('state')).toBe(false)
    const repeated = await t.fetch(`${authorizeUrl('fr', base())}&scope=openid`)
    expect(new URL(repeated.headers.get('Location')!).searchParams.get('error_description')).toBe('scope may appear only once.')
  })

  it('server_error and temporarily_unavailable through the controls', async () => {
    start()
    await t.control('oidc/next-error', { endpoint: 'authorize', error: 'server_error' })
    expect((await authorize(base())).searchParams.get('error')).toBe('server_error')
    // Only once.
    expect((await t.fetch(authorizeUrl('fr', base()))).status).toBe(200)
    await t.control('oidc/next-error', { endpoint: 'authorize', error: 'temporarily_unavailable' })
    expect((await authorize(base())).searchParams.get('error')).toBe('temporarily_unavailable')
    await t.control('maintenance', { enabled: true })
    expect((await authorize(base())).searchParams.get('error')).toBe('temporarily_unavailable')
    const refused = await t.fetch('/sandbox/control/oidc/next-error', { json: { endpoint: 'authorize', error: 'invalid_client' } })
    expect(refused.status).toBe(400)
  })
})

describe('the login session and remembered consent', () => {
  it('sign in again without a page, until prompt=login or prompt=consent asks for one', async () => {
    start()
    const first = await signInFlow(t)
    expect(first.pages).toEqual(['login', 'consent'])
    const browser = first.browser
    const silent = await signInFlow(t, { browser, params: { prompt: 'none' } })
    expect(silent.code).toBeTruthy()
    expect(silent.pages).toEqual([])
    expect((await signInFlow(t, { browser })).pages).toEqual([])
    expect((await signInFlow(t, { browser, params: { prompt: 'login' } })).pages).toEqual(['login'])
    expect((await signInFlow(t, { browser, params: { prompt: 'consent' } })).pages).toEqual(['consent'])
    expect((await signInFlow(t, { browser, params: { prompt: 'login consent' } })).pages).toEqual(['login', 'consent'])
    // More scopes than consented: the consent page again.
    const narrow = await signInFlow(t, { username: BRUNO, scope: 'openid' })
    expect(narrow.pages).toEqual(['login', 'consent'])
    expect((await signInFlow(t, { browser: narrow.browser, scope: 'openid' })).pages).toEqual([])
    expect((await signInFlow(t, { browser: narrow.browser, scope: ALL_SCOPES })).pages).toEqual(['consent'])
    // A login_hint naming somebody else asks for their login.
    expect((await signInFlow(t, { browser, params: { login_hint: MARC, prompt: 'none' } })).callback.searchParams.get('error')).toBe('login_required')
    expect((await signInFlow(t, { browser, params: { login_hint: ALICE, prompt: 'none' } })).code).toBeTruthy()
  })

  it('keeps the auth_time of the sign-in in ID tokens issued later without a page', async () => {
    start()
    const first = await signInFlow(t)
    const signInTime = Math.floor(t.clock.now() / 1000)
    t.clock.advance(120_000)
    const tokens = await exchangeCode(t, await signInFlow(t, { browser: first.browser, params: { prompt: 'none' } }))
    const { payload } = await verify(tokens.id_token!)
    expect(payload.auth_time).toBe(signInTime)
    expect(payload.iat).toBe(signInTime + 120)
  })
})

describe('the token endpoint', () => {
  it('takes a code once: a second use is invalid_grant and revokes nothing', async () => {
    start()
    const signedIn = await signInFlow(t)
    const tokens = await exchangeCode(t, signedIn)
    const again = await oidcTokenRequest(t, {
      grant_type: 'authorization_code',
      code: signedIn.code!,
      redirect_uri: CALLBACK,
      code_verifier: signedIn.verifier,
    })
    expect((await expectOAuthError(again, 400, 'invalid_grant')).error_description).toBe('The code was used already.')
    expect((await t.call('/me', { token: tokens.access_token })).status).toBe(200)
  })

  it('refuses a code after 10 minutes, with another redirect_uri, or with a wrong, missing or unasked-for verifier', async () => {
    start()
    const late = await signInFlow(t)
    t.clock.advance(10 * 60_000)
    const expired = await oidcTokenRequest(t, { grant_type: 'authorization_code', code: late.code!, redirect_uri: CALLBACK, code_verifier: late.verifier })
    expect((await expectOAuthError(expired, 400, 'invalid_grant')).error_description).toContain('expired')

    const cases: [Record<string, string | undefined>, Record<string, string | undefined>, string][] = [
      [{}, { redirect_uri: 'http://localhost:5173/auth/callback' }, 'redirect_uri'],
      [{}, { code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' }, 'does not match'],
      [{}, { code_verifier: undefined }, 'code_verifier is required'],
      [{ code_challenge: undefined, code_challenge_method: undefined }, {}, 'no code_challenge'],
    ]
    for (const [params, form, mentions] of cases) {
      const signedIn = await signInFlow(t, { browser: late.browser, params })
      const fields = { grant_type: 'authorization_code', code: signedIn.code!, redirect_uri: CALLBACK, code_verifier: signedIn.verifier, ...form }
      const response = await oidcTokenRequest(t, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>)
      expect((await expectOAuthError(response, 400, 'invalid_grant')).error_description).toContain(mentions)
    }
    const missing = await oidcTokenRequest(t, { grant_type: 'authorization_code', code: 'x' })
    expect((await expectOAuthError(missing, 400, 'invalid_request')).error_description).toBe('redirect_uri is required.')
    const unknown = await oidcTokenRequest(t, { grant_type: 'authorization_code', code: 'x', redirect_uri: CALLBACK })
    await expectOAuthError(unknown, 400, 'invalid_grant')
  })

  it('rotates refresh tokens, keeps the grant, narrows the scope when asked, and ignores an invalid scope', async () => {
    start()
    const signedIn = await signInFlow(t)
    const first = await exchangeCode(t, signedIn)
    const authTime = decodeJwt(first.id_token!).auth_time
    t.clock.advance(60_000)

    const refreshed = await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token! })
    expect(refreshed.status).toBe(200)
    const second = ZTokenResponse.parse(await refreshed.json())
    expect(second.scope).toBe(ALL_SCOPES)
    expect(second.refresh_token).toBeDefined()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    const { payload } = await verify(second.id_token!)
    expect(payload.auth_time).toBe(authTime)
    expect(payload.nonce).toBeUndefined()
    expect(payload.iat).toBe(Math.floor(t.clock.now() / 1000))
    // The spent one is refused; the access token it came with still works until it expires.
    const reused = await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token! })
    await expectOAuthError(reused, 400, 'invalid_grant')
    expect((await t.call('/me', { token: first.access_token })).status).toBe(200)

    const narrowed = ZTokenResponse.parse(
      await (
        await oidcTokenRequest(t, {
          grant_type: 'refresh_token',
          refresh_token: second.refresh_token!,
          scope: SCOPE.readonly,
        })
      ).json(),
    )
    expect(narrowed.scope).toBe(SCOPE.readonly)
    expect(narrowed.id_token).toBeUndefined()
    await expectApiError(
      await t.call('/requests', { token: narrowed.access_token, json: validBody(t.today()) }),
      403,
      ERROR_CODE.insufficientScope,
      'application/json;charset=utf-8',
    )
    // The refresh token keeps the whole grant; an invalid scope yields it.
    const widened = ZTokenResponse.parse(
      await (
        await oidcTokenRequest(t, {
          grant_type: 'refresh_token',
          refresh_token: narrowed.refresh_token!,
          scope: `${SCOPE.full} b2b:billing`,
        })
      ).json(),
    )
    expect(widened.scope).toBe(ALL_SCOPES)

    const otherClient = await oidcTokenRequest(
      t,
      { grant_type: 'refresh_token', refresh_token: widened.refresh_token! },
      {
        basic: basicHeader(OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret),
      },
    )
    await expectOAuthError(otherClient, 401, 'invalid_client')
    registerApplication(t, OTHER_CLIENT)
    const issuedToAnother = await oidcTokenRequest(
      t,
      { grant_type: 'refresh_token', refresh_token: widened.refresh_token! },
      {
        basic: basicHeader(OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret),
      },
    )
    await expectOAuthError(issuedToAnother, 400, 'invalid_grant')
    await expectOAuthError(await oidcTokenRequest(t, { grant_type: 'refresh_token' }), 400, 'invalid_request')
  })

  it('answers invalid_client with WWW-Authenticate, and the request errors of reference 2', async () => {
    start()
    const wrong = await oidcTokenRequest(
      t,
      { grant_type: 'authorization_code', code: 'x', redirect_uri: CALLBACK },
      { basic: basicHeader(SANDBOX_CLIENT_ID, 'wrong-secret') },
    )
    await expectOAuthError(wrong, 401, 'invalid_client')
    expect(wrong.headers.get('WWW-Authenticate')).toBe('Basic realm="sandbox"')
    const none = await oidcTokenRequest(t, { grant_type: 'authorization_code' }, { basic: null })
    await expectOAuthError(none, 401, 'invalid_client')
    expect(none.headers.get('WWW-Authenticate')).toBe('Basic realm="sandbox"')

    await expectOAuthError(await oidcTokenRequest(t, {}), 400, 'invalid_request')
    await expectOAuthError(await oidcTokenRequest(t, { grant_type: 'client_credentials' }), 400, 'invalid_grant')
    await expectOAuthError(
      await t.fetch(`${OIDC}/fr/v1/token`, { headers: { Authorization: basicHeader(SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET) } }),
      400,
      'invalid_request',
    )
    await t.control('subscription', { clientId: SANDBOX_CLIENT_ID, subscribed: false })
    await expectOAuthError(await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'x' }), 400, 'unauthorized_client')
  })
})

describe('userinfo', () => {
  it('answers who the access token is about, and 401 with WWW-Authenticate otherwise', async () => {
    start()
    const tokens = await exchangeCode(t, await signInFlow(t, { username: BRUNO }))
    const response = await t.fetch(`${OIDC}/v1/userinfo`, { token: tokens.access_token })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      sub: 'U003',
      name: 'Bruno García',
      email: BRUNO,
      customer_id: 'C002',
      customer_name: 'Blue Harbor Logistics',
    })

    const missing = await t.fetch(`${OIDC}/v1/userinfo`)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('WWW-Authenticate')).toBe('Bearer realm="sandbox"')
    const application = await t.fetch(`${OIDC}/v1/userinfo`, { token: await t.clientCredentialsToken() })
    expect(application.status).toBe(401)
    expect(application.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="sandbox", error="invalid_token"/)
    const noOpenid = await exchangeCode(t, await signInFlow(t, { scope: SCOPE.full }))
    expect((await t.fetch(`${OIDC}/v1/userinfo`, { token: noOpenid.access_token })).status).toBe(403)
    t.clock.advance(3600_000)
    expect((await t.fetch(`${OIDC}/v1/userinfo`, { token: tokens.access_token })).status).toBe(401)
  })
})

describe('the controls', () => {
  it('shorten token lifetimes, and {} restores an hour and a year', async () => {
    start()
    expect(await t.control('oidc/lifetimes', { accessTokenSeconds: 5, refreshTokenSeconds: 10 })).toEqual({ accessTokenSeconds: 5, refreshTokenSeconds: 10 })
    const signedIn = await signInFlow(t)
    const tokens = await exchangeCode(t, signedIn)
    expect(tokens.expires_in).toBe(5)
    const { payload } = await verify(tokens.id_token!)
    expect(payload.exp! - payload.iat!).toBe(5)
    t.clock.advance(5000)
    await expectApiError(await t.call('/requests', { token: tokens.access_token }), 401, ERROR_CODE.expiredCredentials)
    const refreshed = ZTokenResponse.parse(await (await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })).json())
    expect(refreshed.expires_in).toBe(5)
    t.clock.advance(10_000)
    const late = await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshed.refresh_token! })
    expect((await expectOAuthError(late, 400, 'invalid_grant')).error_description).toContain('expired')

    expect(await t.control('oidc/lifetimes', {})).toEqual({ accessTokenSeconds: 3600, refreshTokenSeconds: 31_536_000 })
    expect((await exchangeCode(t, await signInFlow(t, { browser: signedIn.browser }))).expires_in).toBe(3600)
  })

  it('make the next token call answer an error once', async () => {
    start()
    const signedIn = await signInFlow(t)
    await t.control('oidc/next-error', { endpoint: 'token', error: 'invalid_client' })
    const forced = await oidcTokenRequest(t, {
      grant_type: 'authorization_code',
      code: signedIn.code!,
      redirect_uri: CALLBACK,
      code_verifier: signedIn.verifier,
    })
    await expectOAuthError(forced, 401, 'invalid_client')
    expect(forced.headers.get('WWW-Authenticate')).toBe('Basic realm="sandbox"')
    // The forced answer did not spend the code.
    await exchangeCode(t, signedIn)
    await t.control('oidc/next-error', { endpoint: 'token', error: 'temporarily_unavailable' })
    await expectOAuthError(await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'x' }), 503, 'temporarily_unavailable')
  })

  it('revoke a consent: the person’s tokens answer 401 code 41, the refresh token is refused, and consent is asked again', async () => {
    start()
    const signedIn = await signInFlow(t)
    const tokens = await exchangeCode(t, signedIn)
    const bruno = await exchangeCode(t, await signInFlow(t, { username: BRUNO }))
    expect(await t.control('oidc/revoke-consent', { username: ALICE })).toEqual({ consents: 1, tokens: 2 })

    const response = await t.call('/requests', { token: tokens.access_token })
    const error = await expectApiError(response, 401, ERROR_CODE.invalidCredentials)
    expect(error.description).toBe('The user withdrew consent for this application. Sign in again.')
    const refresh = await oidcTokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })
    expect((await expectOAuthError(refresh, 400, 'invalid_grant')).error_description).toContain('withdrew consent')
    expect((await t.call('/requests', { token: bruno.access_token })).status).toBe(200)

    expectCallbackError(await signInFlow(t, { browser: signedIn.browser, params: { prompt: 'none' } }), 'consent_required')
    expect((await signInFlow(t, { browser: signedIn.browser })).pages).toEqual(['consent'])
    expect((await t.fetch('/sandbox/control/oidc/revoke-consent', { json: { username: 'nobody@example.com' } })).status).toBe(404)
  })
})
