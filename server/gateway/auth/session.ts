import { TOKEN_HANDLE_PREFIX } from '@contract/gateway-sign-in'
import { hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import { EncryptJWT, jwtDecrypt } from 'jose'
import { z } from 'zod'
import type { TokenResponse } from '@contract/oauth'
import { ERROR_CODE } from '@contract/error'
import { ApiError } from '../../shared/api-error'
import { GATEWAY_ERRORS } from '../gateway-errors'
import { ServerSessions, SessionsUnavailable, sqliteSessionStore, type SignOutOutcome } from './session-store'

/** The answer while the session store cannot be reached past the grace (0031): 503 code 5, never a hang. */
export function signInUnavailable(): ApiError {
  return new ApiError(GATEWAY_ERRORS, 503, ERROR_CODE.unavailable, 'signInUnavailable', {}, { headers: { 'Retry-After': '5' } })
}

async function orUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof SessionsUnavailable) throw signInUnavailable()
    throw error
  }
}

/**
 * Two encrypted cookies (docs/decisions/0011-sign-in.md): `oc_session` holds only the session's random id, the
 * session itself (the operator's tokens) lives in the session store (docs/decisions/0031-server-side-sessions.md);
 * `oc_auth` holds the sign-ins in progress.
 */
export const SESSION_COOKIE = 'oc_session'
export const AUTH_COOKIE = 'oc_auth'
/** oc_auth is only ever read by POST /auth/token. */
export const AUTH_COOKIE_PATH = '/auth'
/** A sign-in has as long as the operator's code lives (reference 2: about 10 minutes). */
export const AUTH_COOKIE_SECONDS = 600
/** Reference 2: a refresh token lives 1 year. The token answer does not say, so the gateway assumes it. */
export const REFRESH_TOKEN_SECONDS = 365 * 24 * 3600
/** Browsers cap a cookie's life at 400 days; Hono refuses more. */
const MAX_COOKIE_SECONDS = 400 * 24 * 3600
/** Sign-ins started in other tabs (or abandoned) stay valid side by side, up to this many. */
const MAX_PENDING_SIGN_INS = 4
/** Opaque stand-ins the browser holds instead of tokens; the prefix says they are not tokens. */
export const HANDLE_PREFIX = TOKEN_HANDLE_PREFIX

export const ZSession = z.object({
  /**
   * The session's own random id, kept across refreshes: sign-out revokes it until the cookie would have expired
   * (docs/decisions/0020-hostile-input-and-faults.md). A cookie without one (sealed before it existed) reads as none.
   */
  sid: z.string().min(16),
  accessToken: z.string().min(1),
  /** Epoch seconds, from the token answer's expires_in. */
  accessTokenExpiresAt: z.number().int(),
  refreshToken: z.string().min(1).optional(),
  refreshTokenExpiresAt: z.number().int().optional(),
  accessHandle: z.string().startsWith(HANDLE_PREFIX),
  refreshHandle: z.string().startsWith(HANDLE_PREFIX).optional(),
  sub: z.string().min(1),
  /**
   * The person's name as the ID token gives it (OpenID Connect's `name`, else `preferred_username` or `email`): what the
   * header shows when the operator's /me, whose body reference 1 does not show, has no name (0028).
   */
  name: z.string().min(1).max(200).optional(),
  scope: z.string(),
  /** Set when the person signed in with a mobile number (docs/decisions/0017-mobile-connect.md). */
  mobile: z.object({ operator: z.string(), country: z.string(), acr: z.string(), amr: z.array(z.string()) }).optional(),
})
export type Session = z.infer<typeof ZSession>

/**
 * What oc_session carries (0031): the session's id and a version. A cookie of the release before (which held the
 * tokens themselves) has no `v` and reads as none: those people sign in once more.
 */
const ZSessionRef = z.object({ v: z.literal(2), sid: z.string().min(16) })
/** The stored session is sealed too, with a key of its own: a copy of the store alone gives no token. */
const STORED_SESSION = 'oc_session_store'

const ZPendingSignIn = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  /** The scope asked for, the answer's scope when the operator's token answer has none (RFC 6749 5.1). */
  scope: z.string(),
  expiresAt: z.number().int(),
})
export type PendingSignIn = z.infer<typeof ZPendingSignIn>
const ZAuthState = z.object({ pending: z.array(ZPendingSignIn).max(MAX_PENDING_SIGN_INS) })

export function newHandle(): string {
  return HANDLE_PREFIX + randomBytes(32).toString('base64url')
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * One 32-byte A256GCM key per cookie, HKDF-SHA-256 (RFC 5869) of SESSION_SECRET with the cookie's name as
 * `info`: the secret may be any string of 32 characters or more, and an oc_auth value can never be
 * decrypted as an oc_session.
 */
export function cookieKey(secret: string, cookieName: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'ordering-console', `${cookieName} v1`, 32))
}

