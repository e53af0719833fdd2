import { decodeProtectedHeader, jwtVerify } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ZDiscoveryError, ZDiscoveryResponse, ZMobileIdTokenClaims } from '@contract/mobile-connect'
import { ZOAuthErrorBody } from '@contract/error'
import { ZTokenResponse } from '@contract/oauth'
import { basicHeader, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, startTestApp, type TestApp } from '../../../test/test-app'
import { formOf } from '../../../test/html-form'
import { testBrowser } from '../../../test/sign-in'
import {
  answerOperator,
  ATLANTIC,
  BASIC,
  callbackOf,
  discover,
  MESETA,
  MOBILE_CALLBACK_URL,
  NUMBERS,
  operatorAuthorize,
  operatorPath,
  operatorToken,
  REDIRECT_URL,
  type Answer,
  type TestOperator,
} from '../../../test/mobile-sign-in'
import { NETWORK_MSISDN_HEADER } from './mobile-operator'
import { decryptMsisdn, encryptMsisdn } from './operators'

let testApp: TestApp
beforeEach(() => {
  testApp = startTestApp()
})
afterEach(() => testApp.close())

async function expectDiscoveryError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status)
  const body = ZDiscoveryError.parse(await response.json())
  expect(body.error).toBe(error)
  expect(body.description.length).toBeGreaterThan(5)
  return body
}

/** Step 1 and the operator-selection page: the page's address and its first form. */
async function openSelection(browser = testBrowser(testApp), language?: string) {
  const step1 = await discover(testApp, { Redirect_URL: REDIRECT_URL })
  expect(step1.status).toBe(302)
  const location = new URL(step1.headers.get('Location')!)
  expect(location.pathname).toBe('/sandbox/v2/discovery/operator-selection')
  const page = language ? await testApp.fetch(location.toString(), { language }) : await browser.get(location.toString())
  return { location, page, html: await page.text() }
}

