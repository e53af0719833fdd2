import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE } from '@contract/error'
import { ZSandboxMe as ZMe } from '@contract/misc'
import { decodeJwt } from 'jose'
import { formOf } from '../../../test/html-form'
import { ALICE, testBrowser, type TestBrowser } from '../../../test/sign-in'
import { DEMO_PASSWORD } from '../../sandbox/demo'
import { expectApiError, JSON_UTF8, startTestApp, type TestApp } from '../../../test/test-app'

/**
 * The whole sign-in in-process, through the gateway's token handler and the sandbox authorization server:
 * what the SPA (oidc-client-ts) and a person do, on the origin whose callback the sandbox registers.
 */
const ORIGIN = 'http://localhost:8080'
const FROM_SPA = { 'X-Requested-With': 'ordering-console', Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }

let t: TestApp
beforeAll(() => {
  t = process.env.TRY_ALT ? startTestApp({ SANDBOX_DIALECT: 'alternate', OPERATOR_PROFILE: 'server/sandbox/dialects/alternate.profile.json' }) : startTestApp()
})
afterAll(() => t.close())

/** A same-origin fetch of the SPA, with the browser's cookies; stores what the answer sets. */
async function spaCall(browser: TestBrowser, path: string, init: { form?: Record<string, string> } = {}) {
  const response = await t.fetch(`${ORIGIN}${path}`, {
    ...(init.form ? { body: new URLSearchParams(init.form).toString(), contentType: 'application/x-www-form-urlencoded' } : {}),
    headers: { ...FROM_SPA, Cookie: browser.jar.header() },
  })
  browser.jar.store(response)
  return response
}

/**
 * signinRedirect, the login and consent pages as Alice, and the callback's code exchange; in `browser` when given
 * (a sign-in after another). `passwordAsked` says whether the login form was shown.
 */
async function signInAsAlice(browser: TestBrowser = testBrowser(t)) {
  let passwordAsked = false
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(12).toString('base64url')
  const nonce = randomBytes(12).toString('base64url')
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: t.config.oidc.clientId,
    redirect_uri: `${ORIGIN}/auth/callback`,
    scope: t.config.oidc.scope,
    state,
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })
  let response = await browser.get(`${ORIGIN}/auth/authorize?${query}`)
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe(`/sandbox/openidconnect/fr/v1/authorize?${query}`)
  let callback: URL | undefined
  for (let step = 0; step < 8 && !callback; step++) {
    const location = response.headers.get('Location')
    if (location && new URL(location, ORIGIN).pathname === '/auth/callback') callback = new URL(location, ORIGIN)
    else if (location) response = await browser.get(location)
    else {
      const html = await response.text()
      expect(response.status, html).toBe(200)
      const form = formOf(html)
      if (html.includes('name="password"')) passwordAsked = true
      response = html.includes('name="password"')
        ? await browser.post(form.action, { ...form.hidden, username: ALICE, password: DEMO_PASSWORD })
        : await browser.post(form.action, { ...form.hidden, decision: 'allow' })
    }
  }
  expect(callback?.searchParams.get('state')).toBe(state)
  const code = callback!.searchParams.get('code')
  expect(code, String(callback)).toBeTruthy()
  const answer = await spaCall(browser, '/auth/token', {
    form: {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: `${ORIGIN}/auth/callback`,
      code_verifier: verifier,
      client_id: t.config.oidc.clientId,
    },
  })
  expect(answer.status, await answer.clone().text()).toBe(200)
  return { browser, nonce, passwordAsked, tokens: (await answer.json()) as Record<string, string | number> }
}