/** The session a token answer makes: a new one at sign-in, the same handles and person after a refresh. */
export function sessionFromTokens(tokens: TokenResponse, nowSeconds: number, base: { sub: string; scope: string; name?: string; previous?: Session }): Session {
  const previous = base.previous
  const refreshToken = tokens.refresh_token ?? previous?.refreshToken
  return {
    sid: previous?.sid ?? randomBytes(16).toString('base64url'),
    accessToken: tokens.access_token,
    accessTokenExpiresAt: nowSeconds + tokens.expires_in,
    ...(refreshToken
      ? {
          refreshToken,
          refreshTokenExpiresAt: tokens.refresh_token ? nowSeconds + REFRESH_TOKEN_SECONDS : previous?.refreshTokenExpiresAt,
          refreshHandle: previous?.refreshHandle ?? newHandle(),
        }
      : {}),
    // Handles live as long as the session: a refresh done by the API proxy cannot tell the browser new ones.
    accessHandle: previous?.accessHandle ?? newHandle(),
    sub: base.sub,
    ...((base.name ?? previous?.name) ? { name: (base.name ?? previous?.name)! } : {}),
    scope: tokens.scope ?? base.scope,
  }
}

/** Until when the session is worth keeping: its refresh token's life, or its access token's when it has none. */
export function sessionExpiresAt(session: Session): number {
  return session.refreshToken ? (session.refreshTokenExpiresAt ?? session.accessTokenExpiresAt) : session.accessTokenExpiresAt
}

export interface CookieContext {
  /** The request came over HTTPS (directly or, per X-Forwarded-Proto, through the proxy in front). */
  secure: boolean
}

/**
 * The keys of one cookie for every accepted secret, the sealing one first: SESSION_SECRETS=new,old… rotates
 * with no one signed out (docs/decisions/0021-many-instances.md).
 */
export function cookieKeys(secrets: string | readonly string[], cookieName: string): Uint8Array[] {
  return (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => cookieKey(secret, cookieName))
}

/**
 * Seals and opens the two cookies and keeps sessions in `sessions` (the app's session store, 0031; a private
 * in-memory one when absent); `now` is the gateway's clock (ms), injectable for tests.
 */
export class SessionCookies {
  private readonly sessionKey: Uint8Array[]
  private readonly authKey: Uint8Array[]
  private readonly storedKey: Uint8Array[]
  private ownSessions: ServerSessions | undefined

  /** `secrets`: one, or every accepted one with the sealing one first. */
  constructor(
    secrets: string | readonly string[],
    private readonly now: () => number,
    private readonly serverSessions?: ServerSessions,
  ) {
    this.sessionKey = cookieKeys(secrets, SESSION_COOKIE)
    this.authKey = cookieKeys(secrets, AUTH_COOKIE)
    this.storedKey = cookieKeys(secrets, STORED_SESSION)
  }

