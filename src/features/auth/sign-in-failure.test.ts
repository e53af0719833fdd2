import { ErrorResponse } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import enAuthPages from './locales/pages/en.json'
import frAuthPages from './locales/pages/fr.json'
import { AUTHORIZE_ERRORS } from '@contract/oauth'
import { failureMessageKey, needsInteractiveSignIn, signInFailureOf } from './sign-in-failure'

/** The callback page's catalog (its failures are said there only) as i18n merges it: under the key `auth`. */
const en = { auth: enAuthPages }
const fr = { auth: frAuthPages }

function message(catalog: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog)
}

/** The error react-oidc-context reports when the callback fails: the thrown error sits in `innerError`. */
function callbackError(inner: unknown) {
  return { name: 'Error', message: 'Sign-in failed', source: 'signinCallback', innerError: inner }
}

describe('what a person reads when the sign-in fails', () => {
  it.each(AUTHORIZE_ERRORS)('gives %s its own sentence, in English and French', (code) => {
    const failure = signInFailureOf(callbackError(new ErrorResponse({ error: code, error_description: 'technical text', userState: { returnTo: '/x' } })))
    expect(failure).toEqual({ kind: code, code, state: { returnTo: '/x' } })
    const key = failureMessageKey(failure)
    expect(message(en, key)).toEqual(expect.any(String))
    expect(message(fr, key)).toEqual(expect.any(String))
    expect(message(en, key)).not.toBe(message(en, 'auth.failure.unknown'))
  })

  it('tells a person who cancelled that they did, and that they may start again', () => {
    const failure = signInFailureOf(callbackError(new ErrorResponse({ error: 'access_denied' })))
    expect(message(en, failureMessageKey(failure))).toBe('You cancelled the sign-in. Sign in again when you are ready.')
  })

  it('gives every sentence a way forward', () => {
    for (const code of [...AUTHORIZE_ERRORS, 'unknown']) expect(message(en, `auth.failure.${code}`)).toMatch(/sign in again/i)
  })

  it('falls back to a general sentence for other OAuth errors and for failures that are not OAuth answers', () => {
    expect(signInFailureOf(callbackError(new ErrorResponse({ error: 'invalid_grant' })))).toMatchObject({ kind: 'unknown', code: 'invalid_grant' })
    expect(signInFailureOf(callbackError(new Error('No matching state found in storage')))).toEqual({ kind: 'unknown', code: null, state: { returnTo: '/' } })
    expect(signInFailureOf(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'unknown', code: null })
  })

  it('never returns to a page of another site, whatever the state says', () => {
    const failure = signInFailureOf(callbackError(new ErrorResponse({ error: 'server_error', userState: { returnTo: '//evil.example' } })))
    expect(failure.state.returnTo).toBe('/')
  })

  it('turns login_required and consent_required after a silent attempt into an interactive sign-in', () => {
    for (const code of ['login_required', 'consent_required', 'interaction_required']) {
      expect(needsInteractiveSignIn(signInFailureOf(new ErrorResponse({ error: code, userState: { returnTo: '/a', silent: true } })))).toBe(true)
      expect(needsInteractiveSignIn(signInFailureOf(new ErrorResponse({ error: code, userState: { returnTo: '/a' } })))).toBe(false)
    }
    expect(needsInteractiveSignIn(signInFailureOf(new ErrorResponse({ error: 'access_denied', userState: { returnTo: '/a', silent: true } })))).toBe(false)
  })
})