describe('sign-in through the sandbox authorization server', () => {
  it('signs Alice in: the browser gets the ID token and handles, the API sees her customer', async () => {
    const { browser, nonce, tokens } = await signInAsAlice()
    expect(tokens.access_token).toMatch(/^h\./)
    expect(tokens.refresh_token).toMatch(/^h\./)
    const claims = decodeJwt(String(tokens.id_token))
    expect(claims).toMatchObject({ nonce, iss: t.config.oidc.issuer, email: ALICE, customer_id: 'C001' })
    expect(browser.jar.get('oc_session')).toBeTruthy()
    expect(browser.jar.get('oc_auth')).toBeUndefined()

    const me = await spaCall(browser, '/api/ordering/v3/me')
    expect(me.status).toBe(200)
    expect(ZMe.parse(await me.json()).customer.id).toBe('C001')
    // The ID token's name, for a header whose /me names nobody (docs/decisions/0028-tolerant-reader.md).
    expect(await (await spaCall(browser, '/auth/session')).json()).toMatchObject({ sub: 'U001', name: 'Alice Martin' })
  })

  it('refreshes the expired access token behind an API call, then on the SPA’s refresh, and signs out', async () => {
    const { browser, tokens } = await signInAsAlice()
    const before = browser.jar.get('oc_session')
    t.clock.advance(3601_000)
    const me = await spaCall(browser, '/api/ordering/v3/me')
    expect(me.status).toBe(200)
    expect(browser.jar.get('oc_session')).not.toBe(before)

    const refreshed = await spaCall(browser, '/auth/token', { form: { grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) } })
    expect(refreshed.status, await refreshed.clone().text()).toBe(200)
    expect(await refreshed.json()).toMatchObject({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_in: 3600 })

    expect((await spaCall(browser, '/auth/logout', { form: {} })).status).toBe(204)
    expect(browser.jar.get('oc_session')).toBeUndefined()
    await expectApiError(await spaCall(browser, '/api/ordering/v3/me'), 401, ERROR_CODE.missingCredentials, JSON_UTF8)
  })

  it('ends the session on the server at sign-out: a copied cookie is refused everywhere, and cannot refresh', async () => {
    const { browser, tokens } = await signInAsAlice()
    const copy = testBrowser(t)
    copy.jar.store([`oc_session=${browser.jar.get('oc_session')!}; Path=/`])
    expect((await spaCall(copy, '/api/ordering/v3/me')).status).toBe(200)
    expect((await spaCall(browser, '/auth/logout', { form: {} })).status).toBe(204)
    expect(copy.jar.get('oc_session')).toBeTruthy()
    await expectApiError(await spaCall(copy, '/api/ordering/v3/me'), 401, ERROR_CODE.missingCredentials, JSON_UTF8)
    await expectApiError(await spaCall(copy, '/api/ordering/v3/requests?limit=1'), 401, ERROR_CODE.missingCredentials)
    expect(await (await spaCall(copy, '/auth/session')).json()).toEqual({ signedIn: false })
    const refresh = await spaCall(copy, '/auth/token', { form: { grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) } })
    expect(refresh.status).toBe(400)
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' })
    // Even after its access token expired, when the gateway would refresh behind an API call.
    t.clock.advance(3601_000)
    await expectApiError(await spaCall(copy, '/api/ordering/v3/me'), 401, ERROR_CODE.missingCredentials, JSON_UTF8)
  })

  it('asks for the password again on the sign-in after a sign-out, even without prompt=login', async () => {
    const first = await signInAsAlice()
    expect(first.passwordAsked).toBe(true)
    expect(first.browser.jar.get('sandbox_sso')).toBeTruthy()
    expect((await spaCall(first.browser, '/auth/logout', { form: {} })).status).toBe(204)
    expect(first.browser.jar.get('sandbox_sso')).toBeUndefined()
    const again = await signInAsAlice(first.browser)
    expect(again.passwordAsked).toBe(true)
  })

  it('keeps the authorization server’s sign-in session without a sign-out: no password asked twice', async () => {
    const first = await signInAsAlice()
    expect((await signInAsAlice(first.browser)).passwordAsked).toBe(false)
  })
})
