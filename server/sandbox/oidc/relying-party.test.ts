import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADER } from '@contract/common'
import { SCOPE } from '@contract/misc'
import { SANDBOX_API_KEY, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, startTestApp, type TestApp } from '../../../test/test-app'
import { CookieJar } from '../../../test/cookie-jar'
import { formOf } from '../../../test/html-form'
import { ALICE, ALL_SCOPES } from '../../../test/sign-in'
import { DEMO_PASSWORD } from '../demo'

/**
 * An independent relying party, openid-client (panva), runs the code flow with PKCE against the sandbox over
 * real HTTP: if the sandbox bent a rule that a certified client library checks, this fails.
 */
const REDIRECT_URI = 'http://127.0.0.1:9/rp/callback'
// The sandbox states the issuer of its configuration (SANDBOX_ISSUER_BASE, default localhost:PORT), whatever port it listens on here.
const ISSUER = 'http://localhost:8080/sandbox/openidconnect/fr'

let t: TestApp
let server: ServerType
let origin: string

beforeAll(async () => {
  t = startTestApp({ SANDBOX_SEED_COUNT: '60', SANDBOX_REDIRECT_URIS: REDIRECT_URI }, { start: Date.now() })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  t.close()
})

/** A person in a browser: follows the sandbox's pages, fills the forms, stops at the redirect to the client. */
async function browse(url: URL): Promise<URL> {
  const jar = new CookieJar()
  const send = async (target: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(target, origin), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { Cookie: jar.header(), ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    })
    jar.store(response)
    return response
  }
  let response = await send(url.toString())
  for (let step = 0; step < 5; step++) {
    const location = response.headers.get('Location')
    if (response.status === 302 && location) return new URL(location)
    if (response.status === 303 && location) {
      response = await send(location)
      continue
    }
    const html = await response.text()
    expect(response.status).toBe(200)
    const form = formOf(html)
    response = await send(
      form.action,
      html.includes('name="password"') ? { ...form.hidden, username: ALICE, password: DEMO_PASSWORD } : { ...form.hidden, decision: 'allow' },
    )
  }
  throw new Error('No redirect to the client.')
}

describe('openid-client as the relying party', () => {
  it('completes the code flow with PKCE, state and nonce, reads userinfo and refreshes', async () => {
    const config = new client.Configuration(
      {
        issuer: ISSUER,
        authorization_endpoint: `${origin}/sandbox/openidconnect/fr/v1/authorize`,
        token_endpoint: `${origin}/sandbox/openidconnect/fr/v1/token`,
        userinfo_endpoint: `${origin}/sandbox/openidconnect/v1/userinfo`,
        id_token_signing_alg_values_supported: ['HS256'],
      },
      SANDBOX_CLIENT_ID,
      { client_secret: SANDBOX_CLIENT_SECRET, id_token_signed_response_alg: 'HS256' },
      client.ClientSecretBasic(SANDBOX_CLIENT_SECRET),
    )
    // The in-process sandbox speaks plain HTTP; openid-client marks this deprecated only to make it stand out.
    // typecheck-allow-deprecated: plain HTTP to the in-process sandbox
    client.allowInsecureRequests(config)

    const pkceCodeVerifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const nonce = client.randomNonce()
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: ALL_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ui_locales: 'fr',
    })
    const callback = await browse(authorizationUrl)

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    expect(tokens.token_type.toLowerCase()).toBe('bearer')
    expect(tokens.scope).toBe(ALL_SCOPES)
    const claims = tokens.claims()!
    expect(claims).toMatchObject({ iss: ISSUER, sub: 'U001', aud: [SANDBOX_CLIENT_ID], nonce, name: 'Alice Martin', customer_id: 'C001', amr: ['pwd'] })

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
    expect(userinfo).toMatchObject({ sub: 'U001', email: ALICE, customer_name: 'Acme Industries' })

    const me = await fetch(`${origin}/sandbox/ordering/v3/me`, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, [HEADER.apiKey]: SANDBOX_API_KEY },
    })
    expect(me.status).toBe(200)

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!, { scope: `openid ${SCOPE.readonly}` })
    expect(refreshed.scope).toBe(`openid ${SCOPE.readonly}`)
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token)
    expect(refreshed.claims()).toMatchObject({ sub: 'U001', auth_time: claims.auth_time })
  })
})