describe('discovery (reference 3)', () => {
  it('answers 401 Unauthorized_Access without Basic credentials or with wrong ones, on GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      await expectDiscoveryError(await discover(testApp, { Redirect_URL: REDIRECT_URL }, { method, basic: null }), 401, 'Unauthorized_Access')
      await expectDiscoveryError(
        await discover(testApp, { Redirect_URL: REDIRECT_URL }, { method, basic: basicHeader(SANDBOX_CLIENT_ID, 'wrong-secret-0123456789') }),
        401,
        'Unauthorized_Access',
      )
    }
  })

  it('answers 400 Invalid_Request without Redirect_URL, with a bad or foreign one, or half a selection', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const missing = await expectDiscoveryError(await discover(testApp, {}, { method }), 400, 'Invalid_Request')
      expect(missing.description).toMatch(/Redirect_URL is required/)
    }
    await expectDiscoveryError(await discover(testApp, { Redirect_URL: 'not a url' }), 400, 'Invalid_Request')
    await expectDiscoveryError(await discover(testApp, { Redirect_URL: 'https://evil.example/cb' }), 400, 'Invalid_Request')
    await expectDiscoveryError(await discover(testApp, { Redirect_URL: REDIRECT_URL, 'Selected-MCC': '208' }), 400, 'Invalid_Request')
    await expectDiscoveryError(await discover(testApp, { Redirect_URL: REDIRECT_URL, 'Selected-MCC': '999', 'Selected-MNC': '99' }), 400, 'Invalid_Request')
  })

  it('step 1 redirects to an operator-selection page with a unique session_id, by GET or POST', async () => {
    const first = await discover(testApp, { Redirect_URL: REDIRECT_URL })
    const second = await discover(testApp, { Redirect_URL: REDIRECT_URL }, { method: 'POST' })
    const ids = [first, second].map((response) => {
      expect(response.status).toBe(302)
      return new URL(response.headers.get('Location')!).searchParams.get('session_id')
    })
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(ids[0]).not.toBe(ids[1])
    const { html } = await openSelection()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<label for="msisdn">Mobile number</label>')
    expect(html).toContain('<h1>Find your mobile operator</h1>')
  })

  it('shows an error page for an unknown session_id, in French when the browser asks', async () => {
    const english = await testApp.fetch('/sandbox/v2/discovery/operator-selection?session_id=nope')
    expect(english.status).toBe(400)
    expect(await english.text()).toContain('session_id')
    const french = await testApp.fetch('/sandbox/v2/discovery/operator-selection?session_id=nope', { language: 'fr-FR,fr;q=0.9' })
    const html = await french.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('Le choix de l’opérateur ne peut pas continuer')
  })

  it('sends a resolvable number back to Redirect_URL with mcc_mnc and the number encrypted with the sandbox key, once', async () => {
    const browser = testBrowser(testApp)
    const { html } = await openSelection(browser)
    const form = formOf(html)
    const answer = await browser.post(form.action, { ...form.hidden, msisdn: '+33 6 12 34 56 02' })
    expect(answer.status).toBe(302)
    const back = new URL(answer.headers.get('Location')!)
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL)
    expect(back.searchParams.get('mcc_mnc')).toBe('208_90')
    const subscriberId = back.searchParams.get('subscriber_id')!
    expect(subscriberId).not.toContain('612345602')
    expect(decryptMsisdn(subscriberId)).toBe(NUMBERS.frOk)
    // The session is spent.
    expect((await browser.post(form.action, { ...form.hidden, msisdn: NUMBERS.frOk })).status).toBe(400)
  })

  it('asks to correct a malformed number, and offers country and operator for an unknown one', async () => {
    const browser = testBrowser(testApp)
    const { html } = await openSelection(browser)
    const form = formOf(html)
    const malformed = await browser.post(form.action, { ...form.hidden, msisdn: '06 12' })
    expect(malformed.status).toBe(400)
    const malformedHtml = await malformed.text()
    expect(malformedHtml).toContain('international format')
    expect(malformedHtml).toContain('value="06 12"')
    expect(malformedHtml).toContain('aria-invalid="true"')

    const unknown = await browser.post(form.action, { ...form.hidden, msisdn: NUMBERS.unknown })
    const unknownHtml = await unknown.text()
    expect(unknownHtml).toContain(`We could not find the operator of ${NUMBERS.unknown}`)
    expect(unknownHtml).toContain('<legend>Your country and operator</legend>')
    const noChoice = await browser.post(form.action, { ...form.hidden, operator: '' })
    expect(await noChoice.text()).toContain('Choose your operator in the list.')
    const picked = await browser.post(form.action, { ...form.hidden, operator: '214_90' })
    const back = new URL(picked.headers.get('Location')!)
    expect(back.searchParams.get('mcc_mnc')).toBe('214_90')
    expect(back.searchParams.has('subscriber_id')).toBe(false)
  })

  it('step 2 answers ttl, the credentials, the serving operator and its endpoints, by GET or POST', async () => {
    for (const [method, operator] of [
      ['GET', ATLANTIC],
      ['POST', MESETA],
    ] as const) {
      const [mcc, mnc] = operator.mccMnc.split('_')
      const response = await discover(testApp, { Redirect_URL: REDIRECT_URL, 'Selected-MCC': mcc!, 'Selected-MNC': mnc! }, { method })
      expect(response.status).toBe(200)
      const body = ZDiscoveryResponse.parse(await response.json())
      expect(body.ttl).toBe(3600)
      expect(body.response).toMatchObject({ client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET, currency: 'EUR' })
      expect(body.response.serving_operator).toBe(operator === ATLANTIC ? 'Atlantic Mobile' : 'Meseta Móvil')
      expect(body.response.country).toBe(operator === ATLANTIC ? 'France' : 'Spain')
      const links = Object.fromEntries(body.response.apis!.operatorid.link.map((link) => [link.rel, link.href]))
      expect(links).toEqual({
        authorization: `http://localhost:8080${operatorPath(operator, 'authorize')}`,
        token: `http://localhost:8080${operatorPath(operator, 'token')}`,
        userinfo: `http://localhost:8080${operatorPath(operator, 'userinfo')}`,
        scope: 'openid mc_authn',
      })
    }
  })

  it('in production, withholds credentials and endpoints of countries without an agreement', async () => {
    await testApp.control('discovery', { production: true, agreements: ['fr'] })
    const france = ZDiscoveryResponse.parse(await (await discover(testApp, { Redirect_URL: REDIRECT_URL, 'Selected-MCC': '208', 'Selected-MNC': '90' })).json())
    expect(france.response.apis).toBeDefined()
    const spain = ZDiscoveryResponse.parse(await (await discover(testApp, { Redirect_URL: REDIRECT_URL, 'Selected-MCC': '214', 'Selected-MNC': '90' })).json())
    expect(spain.response).toEqual({ serving_operator: 'Meseta Móvil', country: 'Spain', currency: 'EUR' })
  })
})

