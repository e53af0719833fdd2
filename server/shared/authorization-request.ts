import type { Context } from 'hono'
import type { AuthorizeError } from '@contract/oauth'

/**
 * The one set of authorization-request checks (reference 2, "Authorization endpoint (user consent)") for every
 * authorization endpoint this server answers: the sandbox's authorization server and mobile operators, and the
 * gateway's /auth/authorize and /auth/mobile/authorize. As node-oidc-provider composes `check_client`,
 * `check_redirect_uri`, `check_pkce`…: small named checks over one parsed request, listed per endpoint, each
 * failure worded once, here. An endpoint picks the checks its reference asks for and answers the failure its way.
 */

/** An authorization request as it arrived. */
export interface AuthorizationRequest {
  readonly query: URLSearchParams
  /** The parameters sent more than once, each named once, in the order they first appear. */
  readonly repeated: readonly string[]
  /** A parameter sent once and not empty; undefined when absent, empty or repeated. */
  value(name: string): string | undefined
  /** A space-separated parameter (scope, prompt, acr_values): its values in the order sent, without empties or repeats. */
  values(name: string): string[]
}

export function parseAuthorizationRequest(query: URLSearchParams): AuthorizationRequest {
  const repeated = [...new Set([...query.keys()].filter((name) => query.getAll(name).length > 1))]
  const value = (name: string) => (repeated.includes(name) ? undefined : query.get(name) || undefined)
  return {
    query,
    repeated,
    value,
    values: (name) => [...new Set((value(name) ?? '').split(' ').filter(Boolean))],
  }
}

/**
 * Reference 2's redirect errors, and the two that may only be shown on a page: a client or redirect_uri nobody
 * vouched for never receives a redirect.
 */
export type AuthorizationError = AuthorizeError | 'invalid_client' | 'invalid_redirect_uri'

export interface AuthorizationFailure {
  error: AuthorizationError
  description: string
}

/** One check: the failure it finds, or undefined when the request passes it. */
export type AuthorizationCheck = (request: AuthorizationRequest) => AuthorizationFailure | undefined

/** An endpoint's checks, in the order it runs them. */
export interface AuthorizationChecks {
  /** Until these pass, the redirect_uri is not trusted: the endpoint answers a failure itself (reference 2: an error page). */
  beforeRedirect: readonly AuthorizationCheck[]
  /** A failure of these goes back to the redirect_uri with error, error_description and state (reference 2). */
  afterRedirect: readonly AuthorizationCheck[]
}

export type CheckedRequest =
  | { ok: true }
  | ({ ok: false; redirect: false } & AuthorizationFailure)
  | ({ ok: false; redirect: true; redirectUri: string; state: string | undefined } & AuthorizationFailure)

/** Runs `checks` in order and stops at the first failure. */
export function checkAuthorizationRequest(request: AuthorizationRequest, checks: AuthorizationChecks): CheckedRequest {
  for (const check of checks.beforeRedirect) {
    const failure = check(request)
    if (failure) return { ok: false, redirect: false, ...failure }
  }
  const redirectUri = request.value('redirect_uri')
  for (const check of checks.afterRedirect) {
    const failure = check(request)
    if (!failure) continue
    // A state sent twice is not echoed: the client could not tell which one it was.
    return redirectUri ? { ok: false, redirect: true, redirectUri, state: request.value('state'), ...failure } : { ok: false, redirect: false, ...failure }
  }
  return { ok: true }
}

/**
 * An OAuth redirect back to a client (authorization codes and errors, RFC 6749 4.1.2): the parameters given, never
 * cached, and without a Referer that would carry the code on.
 */
export function redirectTo(c: Context, uri: string, parameters: Record<string, string | undefined>): Response {
  const url = new URL(uri)
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  return c.redirect(url.toString(), 302)
}

/** A failure found once the redirect_uri was trusted, sent back to it (reference 2: error, error_description, state). */
export function redirectFailure(c: Context, failure: Extract<CheckedRequest, { redirect: true }>): Response {
  return redirectTo(c, failure.redirectUri, { error: failure.error, error_description: failure.description, state: failure.state })
}

const fail = (error: AuthorizationError, description: string): AuthorizationFailure => ({ error, description })
const orList = (values: readonly string[]) => (values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? ''))

// --- The checks, in the order endpoints usually list them ---

/** RFC 6749 3.1: parameters must not repeat; only `names` when given (unrecognised parameters are ignored). */
export function checkSingleValued(names?: readonly string[]): AuthorizationCheck {
  return (request) => {
    const repeated = names ? request.repeated.filter((name) => names.includes(name)) : request.repeated
    return repeated.length ? fail('invalid_request', `${repeated.join(', ')} may appear only once.`) : undefined
  }
}

/** A client_id this endpoint knows. */
export function checkClient(isKnown: (clientId: string) => boolean): AuthorizationCheck {
  return (request) => {
    const clientId = request.value('client_id')
    return clientId && isKnown(clientId) ? undefined : fail('invalid_client', 'client_id is missing or not a registered client.')
  }
}

/** Reference 2: redirect_uri "must equal the value registered for the application". */
export function checkRedirectUri(registered: readonly string[]): AuthorizationCheck {
  return (request) => {
    const redirectUri = request.value('redirect_uri')
    return redirectUri && registered.includes(redirectUri) && URL.canParse(redirectUri)
      ? undefined
      : fail('invalid_redirect_uri', `redirect_uri must be ${orList(registered)}.`)
  }
}