  private get sessions(): ServerSessions {
    return this.serverSessions ?? (this.ownSessions ??= new ServerSessions(sqliteSessionStore(':memory:', this.now), this.now))
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000)
  }

  /**
   * Stores `session` as a new one and answers the value of oc_session, a JWE of its id (a sign-in; also used by tests
   * to sign someone in directly). Throws SessionsUnavailable when the store cannot take it.
   */
  async sealSession(session: Session): Promise<string> {
    const parsed = ZSession.parse(session)
    const expiresAt = sessionExpiresAt(parsed)
    const stored = await this.seal(parsed, expiresAt, this.storedKey)
    await orUnavailable(this.sessions.create(parsed.sid, stored, Math.max(1, expiresAt * 1000 - this.now())))
    return this.seal({ v: 2, sid: parsed.sid }, expiresAt, this.sessionKey)
  }

  /**
   * The session behind an oc_session value, as the store has it; none when the cookie is absent, old or tampered with,
   * or the session ended. Throws SessionsUnavailable when the store cannot answer past the grace (0031).
   */
  async openSession(value: string | undefined): Promise<Session | null> {
    const ref = await this.open(value, this.sessionKey, ZSessionRef)
    if (!ref) return null
    const stored = await orUnavailable(this.sessions.read(ref.sid))
    const session = await this.open(stored ?? undefined, this.storedKey, ZSession)
    return session?.sid === ref.sid ? session : null
  }

  /** The session id an oc_session value carries, without asking the store (a sign-out works while it is away). */
  async sessionIdOf(value: string | undefined): Promise<string | null> {
    return (await this.open(value, this.sessionKey, ZSessionRef))?.sid ?? null
  }

  /** Ends a session on the server: its cookie, wherever it was copied, reads as none from now on (0031). */
  async revoke(sid: string): Promise<SignOutOutcome> {
    return this.sessions.end(sid)
  }

  /** Stores the renewed `session` (a refresh) and answers its cookie; null when it was signed out meanwhile. */
  async renewedSessionCookie(session: Session, context: CookieContext): Promise<string | null> {
    const parsed = ZSession.parse(session)
    const expiresAt = sessionExpiresAt(parsed)
    const kept = await this.sessions.renew(parsed.sid, await this.seal(parsed, expiresAt, this.storedKey), Math.max(1, expiresAt * 1000 - this.now()))
    if (!kept) return null
    return generateCookie(
      SESSION_COOKIE,
      await this.seal({ v: 2, sid: parsed.sid }, expiresAt, this.sessionKey),
      attributes('/', this.cookieAge(parsed), context),
    )
  }

  private cookieAge(session: Session): number {
    return Math.min(MAX_COOKIE_SECONDS, Math.max(0, sessionExpiresAt(session) - this.nowSeconds()))
  }

  async readSession(c: Context): Promise<Session | null> {
    return this.openSession(getCookie(c, SESSION_COOKIE))
  }

  /** Set-Cookie for a new session's oc_session: HttpOnly, SameSite=Strict, Path=/, Max-Age the session's life. */
  async sessionCookie(session: Session, context: CookieContext): Promise<string> {
    return generateCookie(SESSION_COOKIE, await this.sealSession(session), attributes('/', this.cookieAge(session), context))
  }

  clearSessionCookie(context: CookieContext): string {
    return generateCookie(SESSION_COOKIE, '', attributes('/', 0, context))
  }

  /** The sign-ins in progress in this browser that have not expired. */
  async readPending(c: Context): Promise<PendingSignIn[]> {
    const state = await this.open(getCookie(c, AUTH_COOKIE), this.authKey, ZAuthState)
    const now = this.nowSeconds()
    return (state?.pending ?? []).filter((entry) => entry.expiresAt > now)
  }

  /** Set-Cookie for oc_auth holding `pending` (newest last, the oldest dropped beyond the limit), or clearing it. */
  async pendingCookie(pending: PendingSignIn[], context: CookieContext): Promise<string> {
    const kept = pending.slice(-MAX_PENDING_SIGN_INS)
    if (kept.length === 0) return generateCookie(AUTH_COOKIE, '', attributes(AUTH_COOKIE_PATH, 0, context))
    const expiresAt = Math.max(...kept.map((entry) => entry.expiresAt))
    const value = await this.seal({ pending: kept }, expiresAt, this.authKey)
    return generateCookie(AUTH_COOKIE, value, attributes(AUTH_COOKIE_PATH, expiresAt - this.nowSeconds(), context))
  }

  clearPendingCookie(context: CookieContext): string {
    return generateCookie(AUTH_COOKIE, '', attributes(AUTH_COOKIE_PATH, 0, context))
  }

  /** Encrypts `payload` with `key` (the first of several) until `expiresAt` (also for oc_mobile and the shared refresh result). */
  async seal(payload: Record<string, unknown>, expiresAt: number, key: Uint8Array | readonly Uint8Array[]): Promise<string> {
    return new EncryptJWT(payload)
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(this.nowSeconds())
      .setExpirationTime(expiresAt)
      .encrypt(key instanceof Uint8Array ? key : key[0]!)
  }

  /** A cookie that is absent, expired, tampered with or sealed with a secret not among `key`'s reads as none. */
  async open<T>(value: string | undefined, key: Uint8Array | readonly Uint8Array[], schema: z.ZodType<T>): Promise<T | null> {
    if (!value) return null
    for (const candidate of key instanceof Uint8Array ? [key] : key) {
      try {
        const { payload } = await jwtDecrypt(value, candidate, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
          currentDate: new Date(this.now()),
        })
        const parsed = schema.safeParse(payload)
        return parsed.success ? parsed.data : null
      } catch {
        // Another secret of the rotation may have sealed it.
      }
    }
    return null
  }
}

/**
 * SameSite=Strict for both cookies: oc_session is only needed by same-origin fetches of the SPA, and oc_auth
 * is set by a same-origin navigation (GET /auth/authorize) and read by a same-origin fetch (POST
 * /auth/token). The operator's redirect to /auth/callback is a cross-site navigation that carries no Strict
 * cookie, but that page is the SPA's and reads none; its fetch to /auth/token is same-site again.
 */
function attributes(path: string, maxAge: number, context: CookieContext) {
  return { path, maxAge, httpOnly: true, sameSite: 'Strict', secure: context.secure } as const
}

/** The name an ID token's claims give a person (OpenID Connect Core 5.1), bounded; none when they give none. */
export function nameOfClaims(claims: Record<string, unknown>): string | undefined {
  for (const claim of ['name', 'preferred_username', 'email']) {
    const value = claims[claim]
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200)
  }
  return undefined
}