/** The whole authentication at `operator`: authorize, the person's answer, the callback. */
async function authenticate(operator: TestOperator, answer: Answer, options: Parameters<typeof operatorAuthorize>[1] = {}) {
  const browser = testBrowser(testApp)
  const request = operatorAuthorize(operator, options)
  const callback = callbackOf(await answerOperator(browser, await browser.get(request.url), answer))
  return { request, callback, browser }
}

async function expectAuthorizeError(url: string, error: string, description: RegExp, state: string | null) {
  const response = await testApp.fetch(url)
  const callback = callbackOf(response)
  expect(`${callback.origin}${callback.pathname}`).toBe(MOBILE_CALLBACK_URL)
  expect(callback.searchParams.get('error')).toBe(error)
  expect(callback.searchParams.get('error_description')).toMatch(description)
  expect(callback.searchParams.get('state')).toBe(state)
}

async function idTokenOf(operator: TestOperator, request: { verifier: string }, callback: URL) {
  const response = await operatorToken(testApp, operator, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: MOBILE_CALLBACK_URL,
    code_verifier: request.verifier,
  })
  expect(response.status).toBe(200)
  const tokens = ZTokenResponse.parse(await response.json())
  expect(decodeProtectedHeader(tokens.id_token!).alg).toBe('HS256')
  const { payload } = await jwtVerify(tokens.id_token!, new TextEncoder().encode(SANDBOX_CLIENT_SECRET), {
    issuer: `http://localhost:8080/sandbox/operators/${operator.key}/openidconnect/${operator.cc}`,
    audience: SANDBOX_CLIENT_ID,
    currentDate: new Date(testApp.clock.now()),
  })
  return { tokens, claims: ZMobileIdTokenClaims.parse(payload) }
}

