import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  checkAcrValues,
  checkAuthorizationRequest,
  checkCharset,
  checkClient,
  checkDisplay,
  checkMaxAge,
  checkNonce,
  checkOpenidScope,
  checkParameterLength,
  checkPkce,
  checkPrompt,
  checkRedirectUri,
  checkResponseType,
  checkScope,
  checkSingleValued,
  checkState,
  checkUnsupported,
  parseAuthorizationRequest,
  redirectFailure,
  type AuthorizationCheck,
} from './authorization-request'

/** The checks one at a time over a request written as a query string, and the composition of server/shared/authorization-request.ts. */
const request = (query: string) => parseAuthorizationRequest(new URLSearchParams(query))
const run = (check: AuthorizationCheck, query: string) => check(request(query))
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
const CALLBACK = 'http://localhost:8080/auth/callback'

describe('parseAuthorizationRequest', () => {
  it('reads a parameter sent once and not empty; a repeated or empty one reads as absent', () => {
    const parsed = request('state=s&nonce=&scope=a&scope=b&prompt=login')
    expect(parsed.value('state')).toBe('s')
    expect(parsed.value('nonce')).toBeUndefined()
    expect(parsed.value('scope')).toBeUndefined()
    expect(parsed.value('display')).toBeUndefined()
    expect(parsed.repeated).toEqual(['scope'])
  })

  it('splits space-separated values in the order sent, without empties or repeats', () => {
    expect(request('scope=openid++offline_access%20openid').values('scope')).toEqual(['openid', 'offline_access'])
    expect(request('acr_values=3%202').values('acr_values')).toEqual(['3', '2'])
    expect(request('').values('prompt')).toEqual([])
  })
})

