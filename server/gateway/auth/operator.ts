import { jwtVerify, type JWTPayload } from 'jose'
import { ZOAuthErrorBody } from '@contract/error'
import { ZTokenResponse, type TokenResponse } from '@contract/oauth'
import type { OidcSettings } from '../../config'

/** How the gateway reaches the operator's token endpoint: the sandbox in-process, or the network. */
export interface TokenEndpoint {
  /** `{baseUrl}/v1/token`, absolute. */
  url: string
  fetch: (request: Request) => Promise<Response>
  timeoutMs: number
}

/** What a token request came to: tokens, the operator's refusal (passed on), or no usable answer. */
export type TokenOutcome =
  | { kind: 'tokens'; tokens: TokenResponse }
  | { kind: 'refused'; error: string; description?: string }
  | { kind: 'unavailable'; error: 'temporarily_unavailable' | 'server_error'; description: string }

/** RFC 6749 2.3.1: client id and secret are form-urlencoded before base64 (spaces as %20, which every decoder reads). */
function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1).replace(/\+/g, '%20')
}

export function basicCredentials(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64')}`
}

/**
 * The operator's token endpoint (reference 2) as a confidential client: HTTP Basic, form body, Accept JSON.
 * Error descriptions are passed on to the browser, so the client secret is scrubbed from them.
 */
/**
 * Verifies an ID token as OpenID Connect Core 3.1.3.7 asks of a confidential client, for the console's sign-in and
 * the mobile operators' (mobile-connect.ts) alike: HS256 only (the key is the client secret; `alg: none` and every
 * other algorithm are refused), `iss` exactly the issuer, `aud` holding the client id and `azp` equal to it when
 * there are several audiences, `exp`, `iat` (at most 10 minutes old) and `sub` present, 60 s of clock tolerance.
 * Throws with the reason; the caller checks what is its own (nonce, sub, acr).
 */
export async function verifyHs256IdToken(
  idToken: string,
  client: { clientId: string; clientSecret: string; issuer: string },
  now: number,
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, new TextEncoder().encode(client.clientSecret), {
    algorithms: ['HS256'],
    issuer: client.issuer,
    audience: client.clientId,
    requiredClaims: ['exp', 'iat', 'sub'],
    maxTokenAge: '10 minutes',
    clockTolerance: 60,
    currentDate: new Date(now),
  })
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== client.clientId) throw new Error('azp is not this client')
  return payload
}

/** `issuerOf`: the ID token's expected `iss` (issuer.ts); `oidc.issuer` when absent. */
export function tokenClient(oidc: OidcSettings, endpoint: TokenEndpoint, issuerOf: () => Promise<string> = async () => oidc.issuer) {
  const scrub = (text: string | undefined) => text?.split(oidc.clientSecret).join('[redacted]')

  async function requestTokens(form: Record<string, string>): Promise<TokenOutcome> {
    let response: Response
    let text: string
    try {
      response = await endpoint.fetch(
        new Request(endpoint.url, {
          method: 'POST',
          headers: {
            Authorization: basicCredentials(oidc.clientId, oidc.clientSecret),
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: new URLSearchParams(form).toString(),
          signal: AbortSignal.timeout(endpoint.timeoutMs),
        }),
      )
      text = await response.text()
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      return {
        kind: 'unavailable',
        error: 'temporarily_unavailable',
        description: timedOut
          ? 'The sign-in service did not answer in time. Try again in a moment.'
          : 'The sign-in service could not be reached. Try again in a moment.',
      }
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    if (response.status === 400 || response.status === 401) {
      const refusal = ZOAuthErrorBody.safeParse(json)
      if (refusal.success) return { kind: 'refused', error: refusal.data.error, description: scrub(refusal.data.error_description) }
    }
    if (response.ok) {
      const tokens = ZTokenResponse.safeParse(json)
      if (tokens.success) return { kind: 'tokens', tokens: tokens.data }
      return { kind: 'unavailable', error: 'server_error', description: 'The sign-in service gave an answer the console cannot read.' }
    }
    return {
      kind: 'unavailable',
      error: 'temporarily_unavailable',
      description: `The sign-in service answered with status ${response.status}. Try again in a moment.`,
    }
  }

  /**
   * Verifies an ID token of the console's sign-in (`verifyHs256IdToken`) with, on a sign-in, a `nonce` that this
   * browser stored, and on a refresh the session's `sub`.
   */
  async function verifyIdToken(
    idToken: string,
    options: { now: number; nonces?: string[]; sub?: string },
  ): Promise<{ ok: true; claims: JWTPayload & { sub: string } } | { ok: false; reason: string }> {
    try {
      const payload = await verifyHs256IdToken(idToken, { ...oidc, issuer: await issuerOf() }, options.now)
      // OIDC Core 2: sub is a string; a number would reach the session as something else than a person's id.
      if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'sub is not a non-empty string' }
      const sub = payload.sub
      if (options.nonces && (typeof payload.nonce !== 'string' || !options.nonces.includes(payload.nonce))) {
        return { ok: false, reason: 'nonce does not match a sign-in of this browser' }
      }
      if (options.sub !== undefined && sub !== options.sub) return { ok: false, reason: 'sub is not the signed-in person' }
      return { ok: true, claims: { ...payload, sub } }
    } catch (error) {
      return { ok: false, reason: (error as Error).message }
    }
  }

  return { requestTokens, verifyIdToken }
}

export type TokenClient = ReturnType<typeof tokenClient>