describe('operator authorization (reference 3)', () => {
  it('shows a generic error page for an unknown client or an unregistered redirect_uri', async () => {
    const client = await testApp.fetch(operatorAuthorize(ATLANTIC, { params: { client_id: 'nobody' } }).url)
    expect(client.status).toBe(400)
    expect(await client.text()).toContain('client_id')
    const redirect = await testApp.fetch(operatorAuthorize(ATLANTIC, { params: { redirect_uri: 'http://localhost:8080/auth/callback' } }).url)
    expect(redirect.status).toBe(400)
    expect(await redirect.text()).toContain('redirect_uri')
    expect((await testApp.fetch('/sandbox/operators/atlantic/openidconnect/es/v1/authorize')).status).toBe(404)
  })

  it('refuses every malformed or unsupported request with error, error_description and state', async () => {
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      [{ response_type: 'token' }, 'unsupported_response_type', /use code/],
      [{ scope: 'profile' }, 'invalid_request', /openid/],
      [{ scope: 'openid phone' }, 'invalid_scope', /phone/],
      [{ login_hint: 'MSISDN:33612345601' }, 'invalid_request', /ENCR_MSISDN:/],
      [{ login_hint: 'ENCR_MSISDN:garbage' }, 'invalid_request', /encrypted by the discovery/],
      [{ login_hint: `ENCR_MSISDN:${encryptMsisdn(NUMBERS.esOk)}` }, 'invalid_request', /not a subscriber of Atlantic Mobile/],
      [{ acr_values: '1' }, 'invalid_request', /use 2 or 3/],
      [{ acr_values: '4' }, 'invalid_request', /use 2 or 3/],
      [{ id_token_hint: 'x' }, 'invalid_request', /id_token_hint is not supported/],
      [{ claims_locales: 'fr' }, 'invalid_request', /claims_locales is not supported/],
      [{ dtbs: 'data' }, 'invalid_request', /dtbs is not supported/],
      [{ prompt: 'none' }, 'login_required', /prompt=none/],
      [{ prompt: 'select_account' }, 'invalid_request', /prompt/],
      [{ max_age: 'soon' }, 'invalid_request', /max_age/],
      [{ code_challenge_method: 'plain' }, 'invalid_request', /S256/],
    ]
    for (const [params, error, description] of cases) {
      const request = operatorAuthorize(ATLANTIC, { params })
      await expectAuthorizeError(request.url, error, description, request.state)
    }
    await expectAuthorizeError(operatorAuthorize(ATLANTIC, { params: { state: undefined } }).url, 'invalid_request', /state is required/, null)
  })

  it('SMS OTP at level 2: the code shown on the phone, typed after a wrong one, gives acr 2 and amr SMS OTP', async () => {
    const { request, callback } = await authenticate(ATLANTIC, { otp: 'right', wrong: 1 }, { msisdn: NUMBERS.frSms })
    expect(callback.searchParams.get('state')).toBe(request.state)
    const { claims, tokens } = await idTokenOf(ATLANTIC, request, callback)
    expect(claims).toMatchObject({ acr: '2', amr: ['SMS OTP'], nonce: request.nonce, aud: [SANDBOX_CLIENT_ID] })
    const again = await authenticate(ATLANTIC, { otp: 'right' }, { msisdn: NUMBERS.frSms })
    expect((await idTokenOf(ATLANTIC, again.request, again.callback)).claims.sub).toBe(claims.sub)
    const userinfo = await testApp.fetch(operatorPath(ATLANTIC, 'userinfo'), { token: tokens.access_token })
    expect(await userinfo.json()).toEqual({ sub: claims.sub })
  })

  it('three wrong SMS codes end in access_denied, login failed, with the state', async () => {
    const { request, callback } = await authenticate(ATLANTIC, { otp: 'wrong' }, { msisdn: NUMBERS.frSms })
    expect(Object.fromEntries(callback.searchParams)).toEqual({ error: 'access_denied', error_description: 'login failed', state: request.state })
  })

  it('OK prompt at level 2: OK on the phone gives amr OK; Cancel on the phone gives access_denied', async () => {
    const ok = await authenticate(MESETA, { phone: 'ok' }, { msisdn: NUMBERS.esOk })
    expect((await idTokenOf(MESETA, ok.request, ok.callback)).claims).toMatchObject({ acr: '2', amr: ['OK'] })
    const cancelled = await authenticate(MESETA, { phone: 'cancel' }, { msisdn: NUMBERS.esOk })
    expect(cancelled.callback.searchParams.get('error')).toBe('access_denied')
    expect(cancelled.callback.searchParams.get('state')).toBe(cancelled.request.state)
  })

  it('waits for the phone: continuing before it answered says so', async () => {
    const browser = testBrowser(testApp)
    const page = await browser.get(operatorAuthorize(ATLANTIC, { msisdn: NUMBERS.frOk }).url)
    const form = formOf(await page.text())
    const early = await browser.post(form.action, { ...form.hidden, decision: 'continue' })
    expect(early.status).toBe(200)
    expect(await early.text()).toContain('Your phone has not answered yet')
  })

  it('SIM PIN at level 3: the right PIN gives acr 3 and amr SIM_PIN; a wrong one, access_denied login failed', async () => {
    const right = await authenticate(ATLANTIC, { pin: '1234' }, { msisdn: NUMBERS.frOk, acr: '3' })
    expect((await idTokenOf(ATLANTIC, right.request, right.callback)).claims).toMatchObject({ acr: '3', amr: ['SIM_PIN'] })
    const wrong = await authenticate(ATLANTIC, { pin: '9999' }, { msisdn: NUMBERS.frOk, acr: '3' })
    expect(Object.fromEntries(wrong.callback.searchParams)).toEqual({ error: 'access_denied', error_description: 'login failed', state: wrong.request.state })
  })

  it('Cancel on the operator page answers access_denied with the state', async () => {
    const { request, callback } = await authenticate(ATLANTIC, { cancel: true })
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('state')).toBe(request.state)
  })

  it('without login_hint, asks for the number, refusing another operator’s, in French from ui_locales', async () => {
    const browser = testBrowser(testApp)
    const request = operatorAuthorize(MESETA, { params: { login_hint: undefined, ui_locales: 'fr' } })
    const page = await browser.get(request.url)
    const html = await page.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<label for="msisdn">Numéro de mobile</label>')
    const form = formOf(html)
    const other = await browser.post(form.action, { ...form.hidden, decision: 'continue', msisdn: NUMBERS.frSms })
    expect(await other.text()).toContain('aria-invalid="true"')
    const next = await browser.post(form.action, { ...form.hidden, decision: 'continue', msisdn: NUMBERS.esSms })
    expect(await next.text()).toContain('Code reçu par SMS')
  })
})

