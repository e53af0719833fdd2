import { createHash, randomBytes } from 'node:crypto'
import { SCOPE } from '@contract/misc'
import { ZTokenResponse } from '@contract/oauth'
import { CookieJar } from './cookie-jar'
import { formOf } from './html-form'
import { basicHeader, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, type CallOptions, type TestApp } from './test-app'
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../server/sandbox/demo'

/**
 * Test helpers for the sandbox authorization server (docs/decisions/0011-sign-in.md): a browser on the in-process app (with the tests' one cookie jar, test/cookie-jar.ts), the
 * whole code flow and the token endpoint. Forms are read with test/html-form.ts.
 */

export const OIDC = '/sandbox/openidconnect'
/** The redirect URI registered by default (PORT 8080's /auth/callback, server/config.ts). */
export const CALLBACK = 'http://localhost:8080/auth/callback'
/** The demo people's e-mail addresses (server/sandbox/demo.ts). */
export const ALICE: string = DEMO_PEOPLE.alice.username
export const MARC: string = DEMO_PEOPLE.marc.username
export const BRUNO: string = DEMO_PEOPLE.bruno.username
export const ALL_SCOPES = `openid offline_access ${SCOPE.full} ${SCOPE.readonly}`

/** A browser on the in-process app: keeps cookies, never follows redirects. */
export interface TestBrowser {
  jar: CookieJar
  get(path: string): Promise<Response>
  post(path: string, form: Record<string, string>): Promise<Response>
}

export function testBrowser(testApp: Pick<TestApp, 'fetch'>, jar = new CookieJar()): TestBrowser {
  const send = async (path: string, options: CallOptions) => {
    const cookies = jar.header()
    const response = await testApp.fetch(path, { ...options, headers: { ...options.headers, ...(cookies ? { Cookie: cookies } : {}) } })
    jar.store(response)
    return response
  }
  return {
    jar,
    get: (path) => send(path, {}),
    post: (path, form) => send(path, { body: new URLSearchParams(form).toString(), contentType: 'application/x-www-form-urlencoded' }),
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export interface SignInOptions {
  username?: string
  password?: string
  scope?: string
  country?: 'fr' | 'es'
  clientId?: string
  redirectUri?: string
  /** Other authorize parameters (prompt, ui_locales…); `undefined` removes a default one (state, nonce, PKCE). */
  params?: Record<string, string | undefined>
  /** What to answer on the consent page, when there is one. */
  decision?: 'allow' | 'cancel'
  browser?: TestBrowser
}

export interface SignInResult {
  /** The callback the browser was sent to, with code, state and scope (or error, error_description, state). */
  callback: URL
  code: string | null
  state: string
  nonce: string
  verifier: string
  /** The pages shown on the way, in order. */
  pages: ('login' | 'consent')[]
  browser: TestBrowser
}

/** The authorize URL of the sandbox for the given parameters (`undefined` values left out). */
export function authorizeUrl(country: 'fr' | 'es', params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])))
  return `${OIDC}/${country}/v1/authorize?${query}`
}

/**
 * A person signs in the way a browser does: authorize (PKCE, state, nonce), the login form when shown, the
 * consent form when shown, until the redirect to the callback.
 */
export async function signInFlow(testApp: Pick<TestApp, 'fetch'>, options: SignInOptions = {}): Promise<SignInResult> {
  const browser = options.browser ?? testBrowser(testApp)
  const pkce = pkcePair()
  const state = randomBytes(12).toString('base64url')
  const nonce = randomBytes(12).toString('base64url')
  const params = {
    response_type: 'code',
    client_id: options.clientId ?? SANDBOX_CLIENT_ID,
    redirect_uri: options.redirectUri ?? CALLBACK,
    scope: options.scope ?? ALL_SCOPES,
    state,
    nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...options.params,
  }
  const pages: SignInResult['pages'] = []
  let response = await browser.get(authorizeUrl(options.country ?? 'fr', params))
  for (let step = 0; step < 6; step++) {
    const location = response.headers.get('Location')
    if (response.status === 302 && location) {
      const callback = new URL(location)
      return { callback, code: callback.searchParams.get('code'), state, nonce, verifier: pkce.verifier, pages, browser }
    }
    if (response.status === 303 && location) {
      response = await browser.get(location)
      continue
    }
    const html = await response.text()
    if (response.status !== 200) throw new Error(`The sign-in answered ${response.status}:\n${html}`)
    const form = formOf(html)
    if (html.includes('name="password"')) {
      pages.push('login')
      response = await browser.post(form.action, { ...form.hidden, username: options.username ?? ALICE, password: options.password ?? DEMO_PASSWORD })
    } else {
      pages.push('consent')
      response = await browser.post(form.action, { ...form.hidden, decision: options.decision ?? 'allow' })
    }
  }
  throw new Error('The sign-in did not end in a redirect to the callback.')
}

/** POST /sandbox/openidconnect/{cc}/v1/token with Basic credentials of the sandbox application unless told otherwise. */
export function oidcTokenRequest(
  testApp: Pick<TestApp, 'fetch'>,
  form: Record<string, string>,
  options: { country?: 'fr' | 'es'; basic?: string | null } = {},
): Promise<Response> {
  const basic = options.basic === undefined ? basicHeader(SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET) : options.basic
  return testApp.fetch(`${OIDC}/${options.country ?? 'fr'}/v1/token`, {
    body: new URLSearchParams(form).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers: { Accept: 'application/json', ...(basic ? { Authorization: basic } : {}) },
  })
}

/** Exchanges the code of a sign-in (with its PKCE verifier) for tokens; expects 200. */
export async function exchangeCode(testApp: Pick<TestApp, 'fetch'>, signedIn: SignInResult, options: { country?: 'fr' | 'es' } = {}) {
  if (!signedIn.code) throw new Error(`No code in ${signedIn.callback}`)
  const response = await oidcTokenRequest(
    testApp,
    {
      grant_type: 'authorization_code',
      code: signedIn.code,
      redirect_uri: CALLBACK,
      code_verifier: signedIn.verifier,
    },
    options,
  )
  if (response.status !== 200) throw new Error(`The code exchange answered ${response.status}: ${await response.text()}`)
  return ZTokenResponse.parse(await response.json())
}

/** Registers another application (redirect URIs are the sandbox's), for consent per client. */
export function registerApplication(testApp: Pick<TestApp, 'sandbox'>, app: { clientId: string; clientSecret: string; name: string }): void {
  testApp.sandbox.db
    .prepare(`INSERT INTO applications (client_id, client_secret, api_key, name, customer_id, scopes, subscribed) VALUES (?, ?, ?, ?, 'C001', ?, 1)`)
    .run(app.clientId, app.clientSecret, `${app.clientId}-api-key`, app.name, ALL_SCOPES)
}