describe('the checks', () => {
  it('checkSingleValued: every repeated parameter, or only those named', () => {
    expect(run(checkSingleValued(), 'a=1&state=x&a=2&state=y')).toEqual({ error: 'invalid_request', description: 'a, state may appear only once.' })
    expect(run(checkSingleValued(['state']), 'a=1&a=2')).toBeUndefined()
    expect(run(checkSingleValued(['client_id', 'redirect_uri']), 'client_id=a&client_id=a')?.description).toBe('client_id may appear only once.')
  })

  it('checkClient: a known client_id, else invalid_client (answered on a page)', () => {
    const check = checkClient((id) => id === 'console')
    expect(run(check, 'client_id=console')).toBeUndefined()
    expect(run(check, 'client_id=other')).toEqual({ error: 'invalid_client', description: 'client_id is missing or not a registered client.' })
    expect(run(check, '')?.error).toBe('invalid_client')
  })

  it('checkRedirectUri: exactly a registered value, else invalid_redirect_uri naming the registered ones', () => {
    const check = checkRedirectUri([CALLBACK, 'http://127.0.0.1:8080/auth/callback'])
    expect(run(check, `redirect_uri=${encodeURIComponent(CALLBACK)}`)).toBeUndefined()
    for (const query of ['', 'redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fauth%2Fcallback%2F', 'redirect_uri=https%3A%2F%2Fevil.example%2F']) {
      expect(run(check, query)).toEqual({
        error: 'invalid_redirect_uri',
        description: `redirect_uri must be ${CALLBACK} or http://127.0.0.1:8080/auth/callback.`,
      })
    }
    // A registered value that is no URL still cannot be redirected to.
    expect(run(checkRedirectUri(['not a url']), 'redirect_uri=not+a+url')?.error).toBe('invalid_redirect_uri')
  })

  it('checkResponseType: required, and code only', () => {
    expect(run(checkResponseType(), 'response_type=code')).toBeUndefined()
    expect(run(checkResponseType(), '')).toEqual({ error: 'invalid_request', description: 'response_type is required.' })
    expect(run(checkResponseType(), 'response_type=token')).toEqual({
      error: 'unsupported_response_type',
      description: 'response_type token is not supported; use code.',
    })
  })

  it('checkState and checkNonce: required', () => {
    expect(run(checkState(), 'state=s')).toBeUndefined()
    expect(run(checkState(), 'state=')).toEqual({ error: 'invalid_request', description: 'state is required.' })
    expect(run(checkNonce(), 'nonce=n')).toBeUndefined()
    expect(run(checkNonce(), '')).toEqual({ error: 'invalid_request', description: 'nonce is required.' })
  })

  it('checkScope: required, every value known; checkOpenidScope: openid among them', () => {
    const check = checkScope(['openid', 'mc_authn'])
    expect(run(check, 'scope=openid+mc_authn')).toBeUndefined()
    expect(run(check, 'scope=')).toEqual({ error: 'invalid_request', description: 'scope is required.' })
    expect(run(check, 'scope=openid+phone+email')).toEqual({ error: 'invalid_scope', description: 'Unknown scope phone email; known: openid mc_authn.' })
    expect(run(checkOpenidScope(), 'scope=mc_authn+openid')).toBeUndefined()
    expect(run(checkOpenidScope(), 'scope=profile')).toEqual({ error: 'invalid_request', description: 'scope must include openid.' })
  })

  it('checkUnsupported: any of the parameters sent, even empty', () => {
    const check = checkUnsupported(['id_token_hint', 'claims_locales', 'dtbs'])
    expect(run(check, 'ui_locales=fr')).toBeUndefined()
    expect(run(check, 'dtbs=')).toEqual({ error: 'invalid_request', description: 'dtbs is not supported by this authorization server.' })
    expect(run(check, 'id_token_hint=x&dtbs=y')?.description).toBe('id_token_hint, dtbs are not supported by this authorization server.')
  })

  it('checkPrompt: none, login, consent; none alone', () => {
    for (const query of ['', 'prompt=none', 'prompt=login+consent']) expect(run(checkPrompt(), query)).toBeUndefined()
    expect(run(checkPrompt(), 'prompt=select_account')).toEqual({
      error: 'invalid_request',
      description: 'prompt select_account is unknown; use none, login or consent.',
    })
    expect(run(checkPrompt(), 'prompt=none+login')).toEqual({ error: 'invalid_request', description: 'prompt none cannot be combined with another value.' })
  })

  it('checkDisplay: page by default, popup, touch, wap', () => {
    for (const query of ['', 'display=popup', 'display=wap']) expect(run(checkDisplay(), query)).toBeUndefined()
    expect(run(checkDisplay(), 'display=tv')).toEqual({ error: 'invalid_request', description: 'display tv is unknown; use page, popup, touch or wap.' })
  })

  it('checkMaxAge: a number of seconds when sent', () => {
    for (const query of ['', 'max_age=0', 'max_age=3600']) expect(run(checkMaxAge(), query)).toBeUndefined()
    for (const query of ['max_age=soon', 'max_age=-1', 'max_age=1e3'])
      expect(run(checkMaxAge(), query)).toEqual({ error: 'invalid_request', description: 'max_age must be a number of seconds.' })
  })

  it('checkAcrValues: supported levels in order of preference; required and single where an endpoint records one', () => {
    expect(run(checkAcrValues(['1', '2', '3', '4']), '')).toBeUndefined()
    expect(run(checkAcrValues(['1', '2', '3', '4']), 'acr_values=3+2')).toBeUndefined()
    expect(run(checkAcrValues(['1', '2', '3', '4']), 'acr_values=high')).toEqual({
      error: 'invalid_request',
      description: 'acr_values high is not supported; use 1, 2, 3 or 4.',
    })
    const one = checkAcrValues(['2', '3'], { required: true, single: true })
    expect(run(one, 'acr_values=3')).toBeUndefined()
    expect(run(one, '')).toEqual({ error: 'invalid_request', description: 'acr_values is required: 2 or 3.' })
    expect(run(one, 'acr_values=1')?.description).toBe('acr_values 1 is not supported; use 2 or 3.')
    expect(run(one, 'acr_values=3+2')).toEqual({ error: 'invalid_request', description: 'acr_values must be one level: 2 or 3.' })
  })

  it('checkPkce: optional unless required; S256 only; a challenge of 43 base64url characters', () => {
    expect(run(checkPkce(), '')).toBeUndefined()
    expect(run(checkPkce(), `code_challenge=${CHALLENGE}&code_challenge_method=S256`)).toBeUndefined()
    expect(run(checkPkce({ required: true }), `code_challenge=${CHALLENGE}&code_challenge_method=S256`)).toBeUndefined()
    const cases: [AuthorizationCheck, string, string][] = [
      [checkPkce({ required: true }), '', 'code_challenge is required, with code_challenge_method S256.'],
      [checkPkce({ required: true }), 'code_challenge_method=S256', 'code_challenge is required, with code_challenge_method S256.'],
      [checkPkce(), 'code_challenge_method=S256', 'code_challenge_method was sent without code_challenge.'],
      [checkPkce(), `code_challenge=${CHALLENGE}`, 'code_challenge_method must be S256.'],
      [checkPkce(), `code_challenge=${CHALLENGE}&code_challenge_method=plain`, 'code_challenge_method must be S256.'],
      [checkPkce(), 'code_challenge=short&code_challenge_method=S256', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).'],
    ]
    for (const [check, query, description] of cases) expect(run(check, query), query).toEqual({ error: 'invalid_request', description })
  })

  it('checkParameterLength: none of the named parameters longer than the limit', () => {
    expect(run(checkParameterLength(['state'], 4), 'state=abcd&other=abcdef')).toBeUndefined()
    expect(run(checkParameterLength(['nonce', 'state'], 4), 'state=abcde')).toEqual({
      error: 'invalid_request',
      description: 'state is longer than 4 characters.',
    })
  })

  it('checkCharset: charset=utf8, as reference 2 asks of the semi-implicit request', () => {
    expect(run(checkCharset(), 'charset=utf8')).toBeUndefined()
    for (const query of ['', 'charset=utf-8', 'charset=latin1'])
      expect(run(checkCharset(), query)).toEqual({ error: 'invalid_request', description: 'charset must be utf8.' })
  })
})

