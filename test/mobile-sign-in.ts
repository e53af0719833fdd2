import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { basicHeader, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, type TestApp } from './test-app'
import { formOf } from './html-form'
import { pkcePair, type TestBrowser } from './sign-in'
import { encryptMsisdn } from '../server/sandbox/mobile/operators'

/** Helpers of the mobile identity tests (docs/decisions/0017-mobile-connect.md), for the sandbox and the gateway alike. */

export const ORIGIN = 'http://localhost:8080'
export const REDIRECT_URL = `${ORIGIN}/auth/mobile/discovered`
export const MOBILE_CALLBACK_URL = `${ORIGIN}/auth/mobile/callback`
export const BASIC = basicHeader(SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET)
/** The demo numbers (README "Sign in"). */
export const NUMBERS = { frSms: '+33612345601', frOk: '+33612345602', esOk: '+34612345603', esSms: '+34612345604', unknown: '+447700900123' } as const
export const ATLANTIC = { key: 'atlantic', cc: 'fr', mccMnc: '208_90' } as const
export const MESETA = { key: 'meseta', cc: 'es', mccMnc: '214_90' } as const
export type TestOperator = typeof ATLANTIC | typeof MESETA

export const operatorPath = (operator: TestOperator, endpoint: string) => `/sandbox/operators/${operator.key}/openidconnect/${operator.cc}/v1/${endpoint}`
/** Reference 2's semi-implicit authorize, `{mobile_authorize_url}/oidc/authorize` (docs/decisions/0017-mobile-connect.md). */
export const semiImplicitPath = (operator: TestOperator) => `/sandbox/operators/${operator.key}/oidc/authorize`

/** Calls discovery with the sandbox application's Basic credentials unless told otherwise. */
export function discover(
  testApp: Pick<TestApp, 'fetch'>,
  params: Record<string, string>,
  options: { method?: 'GET' | 'POST'; basic?: string | null } = {},
): Promise<Response> {
  const basic = options.basic === undefined ? BASIC : options.basic
  const headers: Record<string, string> = basic ? { Authorization: basic } : {}
  const query = new URLSearchParams(params).toString()
  return options.method === 'POST'
    ? testApp.fetch('/sandbox/v2/discovery', { body: query, contentType: 'application/x-www-form-urlencoded', headers })
    : testApp.fetch(`/sandbox/v2/discovery?${query}`, { headers })
}

export interface OperatorRequest {
  url: string
  state: string
  nonce: string
  verifier: string
}

/**
 * An authorize URL at `operator` with PKCE, state, nonce, the number as login_hint and level `acr`; `undefined` drops a
 * parameter. `semiImplicit`: the semi-implicit endpoint's, with charset=utf8 and no login_hint (the network names the person).
 */
export function operatorAuthorize(
  operator: TestOperator,
  options: { msisdn?: string; acr?: string; params?: Record<string, string | undefined>; semiImplicit?: boolean } = {},
): OperatorRequest {
  const pkce = pkcePair()
  const state = randomBytes(9).toString('base64url')
  const nonce = randomBytes(9).toString('base64url')
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: SANDBOX_CLIENT_ID,
    redirect_uri: MOBILE_CALLBACK_URL,
    scope: 'openid',
    state,
    nonce,
    acr_values: options.acr ?? '2',
    login_hint: `ENCR_MSISDN:${encryptMsisdn(options.msisdn ?? (operator === ATLANTIC ? NUMBERS.frSms : NUMBERS.esOk))}`,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...(options.semiImplicit ? { charset: 'utf8', login_hint: undefined } : {}),
    ...options.params,
  }
  const query = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])))
  const path = options.semiImplicit ? semiImplicitPath(operator) : operatorPath(operator, 'authorize')
  return { url: `${path}?${query}`, state, nonce, verifier: pkce.verifier }
}

/** How the person answers: the SMS code (right, or wrong `wrong` times first), the phone prompt, the SIM PIN, or Cancel. */
export type Answer = { otp: 'right' | 'wrong'; wrong?: number } | { phone: 'ok' | 'cancel' } | { pin: string } | { cancel: true }

/** Drives the operator's page from `response` (the authorize answer) until the redirect; answers the final 302. */
export async function answerOperator(browser: TestBrowser, response: Response, answer: Answer): Promise<Response> {
  const html = await response.text()
  expect(response.status, html).toBe(200)
  const form = formOf(html)
  if ('cancel' in answer) return browser.post(form.action, { ...form.hidden, decision: 'cancel' })
  const phoneUrl = /href="([^"]*\/sandbox\/phone\/[^"]*)"/.exec(html)?.[1]
  expect(phoneUrl, 'a link to the sandbox phone').toBeTruthy()
  const phone = await browser.get(phoneUrl!)
  const phoneHtml = await phone.text()
  if ('otp' in answer) {
    const code = /is (\d{6})\./.exec(phoneHtml)?.[1]
    expect(code, phoneHtml).toBeTruthy()
    let last: Response | undefined
    const wrongTimes = answer.otp === 'wrong' ? (answer.wrong ?? 3) : (answer.wrong ?? 0)
    for (let i = 0; i < wrongTimes; i++) {
      last = await browser.post(form.action, { ...form.hidden, decision: 'continue', otp: code === '000000' ? '111111' : '000000' })
      if (last.status === 302) return last
    }
    return browser.post(form.action, { ...form.hidden, decision: 'continue', otp: code! })
  }
  const phoneForm = formOf(phoneHtml)
  const answered =
    'pin' in answer ? await browser.post(phoneForm.action, { answer: 'ok', pin: answer.pin }) : await browser.post(phoneForm.action, { answer: answer.phone })
  expect(answered.status).toBe(200)
  return browser.post(form.action, { ...form.hidden, decision: 'continue' })
}

/** The callback's query of a final 302. */
export function callbackOf(response: Response): URL {
  expect(response.status).toBe(302)
  return new URL(response.headers.get('Location')!)
}

/** POST the operator's token endpoint with the sandbox application's Basic credentials unless told otherwise. */
export function operatorToken(
  testApp: Pick<TestApp, 'fetch'>,
  operator: TestOperator,
  form: Record<string, string>,
  options: { basic?: string | null } = {},
): Promise<Response> {
  const basic = options.basic === undefined ? BASIC : options.basic
  return testApp.fetch(operatorPath(operator, 'token'), {
    body: new URLSearchParams(form).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers: { Accept: 'application/json', ...(basic ? { Authorization: basic } : {}) },
  })
}