/** Reference 2: response_type is required, fixed to code. */
export function checkResponseType(): AuthorizationCheck {
  return (request) => {
    const responseType = request.value('response_type')
    if (!responseType) return fail('invalid_request', 'response_type is required.')
    return responseType === 'code' ? undefined : fail('unsupported_response_type', `response_type ${responseType} is not supported; use code.`)
  }
}

/** Reference 2: state is required. */
export function checkState(): AuthorizationCheck {
  return (request) => (request.value('state') ? undefined : fail('invalid_request', 'state is required.'))
}

/** Optional in reference 2; required where the product asks for it (docs/decisions/0011-sign-in.md). */
export function checkNonce(): AuthorizationCheck {
  return (request) => (request.value('nonce') ? undefined : fail('invalid_request', 'nonce is required.'))
}

/** Reference 2: scope is required; anything not in `known` is invalid_scope. */
export function checkScope(known: readonly string[]): AuthorizationCheck {
  return (request) => {
    const scopes = request.values('scope')
    if (!scopes.length) return fail('invalid_request', 'scope is required.')
    const unknown = scopes.filter((scope) => !known.includes(scope))
    return unknown.length ? fail('invalid_scope', `Unknown scope ${unknown.join(' ')}; known: ${known.join(' ')}.`) : undefined
  }
}

/** Reference 3: the operator's request carries scope=openid. */
export function checkOpenidScope(): AuthorizationCheck {
  return (request) => (request.values('scope').includes('openid') ? undefined : fail('invalid_request', 'scope must include openid.'))
}

/** Parameters an endpoint's reference lists as unsupported (reference 3: id_token_hint, claims_locales, dtbs). */
export function checkUnsupported(names: readonly string[]): AuthorizationCheck {
  return (request) => {
    const sent = names.filter((name) => request.query.has(name))
    return sent.length ? fail('invalid_request', `${sent.join(', ')} ${sent.length > 1 ? 'are' : 'is'} not supported by this authorization server.`) : undefined
  }
}

export const PROMPTS = ['none', 'login', 'consent'] as const
export type Prompt = (typeof PROMPTS)[number]

/** Reference 2: none, login, consent, space-separated; an invalid prompt is invalid_request; none stands alone (OpenID Connect Core 3.1.2.1). */
export function checkPrompt(): AuthorizationCheck {
  return (request) => {
    const prompt = request.values('prompt')
    const unknown = prompt.find((value) => !(PROMPTS as readonly string[]).includes(value))
    if (unknown) return fail('invalid_request', `prompt ${unknown} is unknown; use none, login or consent.`)
    return prompt.includes('none') && prompt.length > 1 ? fail('invalid_request', 'prompt none cannot be combined with another value.') : undefined
  }
}

export const DISPLAYS = ['page', 'popup', 'touch', 'wap'] as const
export type Display = (typeof DISPLAYS)[number]

/** Reference 2: display is page (the default), popup, touch or wap. */
export function checkDisplay(): AuthorizationCheck {
  return (request) => {
    const display = request.value('display') ?? 'page'
    if ((DISPLAYS as readonly string[]).includes(display)) return undefined
    return fail('invalid_request', `display ${display} is unknown; use page, popup, touch or wap.`)
  }
}

/** Reference 3: max_age, a number of seconds. */
export function checkMaxAge(): AuthorizationCheck {
  return (request) => {
    const maxAge = request.value('max_age')
    return maxAge === undefined || /^\d{1,9}$/.test(maxAge) ? undefined : fail('invalid_request', 'max_age must be a number of seconds.')
  }
}

/**
 * acr_values: levels of assurance from `levels`, in order of preference (reference 2); `required` and `single` where
 * an endpoint records the one level asked (docs/decisions/0017-mobile-connect.md).
 */
export function checkAcrValues(levels: readonly string[], options: { required?: boolean; single?: boolean } = {}): AuthorizationCheck {
  return (request) => {
    const asked = request.values('acr_values')
    if (options.required && !asked.length) return fail('invalid_request', `acr_values is required: ${orList(levels)}.`)
    const unsupported = asked.find((level) => !levels.includes(level))
    if (unsupported) return fail('invalid_request', `acr_values ${unsupported} is not supported; use ${orList(levels)}.`)
    return options.single && asked.length > 1 ? fail('invalid_request', `acr_values must be one level: ${orList(levels)}.`) : undefined
  }
}

/** PKCE (RFC 7636) with S256 only; `required` where the product asks for it on every sign-in (0011, 0017). */
export function checkPkce(options: { required?: boolean } = {}): AuthorizationCheck {
  return (request) => {
    const challenge = request.value('code_challenge')
    const method = request.value('code_challenge_method')
    if (!challenge) {
      if (options.required) return fail('invalid_request', 'code_challenge is required, with code_challenge_method S256.')
      return method ? fail('invalid_request', 'code_challenge_method was sent without code_challenge.') : undefined
    }
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.')
    if (/^[A-Za-z0-9_-]{43}$/.test(challenge)) return undefined
    return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).')
  }
}

/** No parameter among `names` longer than `max` characters. */
export function checkParameterLength(names: readonly string[], max: number): AuthorizationCheck {
  return (request) => {
    const tooLong = names.find((name) => (request.value(name)?.length ?? 0) > max)
    return tooLong ? fail('invalid_request', `${tooLong} is longer than ${max} characters.`) : undefined
  }
}

/** Reference 2, semi-implicit mobile authentication: the request carries charset=utf8. */
export function checkCharset(): AuthorizationCheck {
  return (request) => (request.value('charset') === 'utf8' ? undefined : fail('invalid_request', 'charset must be utf8.'))
}