describe('semi-implicit authorization, {mobile_authorize_url}/oidc/authorize (reference 2)', () => {
  const onNetwork = (msisdn: string, headers: Record<string, string> = {}) => ({ headers: { [NETWORK_MSISDN_HEADER]: msisdn, ...headers } })

  it('over plain HTTP the network names the subscriber: no number to type, the phone confirms, the operator’s token endpoint takes the code', async () => {
    const request = operatorAuthorize(ATLANTIC, { semiImplicit: true })
    expect(request.url).toMatch(/^\/sandbox\/operators\/atlantic\/oidc\/authorize\?.*charset=utf8/)
    const page = await testApp.fetch(request.url, onNetwork('+33 6 12 34 56 02'))
    const callback = callbackOf(await answerOperator(testBrowser(testApp), page, { phone: 'ok' }))
    expect(`${callback.origin}${callback.pathname}`).toBe(MOBILE_CALLBACK_URL)
    expect(callback.searchParams.get('state')).toBe(request.state)
    expect((await idTokenOf(ATLANTIC, request, callback)).claims).toMatchObject({ acr: '2', amr: ['OK'], nonce: request.nonce })

    const pin = operatorAuthorize(MESETA, { semiImplicit: true, acr: '3' })
    const pinCallback = callbackOf(await answerOperator(testBrowser(testApp), await testApp.fetch(pin.url, onNetwork(NUMBERS.esSms)), { pin: '1234' }))
    expect((await idTokenOf(MESETA, pin, pinCallback)).claims).toMatchObject({ acr: '3', amr: ['SIM_PIN'] })
  })

  it('without the network’s word (no header, HTTPS, another operator’s number) takes login_hint, or asks for the number', async () => {
    const asksNumber = [
      await testApp.fetch(operatorAuthorize(ATLANTIC, { semiImplicit: true }).url),
      await testApp.fetch(operatorAuthorize(ATLANTIC, { semiImplicit: true }).url, onNetwork(NUMBERS.frOk, { 'X-Forwarded-Proto': 'https' })),
      await testApp.fetch(operatorAuthorize(ATLANTIC, { semiImplicit: true }).url, onNetwork(NUMBERS.esOk)),
    ]
    for (const page of asksNumber) {
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<label for="msisdn">')
    }
    const hinted = operatorAuthorize(ATLANTIC, { semiImplicit: true, params: { login_hint: `ENCR_MSISDN:${encryptMsisdn(NUMBERS.frSms)}` } })
    const callback = callbackOf(await answerOperator(testBrowser(testApp), await testApp.fetch(hinted.url), { otp: 'right' }))
    expect((await idTokenOf(ATLANTIC, hinted, callback)).claims.amr).toEqual(['SMS OTP'])
  })

  it('lays the operator’s page out as display asks', async () => {
    const page = await testApp.fetch(operatorAuthorize(MESETA, { semiImplicit: true, params: { display: 'touch' } }).url, onNetwork(NUMBERS.esOk))
    expect(await page.text()).toContain('<body class="display-touch">')
  })

  it('refuses what the operator refuses, and a request without charset=utf8 or with an unknown display', async () => {
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      [{ charset: undefined }, 'invalid_request', /^charset must be utf8\.$/],
      [{ charset: 'utf-8' }, 'invalid_request', /^charset must be utf8\.$/],
      [{ display: 'tv' }, 'invalid_request', /display tv is unknown/],
      [{ response_type: 'token' }, 'unsupported_response_type', /use code/],
      [{ scope: 'profile' }, 'invalid_request', /openid/],
      [{ prompt: 'none' }, 'login_required', /prompt=none/],
      [{ acr_values: '1' }, 'invalid_request', /use 2 or 3/],
      [{ dtbs: 'data' }, 'invalid_request', /dtbs is not supported/],
      [{ login_hint: 'MSISDN:33612345601' }, 'invalid_request', /ENCR_MSISDN:/],
    ]
    for (const [params, error, description] of cases) {
      const request = operatorAuthorize(ATLANTIC, { semiImplicit: true, params })
      await expectAuthorizeError(request.url, error, description, request.state)
    }
    const client = await testApp.fetch(operatorAuthorize(ATLANTIC, { semiImplicit: true, params: { client_id: 'nobody' } }).url)
    expect(client.status).toBe(400)
    expect(await client.text()).toContain('client_id')
    expect((await testApp.fetch('/sandbox/operators/nobody/oidc/authorize')).status).toBe(404)
  })
})

