import { z } from 'zod/mini'

/**
 * The gateway's own sign-in endpoints (docs/decisions/0011-sign-in.md), shared by the gateway and the SPA.
 * GET /auth/config: what the SPA's UserManager needs; nothing in it is secret.
 */
export const ZAuthConfig = z.object({
  issuer: z.url(),
  clientId: z.string().check(z.minLength(1)),
  scope: z.string().check(z.minLength(1)),
})
export type AuthConfig = z.infer<typeof ZAuthConfig>

/** Prefix of the opaque handles the browser gets instead of the operator's tokens. */
export const TOKEN_HANDLE_PREFIX = 'h.'

/** POST /auth/token's answer to the browser: the ID token and handles, never a token of the operator's. */
export const ZBrowserTokenAnswer = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string().check(z.startsWith(TOKEN_HANDLE_PREFIX)),
  expires_in: z.int().check(z.positive()),
  scope: z.string(),
  id_token: z.optional(z.string()),
  refresh_token: z.optional(z.string().check(z.startsWith(TOKEN_HANDLE_PREFIX))),
})
export type BrowserTokenAnswer = z.infer<typeof ZBrowserTokenAnswer>

/** The header that proves a same-origin script made the call (CSRF), on every POST to /auth. */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'ordering-console' } as const

/**
 * GET /auth/session's answer to the SPA (docs/decisions/0011-sign-in.md): the gateway's session cookie is alive and
 * whose it is. Every tab of the browser asks it, so the cookie, not a tab's storage, says who is signed in. The answer
 * also carries how the session was opened (ZSessionInfo, contract/mobile-connect.ts). Nobody signed in is
 * ZNoBrowserSession, a 200: a probe's other answer, not an error in every signed-out visitor's console.
 */
export const ZBrowserSession = z.object({
  /** The signed-in person (the ID token's `sub`). */
  sub: z.string().check(z.minLength(1)),
  /** Epoch seconds: the session ends then at the latest (its refresh token's life, or its access token's). */
  expiresAt: z.int(),
  /** Whether the console's cloud lists are this person's company's (0018); absent when the gateway could not tell. */
  cloud: z.optional(z.boolean()),
})
export type BrowserSession = z.infer<typeof ZBrowserSession>

/** GET /auth/session when this browser has no session, or one the gateway no longer honours. */
export const ZNoBrowserSession = z.object({ signedIn: z.literal(false) })
export const NO_BROWSER_SESSION: z.infer<typeof ZNoBrowserSession> = { signedIn: false }
