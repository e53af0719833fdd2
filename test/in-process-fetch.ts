import { Buffer } from 'node:buffer'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { vi } from 'vitest'
import { ZAuthConfig, ZBrowserTokenAnswer, type AuthConfig, type BrowserTokenAnswer } from '../contract/gateway-sign-in'
import { buildApp, type BuiltApp } from '../server/app'
import { loadConfig } from '../server/config'
import { CookieJar } from './cookie-jar'
import { submissionOf } from './html-form'

/** The sandbox control secret of the in-process server (docs/decisions/0009-sandbox-controls.md). */
const IN_PROCESS_CONTROL_SECRET = 'in-process-control-secret-0123456789'

export interface InProcessServer extends BuiltApp {
  /**
   * Signs `username` in the way a browser does (authorize, the sandbox's login and consent pages, token),
   * leaving the gateway's session cookie in this server's cookie jar, and returns what the SPA would store.
   */
  signIn(username: string, password?: string): Promise<{ config: AuthConfig; tokens: BrowserTokenAnswer }>
  /**
   * Takes an authorize address the SPA would send the browser to through the sandbox's login and consent
   * pages, and returns the /auth/callback address the browser would come back to.
   */
  authorize(authorizeUrl: string, person: { username: string; password?: string; decision?: 'allow' | 'cancel' }): Promise<string>
  /** Forgets the cookies (and any session) of the previous sign-in. */
  forgetSession(): void
}

/**
 * For SPA tests in jsdom: the real server (gateway and sandbox) built in-process, with the browser's
 * `fetch` routed to it. No hand-written response: what the SPA reads is what the sandbox answers. Like a
 * browser, the routed fetch keeps the server's cookies and sends `Origin` and `Sec-Fetch-Site` on unsafe
 * methods, so the gateway's session and CSRF rules apply.
 */
export function startInProcessServer(env: Record<string, string> = {}): InProcessServer {
  const origin = globalThis.location?.origin ?? 'http://localhost'
  const config = loadConfig({
    SANDBOX_DB_PATH: ':memory:',
    SESSION_DB_PATH: ':memory:',
    SERVE_SPA: 'off',
    SANDBOX_SEED_COUNT: '300',
    SANDBOX_REDIRECT_URIS: `${origin}/auth/callback`,
    ALLOWED_HOSTS: new URL(origin).host,
    SANDBOX_CONTROL_SECRET: IN_PROCESS_CONTROL_SECRET,
    ...env,
  })
  // Vitest's jsdom environment replaces the global Uint8Array with jsdom's, while Node's TextEncoder, crypto and
  // Buffer keep making Node's: jose (the gateway's cookies, the sandbox's ID tokens) then refuses its own keys.
  // The server runs in this realm, so it gets Node's Uint8Array back.
  vi.stubGlobal('Uint8Array', Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor)
  const built = buildApp(config)
  const jar = new CookieJar()

  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location?.href ?? origin)
    const request = new Request(url, init)
    const headers = new Headers(request.headers)
    // The tests' own control calls (not the SPA's: it never calls the controls) carry the secret, as the e2e fixtures do.
    if (url.pathname.startsWith('/sandbox/control/')) headers.set('X-Sandbox-Control-Secret', IN_PROCESS_CONTROL_SECRET)
    const cookie = jar.header(url)
    if (cookie) headers.set('Cookie', cookie)
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!headers.has('Origin')) headers.set('Origin', origin)
      headers.set('Sec-Fetch-Site', 'same-origin')
    }
    const response = await built.app.fetch(new Request(request, { headers }))
    jar.store(response.headers.getSetCookie())
    return response
  }
  vi.stubGlobal('fetch', send)

  return {
    ...built,
    authorize: (authorizeUrl, person) =>
      followAuthorize(send, authorizeUrl, { username: person.username, password: person.password ?? 'sandbox', decision: person.decision ?? 'allow' }),
    forgetSession() {
      jar.clear()
    },
    async signIn(username, password = 'sandbox') {
      const configResponse = await send('/auth/config')
      if (!configResponse.ok) throw new Error(`GET /auth/config answered ${configResponse.status}`)
      const authConfig = ZAuthConfig.parse(await configResponse.json())
      return { config: authConfig, tokens: await codeFlow(send, origin, authConfig, username, password) }
    },
  }
}

/** The authorization-code flow with PKCE through the gateway, as oidc-client-ts runs it in a browser. */
async function codeFlow(
  send: (input: string, init?: RequestInit) => Promise<Response>,
  origin: string,
  config: AuthConfig,
  username: string,
  password: string,
): Promise<BrowserTokenAnswer> {
  const verifier = randomBytes(32).toString('base64url')
  const redirectUri = `${origin}/auth/callback`
  const state = randomUUID()
  const authorizeUrl = `${origin}/auth/authorize?${new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: config.scope,
    state,
    nonce: randomUUID(),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ui_locales: 'en',
  })}`
  const callback = new URL(await followAuthorize(send, authorizeUrl, { username, password, decision: 'allow' }))
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`The sign-in of ${username} ended with ${callback.search}`)
  if (callback.searchParams.get('state') !== state) throw new Error('The sign-in came back with another state')
  return exchangeCode(send, config, code, redirectUri, verifier)
}

/**
 * Follows an authorize request (redirects, the sandbox's login and consent forms) as a browser would, until it
 * comes back to /auth/callback; returns that address, with its code or error.
 */
async function followAuthorize(
  send: (input: string, init?: RequestInit) => Promise<Response>,
  authorizeUrl: string,
  person: { username: string; password: string; decision: 'allow' | 'cancel' },
): Promise<string> {
  let url = authorizeUrl
  let response = await send(url)
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get('Location')
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url)
      if (next.pathname === '/auth/callback') return next.href
      url = next.href
      response = await send(url)
      continue
    }
    if (response.ok && response.headers.get('Content-Type')?.includes('text/html')) {
      const submission = submissionOf(await response.text(), url, person)
      url = submission.action
      response = await send(url, { method: 'POST', body: submission.body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
      continue
    }
    throw new Error(`The sign-in of ${person.username} stopped at ${url}: ${response.status} ${await response.text()}`)
  }
  throw new Error(`The sign-in of ${person.username} did not come back to /auth/callback`)
}

async function exchangeCode(
  send: (input: string, init?: RequestInit) => Promise<Response>,
  config: AuthConfig,
  code: string,
  redirectUri: string,
  verifier: string,
): Promise<BrowserTokenAnswer> {
  const response = await send('/auth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Requested-With': 'ordering-console', Accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: config.clientId }),
  })
  if (!response.ok) throw new Error(`POST /auth/token answered ${response.status}: ${await response.text()}`)
  return ZBrowserTokenAnswer.parse(await response.json())
}
