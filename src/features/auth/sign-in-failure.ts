import { ErrorResponse } from 'oidc-client-ts'
// The errors the authorization server may send back to /auth/callback: reference 2's list, in the contract (0011).
import { AUTHORIZE_ERRORS, type AuthorizeError } from '@contract/oauth'
import { readSignInState, type SignInState } from './sign-in'

/** Answers to prompt=none that only mean "the person has to see a page" (OpenID Connect Core 3.1.2.6). */
const INTERACTION_REQUIRED = new Set(['login_required', 'consent_required', 'interaction_required', 'account_selection_required'])

export interface SignInFailure {
  /** Which sentence to show: a known authorize error, or `unknown` (token exchange, state mismatch, network). */
  kind: AuthorizeError | 'unknown'
  /** The protocol's error code, to quote to support; null when the failure was not an OAuth answer. */
  code: string | null
  state: SignInState
}

function isAuthorizeError(code: string | null): code is AuthorizeError {
  return (AUTHORIZE_ERRORS as readonly (string | null)[]).includes(code)
}

/**
 * What went wrong with a sign-in, from the error oidc-client-ts threw (react-oidc-context wraps it in
 * `innerError`). The round-tripped state is only there for answers from the authorize endpoint.
 */
export function signInFailureOf(error: unknown): SignInFailure {
  const inner = error !== null && typeof error === 'object' && 'innerError' in error ? error.innerError : error
  if (inner instanceof ErrorResponse) {
    return { kind: isAuthorizeError(inner.error) ? inner.error : 'unknown', code: inner.error, state: readSignInState(inner.state) }
  }
  return { kind: 'unknown', code: null, state: readSignInState(undefined) }
}

/** A silent attempt that the authorization server could not complete without the person: ask them instead. */
export function needsInteractiveSignIn(failure: SignInFailure): boolean {
  return failure.state.silent === true && failure.code !== null && INTERACTION_REQUIRED.has(failure.code)
}

/** The i18n key of the sentence that tells a person what happened and what to do. */
export function failureMessageKey(failure: SignInFailure): `auth.failure.${AuthorizeError | 'unknown'}` {
  return `auth.failure.${failure.kind}`
}