describe('checkAuthorizationRequest', () => {
  const checks = {
    beforeRedirect: [checkClient((id) => id === 'console'), checkRedirectUri([CALLBACK])],
    afterRedirect: [checkResponseType(), checkState()],
  }
  const good = `client_id=console&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&state=s`

  it('passes a request every check passes', () => {
    expect(checkAuthorizationRequest(request(good), checks)).toEqual({ ok: true })
  })

  it('answers a failure before the redirect_uri is trusted for a page, stopping at the first', () => {
    let later = 0
    const counted = { ...checks, afterRedirect: [() => (later++, undefined)] }
    expect(checkAuthorizationRequest(request('client_id=x&redirect_uri=https%3A%2F%2Fevil.example%2F'), counted)).toEqual({
      ok: false,
      redirect: false,
      error: 'invalid_client',
      description: 'client_id is missing or not a registered client.',
    })
    expect(later).toBe(0)
  })

  it('sends a later failure to the redirect_uri with the state, unless the state was repeated', () => {
    expect(checkAuthorizationRequest(request(good.replace('code', 'token')), checks)).toEqual({
      ok: false,
      redirect: true,
      redirectUri: CALLBACK,
      state: 's',
      error: 'unsupported_response_type',
      description: 'response_type token is not supported; use code.',
    })
    expect(checkAuthorizationRequest(request(`${good}&state=t`), checks)).toMatchObject({ redirect: true, error: 'invalid_request', state: undefined })
  })

  it('redirectFailure: a 302 to the redirect_uri with error, error_description and state, never cached nor referred', async () => {
    const app = new Hono().get('/authorize', (c) => {
      const checked = checkAuthorizationRequest(parseAuthorizationRequest(new URL(c.req.url).searchParams), checks)
      return !checked.ok && checked.redirect ? redirectFailure(c, checked) : c.text('no', 500)
    })
    const response = await app.request(`/authorize?${good.replace('response_type=code&', '')}`)
    expect(response.status).toBe(302)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    const location = new URL(response.headers.get('Location')!)
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK)
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'invalid_request', error_description: 'response_type is required.', state: 's' })
  })
})