describe('operator token endpoint', () => {
  async function freshCode() {
    const { request, callback } = await authenticate(MESETA, { phone: 'ok' }, { msisdn: NUMBERS.esOk })
    return { verifier: request.verifier, code: callback.searchParams.get('code')! }
  }
  const form = (code: string, verifier: string, extra: Record<string, string> = {}) => ({
    grant_type: 'authorization_code',
    code,
    redirect_uri: MOBILE_CALLBACK_URL,
    code_verifier: verifier,
    ...extra,
  })
  async function expectTokenError(response: Response, status: number, error: string) {
    expect(response.status).toBe(status)
    expect(ZOAuthErrorBody.parse(await response.json()).error).toBe(error)
  }

  it('takes the operator credentials as Basic only', async () => {
    const { code, verifier } = await freshCode()
    await expectTokenError(
      await operatorToken(testApp, MESETA, { ...form(code, verifier), client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET }, { basic: null }),
      401,
      'invalid_client',
    )
    await expectTokenError(
      await operatorToken(testApp, MESETA, form(code, verifier), { basic: basicHeader(SANDBOX_CLIENT_ID, 'not-the-secret-at-all') }),
      401,
      'invalid_client',
    )
  })

  it('refuses a reused code, another redirect_uri, a wrong verifier, another operator and other grants', async () => {
    const first = await freshCode()
    expect((await operatorToken(testApp, MESETA, form(first.code, first.verifier))).status).toBe(200)
    await expectTokenError(await operatorToken(testApp, MESETA, form(first.code, first.verifier)), 400, 'invalid_grant')
    const second = await freshCode()
    await expectTokenError(
      await operatorToken(testApp, MESETA, form(second.code, second.verifier, { redirect_uri: `${MOBILE_CALLBACK_URL}x` })),
      400,
      'invalid_grant',
    )
    const third = await freshCode()
    await expectTokenError(await operatorToken(testApp, MESETA, form(third.code, 'x'.repeat(43))), 400, 'invalid_grant')
    const fourth = await freshCode()
    await expectTokenError(await operatorToken(testApp, ATLANTIC, form(fourth.code, fourth.verifier)), 400, 'invalid_grant')
    await expectTokenError(await operatorToken(testApp, MESETA, { grant_type: 'refresh_token', refresh_token: 'x' }), 400, 'invalid_grant')
    await expectTokenError(await operatorToken(testApp, MESETA, { code: 'x' }), 400, 'invalid_request')
    expect(BASIC).toMatch(/^Basic /)
  })
})
